// The analytics figures through HTTP, as a signed-in user: each figure asked `runs` different
// questions (seeded random date ranges, date bases, periods and filters), one request at a time,
// so every answer is computed. The first question of each figure is the widest: every shipment
// of the last three years, unfiltered.
import {
  CONSIGNEE_OPTIONS,
  DESTINATION_PORTS,
  MODE_OPTIONS,
  ORIGIN_PORTS,
  TRANSIT_TYPE_OTHER,
  TRANSIT_TYPES,
} from '@quayside/domain/constants';
import { DEMO_FORWARDERS } from '../apps/server/src/demo/demo-data.ts';
import { bearer } from './bench-server.ts';
import { type Summary, summarize } from './stats.ts';

export const ANALYTICS_PATHS = [
  'volume',
  'on-time',
  'transit-time',
  'eta-accuracy',
  'open-exceptions',
  'document-timeliness',
  'scorecard',
  // Staff's alone: a forwarder is refused it.
  'suppliers',
] as const;
export type AnalyticsRow = Summary & { figure: string };

/** The analytics target at 1,000,000 line items on PostgreSQL, any filter. */
export const ANALYTICS_TARGET_MS = 300;

/** mulberry32: the same questions on every run and engine. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const daysBefore = (date: Date, days: number) => new Date(date.getTime() - days * 86_400_000);

/** `count` questions as query strings; staff may also narrow by forwarder. */
export function analyticsQuestions(count: number, seed: number, isStaff: boolean, today = new Date()): string[] {
  const random = seeded(seed);
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)] as T;
  const sometimes = (chance: number) => random() < chance;
  const questions = [new URLSearchParams({ from: isoDay(daysBefore(today, 1097)), to: isoDay(today) }).toString()];
  while (questions.length < count) {
    const span = pick([7, 31, 92, 365, 730, 1097]);
    const end = daysBefore(today, Math.floor(random() * 200) - 60);
    const question = new URLSearchParams({
      from: isoDay(daysBefore(end, span - 1)),
      to: isoDay(end),
      dateBy: pick(['atd', 'dest_eta']),
      period: pick(['week', 'month']),
    });
    if (sometimes(0.25)) question.set('mode', pick(MODE_OPTIONS));
    if (sometimes(0.25)) question.set('transitType', pick([...TRANSIT_TYPES, TRANSIT_TYPE_OTHER]));
    if (isStaff && sometimes(0.3)) question.set('forwarder', pick(DEMO_FORWARDERS));
    if (sometimes(0.2)) question.set('originPort', pick(ORIGIN_PORTS));
    if (sometimes(0.2)) question.set('destinationPort', pick(DESTINATION_PORTS));
    if (sometimes(0.2)) question.set('consignee', pick(CONSIGNEE_OPTIONS));
    questions.push(question.toString());
  }
  return questions;
}

/** Each figure's time over the same `runs` questions (after one warm-up request). */
export async function runAnalyticsMix(
  baseURL: string,
  token: string,
  runs: number,
  isStaff: boolean,
): Promise<AnalyticsRow[]> {
  const questions = analyticsQuestions(runs, 20, isStaff);
  // The warm-up asks a question of its own, so no timed answer could come from memory.
  const warmUp = analyticsQuestions(2, 99, isStaff)[1] ?? '';
  const ask = async (path: string, question: string) => {
    const started = performance.now();
    const response = await fetch(`${baseURL}/api/Analytics/${path}?${question}`, { headers: bearer(token) });
    const body = await response.text();
    if (!response.ok) throw new Error(`${path}?${question}: ${response.status} ${body}`);
    return performance.now() - started;
  };
  const rows: AnalyticsRow[] = [];
  for (const path of ANALYTICS_PATHS.filter((figure) => isStaff || figure !== 'suppliers')) {
    await ask(path, warmUp);
    const times: number[] = [];
    for (const question of questions) times.push(await ask(path, question));
    rows.push({ figure: path, ...summarize(times) });
  }
  return rows;
}
