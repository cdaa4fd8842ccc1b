// Questions a user builds, not a fixed list. A seeded generator draws filters (any column
// × any of its operators, one to five, AND or OR), a sort of up to two columns, a page up to 200 of any page
// size, a search, a report and the exception filters, with values taken from line items that exist
// at every size (the first shipments of the bulk load). Each question is asked once with a URL the
// server has never seen (so nothing comes from memory), its exact count likewise, and then the same
// page again (what a remembered answer costs). Same seed, same questions at every size and engine.
import { SHIPMENT_EXCEPTION_KINDS } from '@quayside/domain/exceptions';
import {
  COLUMN_KEYS,
  type ColumnKey,
  LINE_ITEM_COLUMNS,
  needsValue,
  operatorsFor,
} from '@quayside/domain/line-item-columns';
import { shiftDay } from '@quayside/domain/line-item-query';
import type { LineItem, LineItemsResponse } from '@quayside/domain/line-items';
import { bearer } from './bench-server.ts';
import { percentile } from './stats.ts';

type Filter = { column: ColumnKey; operator: string; value: string };
type Sort = { key: ColumnKey; direction: 'asc' | 'desc' };

export type Question = {
  /** `/api/LineItems?...` */
  path: string;
  /** The question in words, for the worst-ten table. */
  words: string;
  /** Whether it has a search, filter or exception: then the dashboard also asks for the exact count. */
  counted: boolean;
};

/** mulberry32: a small seeded generator, so every run and size asks the same questions. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
  const integer = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[integer(0, items.length - 1)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };
  return { next, integer, pick, chance: (probability: number) => next() < probability };
}
type Random = ReturnType<typeof random>;

/** The seed of every recorded run: the same questions in bench/RESULTS.md's tables. */
export const GENERATED_SEED = 23;
/** The page sizes people choose (domain's PAGE_SIZES), 50 (the default) the most. */
const PAGE_SIZE_DRAWS = [25, 50, 50, 50, 100, 200, 500] as const;

/** A cell as the dashboard shows it (dates YYYY-MM-DD, part numbers joined), for drawing values. */
function cellText(row: LineItem, column: ColumnKey): string {
  const value = (row as Record<string, unknown>)[column];
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  if (LINE_ITEM_COLUMNS[column].kind === 'date') return String(value).slice(0, 10);
  return String(value);
}

/** A piece of a cell: a substring for contains, a prefix or suffix, the whole cell, sometimes re-cased. */
function valueFor(rng: Random, rows: readonly LineItem[], column: ColumnKey, operator: string): string {
  const cells = rows.map((row) => cellText(row, column)).filter((cell) => cell !== '');
  const cell = cells.length > 0 ? rng.pick(cells) : 'x';
  const kind = LINE_ITEM_COLUMNS[column].kind;
  const length = Math.min(cell.length, rng.integer(2, 6));
  const recased = (text: string) => (rng.chance(0.3) ? text.toLowerCase() : text);
  switch (operator) {
    case 'contains': {
      const start = rng.integer(0, cell.length - length);
      return recased(cell.slice(start, start + length));
    }
    case 'startsWith':
      return recased(cell.slice(0, rng.integer(1, Math.min(cell.length, 7))));
    case 'endsWith':
      return recased(cell.slice(-rng.integer(1, Math.min(cell.length, 6))));
    case 'greaterThan':
    case 'lessThan':
      if (kind === 'number') return String(Number(cell) + rng.integer(-50, 50));
      return cell;
    case 'inNextDays':
    case 'inLastDays':
      return String(rng.integer(0, 30));
    case 'changedInLastHours':
      return String(rng.integer(1, 168));
    case 'changedInLastDays':
      return String(rng.integer(1, 30));
    case 'between': {
      const from = kind === 'date' && cell !== 'x' ? cell : '2026-01-01';
      return `${from}/${shiftDay(from, rng.integer(0, 60))}`;
    }
    default:
      return kind === 'text' ? recased(cell) : cell;
  }
}

function question(rng: Random, rows: readonly LineItem[]): Question {
  const search = new URLSearchParams();
  const words: string[] = [];
  const filters: Filter[] = [];
  if (rng.chance(0.75)) {
    const count = rng.pick([1, 1, 1, 2, 2, 3, 4, 5]);
    for (let index = 0; index < count; index++) {
      const column = rng.pick(COLUMN_KEYS);
      // Each column's own operators: a date column's relative ones too.
      const operator = rng.pick(operatorsFor(LINE_ITEM_COLUMNS[column].kind));
      const value = needsValue(operator) ? valueFor(rng, rows, column, operator) : '';
      filters.push({ column, operator, value });
    }
    const logic = rng.chance(0.5) ? 'AND' : 'OR';
    search.set('filters', JSON.stringify(filters));
    if (filters.length > 1) search.set('logic', logic);
    words.push(
      filters
        .map((filter) => `${filter.column} ${filter.operator}${filter.value ? ` '${filter.value}'` : ''}`)
        .join(` ${logic} `),
    );
  }
  if (rng.chance(0.2)) {
    const column = rng.pick(COLUMN_KEYS);
    const text = valueFor(rng, rows, column, rng.chance(0.5) ? 'contains' : 'equals');
    search.set('q', text);
    words.push(`search '${text}'`);
  }
  if (rng.chance(0.1)) {
    const kinds = [
      ...new Set([
        rng.pick(SHIPMENT_EXCEPTION_KINDS),
        ...(rng.chance(0.3) ? [rng.pick(SHIPMENT_EXCEPTION_KINDS)] : []),
      ]),
    ];
    search.set('exception', kinds.join(','));
    words.push(`exception ${kinds.join(',')}`);
  }
  if (rng.chance(0.1)) {
    search.set('report', 'dr');
    words.push('DR report');
  }
  const sortCount = rng.pick([0, 0, 1, 1, 2]);
  const sort: Sort[] = [];
  while (sort.length < sortCount) {
    const key = rng.pick(COLUMN_KEYS);
    if (!sort.some((rule) => rule.key === key)) sort.push({ key, direction: rng.chance(0.5) ? 'asc' : 'desc' });
  }
  if (sort.length > 0) {
    search.set('sort', JSON.stringify(sort));
    words.push(`sorted by ${sort.map((rule) => `${rule.key} ${rule.direction}`).join(', ')}`);
  }
  const pageSize = rng.pick(PAGE_SIZE_DRAWS);
  // Most people stay near the top; some page on, a few far.
  const page = rng.chance(0.6) ? 1 : rng.chance(0.6) ? rng.integer(2, 10) : rng.integer(11, 200);
  search.set('pageSize', String(pageSize));
  if (page > 1) search.set('page', String(page));
  words.push(`page ${page} of ${pageSize}`);
  const counted = search.has('filters') || search.has('q') || search.has('exception');
  return { path: `/api/LineItems?${search}`, words: words.join('; '), counted };
}

