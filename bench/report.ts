// The Markdown report of one `npm run bench` run: where and when it ran, then a table per measure,
// with the targets beside the figures they judge.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../apps/server/src/testing/server-process.ts';
import { ANALYTICS_TARGET_MS, type AnalyticsRow } from './analytics-mix.ts';
import type { BaselineFigures, WholeResponseFigures } from './baseline.ts';
import type { Engine, UserName } from './bench-server.ts';
import type { BrowserFigures, InitialJavaScript } from './browser.ts';
import type { ExportFigures } from './export-figures.ts';
import type { GeneratedFigures } from './generated-mix.ts';
import { generatedEngineComparison, generatedSection } from './generated-report.ts';
import type { LivenessFigures } from './liveness.ts';
import { EXCEPTION_SUMMARY, type MixRow } from './query-mix.ts';
import type { ThroughputFigures } from './throughput.ts';

/** What `npm run bench` measured at one size on one engine (bench/run.ts fills it in). */
export type SizeResult = {
  engine: Engine;
  rows: number;
  loadSeconds: number;
  mix?: Record<UserName, MixRow[]>;
  generated?: Record<UserName, GeneratedFigures>;
  analytics?: Record<UserName, AnalyticsRow[]>;
  liveness?: LivenessFigures;
  throughput?: ThroughputFigures[];
  export?: ExportFigures;
  browser?: BrowserFigures;
  baseline?: BaselineFigures;
  wholeResponse?: WholeResponseFigures;
  sweep?: SweepFigures;
  error?: string;
};

type SweepRun = { seconds: number; opened: number; closed: number };
export type SweepFigures = { first: SweepRun; nextDay: SweepRun };

type ReportInput = {
  command: string;
  started: Date;
  results: SizeResult[];
  javaScript: InitialJavaScript;
  sizes: number[];
  baselineSizes: number[];
  postgresVersion: string;
};

const ENGINE_NAMES: Record<Engine, string> = { postgres: 'PostgreSQL', pglite: 'PGlite' };
const USER_NAMES: Record<UserName, string> = { admin: 'Admin', forwarder: 'Forwarder' };
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const count = (value: number) => value.toLocaleString('en');
const isCount = (row: MixRow) => row.name.endsWith(': exact count');
/**
 * The latency targets on PostgreSQL at 1,000,000: a page 50 ms, an exact count of many
 * 300 ms, the exception summary 200 ms.
 */
const targetOf = (row: MixRow) => (row.name === EXCEPTION_SUMMARY ? 200 : isCount(row) ? 300 : 50);

export function report(input: ReportInput): string {
  const lines: string[] = [];
  const push = (...more: string[]) => lines.push(...more);
  push(`## \`npm run bench\`, ${input.started.toISOString().slice(0, 16).replace('T', ' ')} UTC`, '');
  push(`Command: \`${input.command}\``, '');
  push(`Machine: ${machine(input.postgresVersion)}.`, '');
  javaScriptSection(input.javaScript, push);
  for (const engine of [...new Set(input.results.map((result) => result.engine))]) {
    const results = input.results.filter((result) => result.engine === engine && input.sizes.includes(result.rows));
    push(`### ${ENGINE_NAMES[engine]}`, '');
    push(
      `Loads (\`npm run cli -- bulk-load\`, fresh database each): ${input.results
        .filter((result) => result.engine === engine)
        .map((result) => `${count(result.rows)} in ${result.loadSeconds.toFixed(1)} s`)
        .join('; ')}.`,
      '',
    );
    latencySection(results, push);
    generatedSection(results, push);
    analyticsSection(results, push);
    livenessSection(results, push);
    sweepSection(results, push);
    throughputSection(results, push);
    exportSection(results, push);
    browserSection(results, push);
  }
  for (const failed of input.results.filter((result) => result.error)) {
    push(`**${ENGINE_NAMES[failed.engine]} at ${count(failed.rows)} failed:** \`${failed.error}\``, '');
  }
  engineComparison(input, push);
  generatedEngineComparison(input.results, push);
  baselineSection(input, push);
  return `${lines.join('\n')}\n`;
}

