// Runs bench/browser.ts alone against a running server (load its database and add a user first),
// with what Performance III asks beside it, in one run, and prints Markdown:
//   BASE_URL=http://127.0.0.1:3000 EMAIL=... PASSWORD=... node --import tsx bench/browser-cli.ts [--runs 5]
//     [--rare PO-0123456] [--common sea]
//     [--baseline-data-dir DIR | --baseline-database-url URL] [--baseline-runs N]
//     [--lighthouse] [--lighthouse-runs 1]
// --baseline-*: the download-everything baseline (baseline.ts) on the server's own data, after the
// browser measures: its PGlite DATA_DIR (joined through the server's socket) or its PostgreSQL
// (also BASELINE_DATA_DIR / BASELINE_DATABASE_URL), and the ratio of its first rows to ours.
// --lighthouse: Lighthouse 12 mobile on five screens (lighthouse.ts; fetched by npx, minutes).
// Signs in once for everything (sign-ins are rate-limited). Chromium: /usr/bin/chromium, or CHROMIUM_PATH.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { type BaselineFigures, type BaselineSource, measureBaselineOf } from './baseline.ts';
import { type BrowserFigures, measureDashboard, signIn } from './browser.ts';
import { type LighthouseFigures, lighthousePages, measureLighthouse } from './lighthouse.ts';
import type { Summary } from './stats.ts';

/** Performance III's targets, in ms unless said. */
const TARGETS = {
  firstRowsMs: 400,
  interactionMs: 250,
  openLineItemMs: 150,
  baselineRatio: 5,
  lighthouseScore: 90,
  lighthouseTbtMs: 200,
};

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    rare: { type: 'string', default: 'PO-0123456' },
    common: { type: 'string', default: 'sea' },
    'baseline-data-dir': { type: 'string', default: process.env.BASELINE_DATA_DIR },
    'baseline-database-url': { type: 'string', default: process.env.BASELINE_DATABASE_URL },
    'baseline-runs': { type: 'string' },
    lighthouse: { type: 'boolean', default: false },
    'lighthouse-runs': { type: 'string', default: '1' },
  },
});
const baseURL = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const runs = Number(values.runs);
const baselineSource = baselineSourceOf(values['baseline-database-url'], values['baseline-data-dir']);

const storageState = await signIn({ baseURL, email: process.env.EMAIL ?? '', password: process.env.PASSWORD ?? '' });
const figures = await measureDashboard({
  baseURL,
  email: process.env.EMAIL ?? '',
  password: process.env.PASSWORD ?? '',
  runs,
  rareSearch: values.rare,
  commonSearch: values.common,
  storageState,
});
// After the browser measures, so the two never share the machine (nor PGlite's one connection).
const baseline = baselineSource
  ? await measureBaselineOf(baselineSource, { runs: Number(values['baseline-runs'] ?? runs) })
  : null;
console.log(
  `${baseURL}, ${os.cpus().length} cores, ${new Date().toISOString()}, each measure warmed once, then ${runs} runs (ms; ✗ misses its target)\n`,
);
console.log(browserTable(figures, baseline));
if (values.lighthouse) {
  const lighthouseRuns = Number(values['lighthouse-runs']);
  const pages = await lighthousePages(baseURL, storageState);
  console.log(
    `\nLighthouse 12, mobile defaults, performance only, ${lighthouseRuns} run(s) a page (the medians; ✗ misses its target)\n`,
  );
  console.log(lighthouseTable(await measureLighthouse({ baseURL, storageState, pages, runs: lighthouseRuns })));
}

function baselineSourceOf(databaseUrl: string | undefined, dataDir: string | undefined): BaselineSource | null {
  if (databaseUrl && dataDir) throw new Error('--baseline-database-url or --baseline-data-dir, not both');
  if (databaseUrl) return { databaseUrl };
  return dataDir ? { dataDir } : null;
}

/** A figure, with ✗ when it misses its target. */
function judged(value: string, meets: boolean): string {
  return meets ? value : `${value} ✗`;
}

/** A measure's row: median (judged against `atMost`, when it has a target), p95, max, the target. */
function measureRow(name: string, summary: Summary, atMost?: number) {
  const median = summary.median.toFixed(0);
  const target = atMost === undefined ? '' : `median ≤ ${atMost}`;
  const judgedMedian = atMost === undefined ? median : judged(median, summary.median <= atMost);
  return `| ${name} | ${judgedMedian} | ${summary.p95.toFixed(0)} | ${summary.max.toFixed(0)} | ${target} |`;
}

function browserTable(figures: BrowserFigures, baseline: BaselineFigures | null): string {
  const rows = [
    '| measure | median | p95 | max | target |',
    '|---|---|---|---|---|',
    measureRow(
      'first rows: navigation to the 11th row painted, in the first-paint table or the app grid',
      figures.firstRows,
      TARGETS.firstRowsMs,
    ),
    measureRow("app's rows: navigation to the app's grid showing its 11th row, painted", figures.appRows),
    measureRow(
      'apply a filter (Transit Type equals AIR), from the Apply click to its rows painted',
      figures.filter,
      TARGETS.interactionMs,
    ),
    measureRow(`type a rare search (${values.rare}) to its rows painted`, figures.rareSearch, TARGETS.interactionMs),
    measureRow(
      `type a common search (${values.common}) to its rows painted`,
      figures.commonSearch,
      TARGETS.interactionMs,
    ),
    measureRow(
      "open a line item: click on the grid's first PO # to the whole line item painted",
      figures.openLineItem,
      TARGETS.openLineItemMs,
    ),
  ];
  if (baseline) rows.push(...baselineRows(figures, baseline));
  return rows.join('\n');
}

function baselineRows(figures: BrowserFigures, baseline: BaselineFigures): string[] {
  const ratio = baseline.firstRows.median / figures.firstRows.median;
  const megabytes = (baseline.bytes / 2 ** 20).toFixed(1);
  return [
    measureRow(
      `baseline (download everything: ${baseline.rows} line items, ${megabytes} MB of JSON): navigation to its first 50 rows painted`,
      baseline.firstRows,
    ),
    `| baseline median / first rows median | ${judged(`${ratio.toFixed(1)}×`, ratio >= TARGETS.baselineRatio)} | | | ≥ ${TARGETS.baselineRatio}× |`,
  ];
}

function lighthouseTable(pages: LighthouseFigures[]): string {
  const rows = pages.map((page) => {
    const score = judged(page.score.toFixed(0), page.score >= TARGETS.lighthouseScore);
    const tbt = judged(page.tbtMs.toFixed(0), page.tbtMs <= TARGETS.lighthouseTbtMs);
    return `| ${page.name} | \`${page.path}\` | ${score} | ${tbt} | ${page.lcpMs.toFixed(0)} | ${page.cls.toFixed(3)} |`;
  });
  return [
    `| page | address | performance (≥ ${TARGETS.lighthouseScore}) | TBT ms (≤ ${TARGETS.lighthouseTbtMs}) | LCP ms | CLS |`,
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