export function generateQuestions(seed: number, count: number, rows: readonly LineItem[]): Question[] {
  const rng = random(seed);
  return Array.from({ length: count }, () => question(rng, rows));
}

/**
 * The line items of the bulk load's shipments BLK1-0000100 to BLK1-0000199: the load is seeded, so
 * these exist with the same cells at every size (their dates relative to the day it ran).
 */
export async function sampleRows(baseURL: string, token: string): Promise<LineItem[]> {
  const filters = JSON.stringify([{ column: 'related_shipment', operator: 'startsWith', value: 'BLK1-00001' }]);
  const response = await fetch(`${baseURL}/api/LineItems?pageSize=500&filters=${encodeURIComponent(filters)}`, {
    headers: bearer(token),
  });
  if (!response.ok) throw new Error(`sample rows: ${response.status}`);
  const rows = ((await response.json()) as LineItemsResponse).lineItems;
  if (rows.length === 0) throw new Error('the database holds none of the bulk load shipments BLK1-00001..');
  return rows;
}

export type Timed = { words: string; path: string; ms: number; matches: number };
export type GeneratedFigures = {
  questions: number;
  /** Each page asked once, never seen before. */
  pages: Timed[];
  /** The exact count of each question with criteria, never seen before. */
  counts: Timed[];
  /** Each page asked a second time, right after: the remembered answer. */
  remembered: Timed[];
  /** Each page that said "more than 1,000": its sample's estimate (when it gave one) against the exact count. */
  estimates: Estimated[];
};
export type Estimated = { words: string; estimate: number | undefined; exact: number };

async function ask(baseURL: string, token: string, path: string) {
  const started = performance.now();
  const response = await fetch(baseURL + path, { headers: bearer(token) });
  const body = (await response.json()) as { total?: number; totalExact?: boolean; totalEstimate?: number };
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  return { ms, matches: body.total ?? 0, isExact: body.totalExact !== false, estimate: body.totalEstimate };
}

/** Asks each question in turn, one request at a time; `run` makes the URLs new in this run. */
export async function runGeneratedMix(
  baseURL: string,
  token: string,
  questions: readonly Question[],
  run = Date.now(),
): Promise<GeneratedFigures> {
  const figures: GeneratedFigures = {
    questions: questions.length,
    pages: [],
    counts: [],
    remembered: [],
    estimates: [],
  };
  // Warm the connection and the session's remembered check, so the first question is not the slowest for that.
  await ask(baseURL, token, `/api/LineItems?warm=${run}`);
  for (const [index, { path, words, counted }] of questions.entries()) {
    const fresh = `${path}&unique=${run}-${index}`;
    const page = await ask(baseURL, token, fresh);
    figures.pages.push({ words, path, ms: page.ms, matches: page.matches });
    const remembered = await ask(baseURL, token, fresh);
    figures.remembered.push({ words, path, ms: remembered.ms, matches: remembered.matches });
    if (counted) {
      const count = await ask(baseURL, token, fresh.replace('/api/LineItems?', '/api/LineItems/count?'));
      figures.counts.push({ words, path, ms: count.ms, matches: count.matches });
      if (!page.isExact) figures.estimates.push({ words, estimate: page.estimate, exact: count.matches });
    }
  }
  return figures;
}

/** p50, p90, p95, p99 and the maximum of the values (times in ms, or ratios). */
export function distribution(values: readonly number[]) {
  const list = [...values];
  return {
    n: list.length,
    p50: percentile(list, 50),
    p90: percentile(list, 90),
    p95: percentile(list, 95),
    p99: percentile(list, 99),
    max: list.length > 0 ? Math.max(...list) : 0,
  };
}

export const timesOf = (timings: readonly Timed[]) => timings.map((timing) => timing.ms);

/** How far an estimate was from the exact count, |estimate - exact| / exact (0 when there was none). */
export const missOf = (row: Estimated) => Math.abs((row.estimate ?? row.exact) - row.exact) / row.exact;

/** How far the estimates given were from the exact counts, and how many pages gave one. */
export function estimateErrors(estimates: readonly Estimated[]) {
  const given = estimates.filter((row) => row.estimate !== undefined);
  return { asked: estimates.length, given: given.length, errors: distribution(given.map(missOf)) };
}

export const worst = (timings: readonly Timed[], count = 10) =>
  [...timings].sort((a, b) => b.ms - a.ms).slice(0, count);