function machine(postgresVersion: string) {
  const cpus = os.cpus();
  const pglite = JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string };
  return [
    `${cpus.length} × ${cpus[0]?.model ?? 'CPU'}`,
    `${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    `Node ${process.version}`,
    `PostgreSQL ${postgresVersion}`,
    `PGlite ${pglite.version}`,
    'Debian Chromium (headless)',
  ].join(', ');
}

function javaScriptSection(javaScript: InitialJavaScript, push: (...lines: string[]) => void) {
  const routes = javaScript.chunks.filter((chunk) => !chunk.initial);
  push(
    `Initial JavaScript (what index.html loads before the first screen): **${javaScript.initialKb.toFixed(1)} KB gzip** (target <= 250). ` +
      `Route chunks, loaded when their screen opens: ${routes.map((chunk) => `${chunk.file} ${chunk.kb.toFixed(1)}`).join(', ')} KB gzip.`,
    '',
  );
}

function latencySection(results: SizeResult[], push: (...lines: string[]) => void) {
  const measured = results.filter((result) => result.mix);
  if (measured.length === 0) return;
  const smallest = measured[0] as SizeResult;
  const largest = measured.at(-1) as SizeResult;
  push(
    `Query mix through HTTP, one request at a time, ms (median / p95 of ${smallest.mix?.admin[0]?.runs ?? '?'} runs after a warm-up). ` +
      `"matches" is at ${count(largest.rows)}. A page whose matches pass 1,000 answers "more than 1,000" at once; ` +
      'the dashboard then asks for the exact count, timed on its own row. Target at 1,000,000 on PostgreSQL: ' +
      'p95 <= 50 ms, an exact count of many <= 300 ms; p95 at the largest size <= 3 × p95 at the smallest.',
    '',
  );
  const header = [
    'who',
    'query',
    'matches',
    ...measured.map((result) => count(result.rows)),
    `p95 ${count(largest.rows)} / ${count(smallest.rows)}`,
  ];
  push(`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`);
  for (const user of ['admin', 'forwarder'] as const) {
    for (const row of largest.mix?.[user] ?? []) {
      const cells = measured.map((result) => {
        const same = result.mix?.[user].find((other) => other.name === row.name);
        return same ? `${ms(same.median)} / ${ms(same.p95)}` : 'n/a';
      });
      const first = smallest.mix?.[user].find((other) => other.name === row.name);
      const ratio = first ? (row.p95 / first.p95).toFixed(1) : 'n/a';
      const judged = largest.engine === 'postgres' && largest.rows >= 1_000_000;
      const missed = judged && row.p95 > targetOf(row) ? ' ✗' : '';
      const matches = row.matches > 1000 && !isCount(row) ? '> 1,000' : count(row.matches);
      push(
        `| ${USER_NAMES[user]} | ${row.name} | ${matches} | ${cells.join(' | ')}${missed} | ${ratio}${Number(ratio) > 3 ? ' ✗' : ''} |`,
      );
    }
  }
  push('');
}

function analyticsSection(results: SizeResult[], push: (...lines: string[]) => void) {
  const measured = results.filter((result) => result.analytics);
  if (measured.length === 0) return;
  const largest = measured.at(-1) as SizeResult;
  push(
    `Analytics through HTTP, ms (median / p95 / max over ${largest.analytics?.admin[0]?.runs ?? '?'} different ` +
      'questions each: seeded random ranges of 7 days to 3 years by ATD or Dest. ETA, periods and filters; the first ' +
      `is every shipment of the last 3 years). Target at 1,000,000 on PostgreSQL: p95 <= ${ANALYTICS_TARGET_MS} ms.`,
    '',
  );
  const header = ['who', 'figure', ...measured.map((result) => count(result.rows))];
  push(`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`);
  for (const user of ['admin', 'forwarder'] as const) {
    for (const row of largest.analytics?.[user] ?? []) {
      const cells = measured.map((result) => {
        const same = result.analytics?.[user].find((other) => other.figure === row.figure);
        return same ? `${ms(same.median)} / ${ms(same.p95)} / ${ms(same.max)}` : 'n/a';
      });
      const judged = largest.engine === 'postgres' && largest.rows >= 1_000_000;
      const missed = judged && row.p95 > ANALYTICS_TARGET_MS ? ' ✗' : '';
      push(`| ${USER_NAMES[user]} | ${row.figure} | ${cells.join(' | ')}${missed} |`);
    }
  }
  push('');
}

function sweepSection(results: SizeResult[], push: (...lines: string[]) => void) {
  const measured = results.filter((result) => result.sweep);
  if (measured.length === 0) return;
  push(
    'The daily exception sweep (target on PostgreSQL at 1,000,000: <= 60 s): its first run takes stock of every',
    "shipment's exceptions; the next day's compares with it and records what is new.",
    '',
    '| engine | line items | first run s | exceptions found | next day s | opened | closed |',
    '|---|---|---|---|---|---|---|',
  );
  for (const result of measured) {
    const sweep = result.sweep as SweepFigures;
    const missed = result.engine === 'postgres' && result.rows >= 1_000_000 && sweep.nextDay.seconds > 60 ? ' ✗' : '';
    push(
      `| ${ENGINE_NAMES[result.engine]} | ${count(result.rows)} | ${sweep.first.seconds.toFixed(1)} | ${count(sweep.first.opened)} | ${sweep.nextDay.seconds.toFixed(1)}${missed} | ${count(sweep.nextDay.opened)} | ${count(sweep.nextDay.closed)} |`,
    );
  }
  push('');
}

function livenessSection(results: SizeResult[], push: (...lines: string[]) => void) {
  const measured = results.filter((result) => result.liveness);
  if (measured.length === 0) return;
  push(
    `/livez asked every 10 ms throughout the query mix (target on PGlite: never more than 100 ms): ${measured
      .map(
        (result) =>
          `${count(result.rows)}: ${result.liveness?.probes} probes, p99 ${ms(result.liveness?.p99 ?? 0)} ms, slowest ${ms(result.liveness?.max ?? 0)} ms`,
      )
      .join('; ')}.`,
    '',
  );
}

function throughputSection(results: SizeResult[], push: (...lines: string[]) => void) {
  const measured = results.filter((result) => result.throughput);
  if (measured.length === 0) return;
  push(
    'Throughput, autocannon, 50 connections for 20 s, signed in as the Admin (target on PostgreSQL at 1,000,000: >= 1,000 requests/s for the default page, no errors):',
    '',
    '| line items | page | requests/s | p50 ms | p99 ms | errors | non-2xx |',
    '|---|---|---|---|---|---|---|',
  );
  for (const result of measured) {
    for (const figure of result.throughput ?? []) {
      push(
        `| ${count(result.rows)} | ${figure.name} | ${count(Math.round(figure.requestsPerSecond))} | ${figure.p50} | ${figure.p99} | ${figure.errors} | ${figure.non2xx} |`,
      );
    }
  }
  push('');
}

function exportSection(results: SizeResult[], push: (...lines: string[]) => void) {
  const measured = results.filter((result) => result.export);
  if (measured.length === 0) return;
  push(
    'Full CSV export as the Admin (target at 1,000,000: >= 50,000 rows/s, the server grows < 100 MB):',
    '',
    '| line items | rows | MB | seconds | rows/s | server RSS growth MB |',
    '|---|---|---|---|---|---|',
  );
  for (const result of measured) {
    const figure = result.export as NonNullable<SizeResult['export']>;
    push(
      `| ${count(result.rows)} | ${count(figure.rows)} | ${(figure.bytes / 2 ** 20).toFixed(1)} | ${figure.seconds.toFixed(1)} | ${count(Math.round(figure.rowsPerSecond))} | ${figure.rssGrowthMB.toFixed(0)} |`,
    );
  }
  push('');
}

function browserSection(results: SizeResult[], push: (...lines: string[]) => void) {
  const measured = results.filter((result) => result.browser);
  if (measured.length === 0) return;
  push(
    'The dashboard in Chromium, signed in as the Admin, ms (median / p95; each run a fresh context with an empty cache; target: first rows <= 1,000 at 1,000,000):',
    '',
    "| line items | navigation to first rows | navigation to the app's grid rows | filter applied (Transit Type equals AIR) | rare search typed to rows | common search typed to rows | line item opened from the grid |",
    '|---|---|---|---|---|---|---|',
  );
  for (const result of measured) {
    const figures = result.browser as BrowserFigures;
    const cell = (measure: { median: number; p95: number }) => `${ms(measure.median)} / ${ms(measure.p95)}`;
    push(
      `| ${count(result.rows)} | ${cell(figures.firstRows)} | ${cell(figures.appRows)} | ${cell(figures.filter)} | ${cell(figures.rareSearch)} | ${cell(figures.commonSearch)} | ${cell(figures.openLineItem)} |`,
    );
  }
  push('');
}

function engineComparison(input: ReportInput, push: (...lines: string[]) => void) {
  const largest = Math.max(...input.sizes);
  const at = (engine: Engine) =>
    input.results.find(
      (result) => result.engine === engine && result.rows === largest && (result.mix || result.analytics),
    );
  const postgres = at('postgres');
  const pglite = at('pglite');
  if (!postgres || !pglite) return;
  push(`### PGlite against PostgreSQL at ${count(largest)} (p95 ratio; target <= 3)`, '');
  push('| who | query | PostgreSQL p95 | PGlite p95 | ratio |', '|---|---|---|---|---|');
  for (const user of ['admin', 'forwarder'] as const) {
    for (const row of postgres.mix?.[user] ?? []) {
      const other = pglite.mix?.[user].find((candidate) => candidate.name === row.name);
      if (!other) continue;
      const ratio = other.p95 / row.p95;
      push(
        `| ${USER_NAMES[user]} | ${row.name} | ${ms(row.p95)} | ${ms(other.p95)} | ${ratio.toFixed(1)}${ratio > 3 ? ' ✗' : ''} |`,
      );
    }
    for (const row of postgres.analytics?.[user] ?? []) {
      const other = pglite.analytics?.[user].find((candidate) => candidate.figure === row.figure);
      if (!other) continue;
      const ratio = other.p95 / row.p95;
      push(
        `| ${USER_NAMES[user]} | analytics: ${row.figure} | ${ms(row.p95)} | ${ms(other.p95)} | ${ratio.toFixed(1)}${ratio > 3 ? ' ✗' : ''} |`,
      );
    }
  }
  push('');
}

