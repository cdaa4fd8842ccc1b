// Runs bench/baseline.ts alone against an already-loaded database (PostgreSQL with DATABASE_URL,
// else PGlite in DATA_DIR), and prints Markdown.
//   DATABASE_URL=... node --import tsx bench/baseline-cli.ts [--rows N] [--runs 5]   the browser baseline
//   DATABASE_URL=... node --import tsx bench/baseline-cli.ts --attempt               the whole response, really built
// --rows: how many line items the database holds (default: counted).
import os from 'node:os';
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/server/src/config.ts';
import { openMigratedDatabase } from '../apps/server/src/db/open-from-config.ts';
import { attemptBaselineResponse, countLineItems, measureBaseline } from './baseline.ts';
import type { Summary } from './stats.ts';

const { values } = parseArgs({
  options: { rows: { type: 'string' }, runs: { type: 'string', default: '5' }, attempt: { type: 'boolean' } },
});
const database = await openMigratedDatabase(loadConfig());
try {
  const rows = values.rows === undefined ? await countLineItems(database.db) : Number(values.rows);
  const runs = Number(values.runs);
  console.log(
    `Engine ${database.engine}, ${rows} line items, ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString()}\n`,
  );
  if (values.attempt) {
    const figures = await attemptBaselineResponse({ db: database.db });
    console.log(
      '| rows | JSON characters | JSON bytes (UTF-8) | V8 string limit | built | error | read s | stringify s | heap MB |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    console.log(
      `| ${figures.rows} | ${figures.jsonChars} | ${figures.jsonBytes} | ${figures.maxStringLength} | ${figures.built} | ${figures.error ?? ''} | ` +
        `${figures.readSeconds.toFixed(1)} | ${figures.stringifySeconds.toFixed(1)} | ${figures.heapUsedMB.toFixed(0)} |`,
    );
  } else {
    const figures = await measureBaseline({ db: database.db, rows, runs });
    console.log(
      `/all: ${figures.rows} line items, ${(figures.bytes / 2 ** 20).toFixed(1)} MB of JSON; warmed once, then ${runs} runs\n`,
    );
    console.log('| measure | median | p95 | max |\n|---|---|---|---|');
    const line = (name: string, summary: Summary | null, digits = 0) => {
      if (summary)
        console.log(
          `| ${name} | ${[summary.median, summary.p95, summary.max].map((v) => v.toFixed(digits)).join(' | ')} |`,
        );
    };
    line('navigation to first 50 rows painted (ms)', figures.firstRows);
    line('  page and script loaded (ms)', figures.pageLoadMs);
    line('  server: time to first byte of /all (ms)', figures.serverMs);
    line('    of which reading every line item (ms)', figures.serverReadMs);
    line('    of which JSON.stringify (ms)', figures.serverStringifyMs);
    line('  download (ms)', figures.downloadMs);
    line('  JSON.parse (ms)', figures.parseMs);
    line('  filter + sort, queryLineItems (ms)', figures.queryMs);
    line('  paint 50 rows (ms)', figures.paintMs);
    line('JS heap peak (MB)', figures.heapMB);
    line('renderer process peak RSS (MB)', figures.rendererMB);
  }
} finally {
  await database.close();
}
