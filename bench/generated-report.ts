// The generated mix's part of the report: the distribution of each kind of answer at
// each size, the ten slowest questions, how each question's time grows with the table, and PGlite
// against PostgreSQL question by question.
import type { Engine, UserName } from './bench-server.ts';
import {
  distribution,
  estimateErrors,
  GENERATED_SEED,
  type GeneratedFigures,
  type Timed,
  timesOf,
  worst,
} from './generated-mix.ts';

type Result = { engine: Engine; rows: number; generated?: Record<UserName, GeneratedFigures> };
type Push = (...lines: string[]) => void;

const USERS: Record<UserName, string> = { admin: 'Admin', forwarder: 'Forwarder' };
const KINDS = [
  { key: 'pages', name: 'page, never asked before', target: 50 },
  { key: 'counts', name: 'exact count, never asked before', target: 150 },
  { key: 'remembered', name: 'page asked again (remembered)', target: 50 },
] as const;
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const count = (value: number) => value.toLocaleString('en');
const isJudged = (result: Result) => result.engine === 'postgres' && result.rows >= 1_000_000;

export function generatedSection(results: Result[], push: Push) {
  const measured = results.filter((result) => result.generated);
  if (measured.length === 0) return;
  const largest = measured.at(-1) as Result;
  const questions = largest.generated?.admin.questions ?? 0;
  push(
    `Generated questions (\`bench/generated-mix.ts\`, seed ${GENERATED_SEED}): ${questions} for each user, the same at every size — ` +
      'one to five filters of any column and operator (AND or OR), a search, the DR report, exception filters, ' +
      'a sort of up to two columns, pages up to 200 of 25 to 500 rows. Each is asked once with a URL the server ' +
      'has never seen, its exact count likewise when it has criteria, then the page again. ' +
      'ms, p50 / p95 / p99 / max. Targets at 1,000,000 on PostgreSQL: a page p95 <= 50 ms, an exact count p95 <= 150 ms.',
    '',
  );
  const header = ['who', 'answer', ...measured.map((result) => count(result.rows))];
  push(`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`);
  for (const user of ['admin', 'forwarder'] as const) {
    for (const kind of KINDS) {
      const cells = measured.map((result) => {
        const figures = distribution(timesOf(result.generated?.[user][kind.key] ?? []));
        const missed = isJudged(result) && kind.key !== 'remembered' && figures.p95 > kind.target ? ' ✗' : '';
        return `${ms(figures.p50)} / ${ms(figures.p95)}${missed} / ${ms(figures.p99)} / ${ms(figures.max)}`;
      });
      push(`| ${USERS[user]} | ${kind.name} | ${cells.join(' | ')} |`);
    }
    const estimates = measured.map((result) => {
      const { asked, given, errors } = estimateErrors(result.generated?.[user].estimates ?? []);
      return `${given} of ${asked}; off by ${errors.p50.toFixed(2)} / ${errors.p95.toFixed(2)} / ${errors.max.toFixed(2)}`;
    });
    push(
      `| ${USERS[user]} | pages past 1,000 matches with an estimate; its relative error p50 / p95 / max | ${estimates.join(' | ')} |`,
    );
  }
  push('');
  for (const key of ['pages', 'counts'] as const) {
    push(
      `The ten slowest ${key === 'pages' ? 'pages' : 'exact counts'} at ${count(largest.rows)}, with the same question at each size (ms):`,
      '',
    );
    const sizeHeader = measured.map((result) => count(result.rows));
    push(
      `| who | question | matches | ${sizeHeader.join(' | ')} |`,
      `|---|---|---|${sizeHeader.map(() => '---').join('|')}|`,
    );
    for (const user of ['admin', 'forwarder'] as const) {
      for (const slow of worst(largest.generated?.[user][key] ?? [])) {
        const cells = measured.map((result) => {
          const same = result.generated?.[user][key].find((other) => other.path === slow.path);
          return same ? ms(same.ms) : 'n/a';
        });
        const matches = key === 'pages' && slow.matches > 1000 ? '> 1,000' : count(slow.matches);
        push(`| ${USERS[user]} | ${slow.words.replaceAll('|', '\\|')} | ${matches} | ${cells.join(' | ')} |`);
      }
    }
    push('');
  }
  scaling(measured, push);
}

/** Each question's time at the largest size over its time at the smallest (target <= 2). */
function scaling(measured: Result[], push: Push) {
  const smallest = measured[0] as Result;
  const largest = measured.at(-1) as Result;
  if (smallest === largest) return;
  push(
    `Scaling, question by question: time at ${count(largest.rows)} / time at ${count(smallest.rows)} (target <= 2). ` +
      'Questions under 5 ms at the largest size are left out of "slow" (their ratio is noise).',
    '',
    '| who | answer | ratio p50 | ratio p95 | questions <= 2× | slow questions <= 2× |',
    '|---|---|---|---|---|---|',
  );
  for (const user of ['admin', 'forwarder'] as const) {
    for (const key of ['pages', 'counts'] as const) {
      const pairs = paired(smallest.generated?.[user][key] ?? [], largest.generated?.[user][key] ?? []);
      const ratios = pairs.map(([small, large]) => large.ms / Math.max(small.ms, 0.1));
      const slow = pairs.filter(([, large]) => large.ms >= 5);
      const within = (list: [Timed, Timed][]) =>
        `${list.filter(([small, large]) => large.ms <= 2 * small.ms).length} of ${list.length}`;
      const figures = distribution(ratios);
      push(
        `| ${USERS[user]} | ${key} | ${figures.p50.toFixed(1)} | ${figures.p95.toFixed(1)} | ${within(pairs)} | ${within(slow)} |`,
      );
    }
  }
  push('');
}

const paired = (small: readonly Timed[], large: readonly Timed[]): [Timed, Timed][] =>
  large.flatMap((timing) => {
    const same = small.find((other) => other.path === timing.path);
    return same ? [[same, timing] as [Timed, Timed]] : [];
  });

/** PGlite's time over PostgreSQL's for each question at each size both measured (target <= 3). */
export function generatedEngineComparison(results: Result[], push: Push) {
  const sizes = [...new Set(results.filter((result) => result.generated).map((result) => result.rows))];
  const rows: string[] = [];
  for (const size of sizes) {
    const postgres = results.find((result) => result.engine === 'postgres' && result.rows === size)?.generated;
    const pglite = results.find((result) => result.engine === 'pglite' && result.rows === size)?.generated;
    if (!postgres || !pglite) continue;
    for (const user of ['admin', 'forwarder'] as const) {
      for (const key of ['pages', 'counts'] as const) {
        const pairs = paired(postgres[user][key], pglite[user][key]);
        const ratios = pairs.map(([pg, lite]) => lite.ms / Math.max(pg.ms, 0.1));
        const figures = distribution(ratios);
        const within = pairs.filter(([pg, lite]) => lite.ms <= 3 * pg.ms).length;
        rows.push(
          `| ${count(size)} | ${USERS[user]} | ${key} | ${figures.p50.toFixed(1)} | ${figures.p95.toFixed(1)} | ${within} of ${pairs.length} |`,
        );
      }
    }
  }
  if (rows.length === 0) return;
  push(
    '### Generated questions: PGlite against PostgreSQL, question by question (target <= 3)',
    '',
    '| line items | who | answer | ratio p50 | ratio p95 | questions <= 3× |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
  );
}