function baselineSection(input: ReportInput, push: (...lines: string[]) => void) {
  const baselines = input.results.filter((result) => result.baseline);
  const whole = input.results.find((result) => result.wholeResponse);
  if (baselines.length === 0 && !whole) return;
  push(
    '### The download-everything design, beside ours',
    '',
    'Baseline: one request answers every line item as JSON (read from the database on each request), the browser parses it, ' +
      'applies the default view with the reference function and paints the first 50 rows. Chromium, fresh context each run, ms (median / p95).',
    '',
    '| engine | line items | JSON MB | navigation to first rows | server (read + stringify) | download | parse | filter + sort | paint | JS heap MB | renderer MB |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const result of baselines) {
    const figure = result.baseline as NonNullable<SizeResult['baseline']>;
    const cell = (measure: { median: number; p95: number }) => `${ms(measure.median)} / ${ms(measure.p95)}`;
    push(
      `| ${ENGINE_NAMES[result.engine]} | ${count(result.rows)} | ${(figure.bytes / 2 ** 20).toFixed(0)} | ${cell(figure.firstRows)} | ${ms(figure.serverMs.median)} | ${ms(figure.downloadMs.median)} | ${ms(figure.parseMs.median)} | ${ms(figure.queryMs.median)} | ${ms(figure.paintMs.median)} | ${figure.heapMB.median.toFixed(0)} | ${figure.rendererMB ? figure.rendererMB.median.toFixed(0) : 'n/a'} |`,
    );
  }
  push('');
  for (const engine of [...new Set(baselines.map((result) => result.engine))]) {
    const ours = input.results.filter((result) => result.engine === engine && result.browser).at(-1);
    const theirs = baselines.filter((result) => result.engine === engine).at(-1);
    if (!ours?.browser || !theirs?.baseline) continue;
    const ratio = theirs.baseline.firstRows.median / ours.browser.firstRows.median;
    push(
      `${ENGINE_NAMES[engine]}: first rows, ours at ${count(ours.rows)} ${ms(ours.browser.firstRows.median)} ms against the baseline at ${count(theirs.rows)} ` +
        `${ms(theirs.baseline.firstRows.median)} ms: **${ratio.toFixed(0)}× faster** (target >= 50×), medians of the same run.`,
      '',
    );
  }
  if (whole?.wholeResponse) {
    const figure = whole.wholeResponse;
    push(
      `At ${count(figure.rows)} line items the baseline cannot answer at all: their JSON would be ${count(figure.jsonChars)} characters ` +
        `(${(figure.jsonBytes / 2 ** 20).toFixed(0)} MB) against V8's longest string of ${count(figure.maxStringLength)}; ` +
        `JSON.stringify ${figure.built ? 'succeeded (unexpectedly)' : `threw \`${figure.error}\` after ${figure.stringifySeconds.toFixed(1)} s`} ` +
        `(reading them took ${figure.readSeconds.toFixed(1)} s and ${figure.heapUsedMB.toFixed(0)} MB of heap).`,
      '',
    );
  }
}
