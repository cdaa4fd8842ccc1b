// Import rate: a generated forwarder report of N shipment rows (default 100,000; each with one to
// three PO numbers, and a parts list of about two parts per line item) imported into a fresh,
// empty database, then imported again (every row unchanged). Prints a Markdown table for RESULTS.md:
// the seconds to read and apply each file, then those of the commit's work (the dashboard's rows of
// every line item the import changed, written once, and the planner's statistics).
//   node --import tsx bench/import-timings.ts [--rows N] [--engine postgres|pglite] [--without-row-changes]
// --without-row-changes disables the statement triggers that note each changed dashboard row for the
// servers' rows in memory (line-item-row-changes.sql), to weigh what they cost an import.
// PostgreSQL: a database is created on POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres)
// and dropped afterwards. PGlite: a temporary directory, removed afterwards (in-process-database.ts).

import { once } from 'node:events';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { runImport } from '../apps/server/src/modules/import/import.service.ts';
import { BENCH_ADMIN, openFreshDatabase } from './in-process-database.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    engine: { type: 'string', default: 'postgres' },
    'without-row-changes': { type: 'boolean', default: false },
  },
});
const rows = Number(values.rows);
const engine = values.engine === 'pglite' ? 'pglite' : 'postgres';
const directory = mkdtempSync(path.join(os.tmpdir(), 'quayside-import-bench-'));

const FORWARDERS = ['Blue Anchor Logistics', 'Kestrel Freight', 'Harbour Line', 'Polar Cargo'];
const TRANS = ['SEA', 'AIR', 'ROA', 'COU'];
const PORTS = ['CNSHA', 'USMIA', 'DOSDQ', 'NLRTM', 'DEHAM', 'SGSIN'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

async function writeLines(file: string, lines: Iterable<string>) {
  const out = createWriteStream(file);
  for (const line of lines) if (!out.write(`${line}\n`)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

function* reportLines() {
  yield 'Shipment,Order Ref,Forwarder Name,Consignee Name,Origin,Dest.,House,Master,Trans,Weight,WTUQ,ETD,ETA,Est Delivery';
  for (let i = 0; i < rows; i += 1) {
    const pos = Array.from({ length: 1 + (i % 3) }, (_, k) => `PO-${i}-${k}`).join(', ');
    const day = (i % 28) + 1;
    yield [
      `IMP-${String(i).padStart(7, '0')}`,
      `"${pos}"`,
      FORWARDERS[i % FORWARDERS.length],
      'NAPCO Americas',
      PORTS[i % PORTS.length],
      PORTS[(i + 1) % PORTS.length],
      `HB${i}`,
      `MB${i}`,
      TRANS[i % TRANS.length],
      `"${(1000 + (i % 9000)).toLocaleString('en-US')}.5"`,
      'KG',
      `2026-${String((i % 12) + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      `${String(day).padStart(2, '0')}-${MONTHS[i % 12]}-26`,
      `${String((i % 12) + 1).padStart(2, '0')}/${String(day).padStart(2, '0')}/2026`,
    ].join(',');
  }
}

/** Two parts for each PO number of each shipment row. */
const partRows = Array.from({ length: rows }, (_, i) => 2 * (1 + (i % 3))).reduce((sum, n) => sum + n, 0);

function* partLines() {
  yield 'PO,Shipment,Part Number,Quantity';
  for (let i = 0; i < rows; i += 1) {
    for (let k = 0; k < 1 + (i % 3); k += 1) {
      yield `PO-${i}-${k},IMP-${String(i).padStart(7, '0')},P-${k}-A,${(i % 50) + 1}`;
      yield `PO-${i}-${k},IMP-${String(i).padStart(7, '0')},P-${k}-B,${(i % 7) + 1}`;
    }
  }
}

function megabytes(file: string) {
  return (statSync(file).size / 1024 / 1024).toFixed(1);
}

const shipmentsFile = path.join(directory, 'report.csv');
const partsFile = path.join(directory, 'parts.csv');
await writeLines(shipmentsFile, reportLines());
await writeLines(partsFile, partLines());
const sizes = `shipments ${megabytes(shipmentsFile)} MB, parts ${megabytes(partsFile)} MB`;
const database = await openFreshDatabase(engine, 'import');
const rowChanges = !values['without-row-changes'];
if (!rowChanges) {
  for (const trigger of ['insert', 'update', 'delete']) {
    await database.db.execute(
      sql.raw(`alter table line_item_rows disable trigger line_item_row_changes_on_${trigger}`),
    );
  }
}
const results: string[] = [];
try {
  for (const label of ['first import (all new)', 'same files again (all unchanged)']) {
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const started = performance.now();
    let shipmentsSeconds = 0;
    let partsSeconds = 0;
    const report = await runImport(
      database.db,
      BENCH_ADMIN,
      { personId: null, email: 'bench' },
      {
        shipments: { path: shipmentsFile, name: 'report.csv' },
        parts: { path: partsFile, name: 'parts.csv' },
        dryRun: false,
      },
      {
        onProgress: (done) => {
          const now = (performance.now() - started) / 1000;
          if (done >= rows && shipmentsSeconds === 0) shipmentsSeconds = now;
          if (done >= rows + partRows && partsSeconds === 0) partsSeconds = now - shipmentsSeconds;
          if (done % 10_000 === 0) process.stdout.write(`\r${label}: ${done.toLocaleString('en-US')} rows`);
        },
      },
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    process.stdout.write('\n');
    const { shipments, parts } = report;
    const counts = `${shipments.counts.created} / ${shipments.counts.updated} / ${shipments.counts.unchanged} / ${shipments.counts.rejected}`;
    results.push(
      `| ${label} | ${shipments.rows.toLocaleString('en-US')} | ${parts?.rows.toLocaleString('en-US')} | ${counts} | ` +
        `${shipmentsSeconds.toFixed(1)} | ${Math.round(shipments.rows / shipmentsSeconds).toLocaleString('en-US')} | ` +
        `${partsSeconds.toFixed(1)} | ${(seconds - shipmentsSeconds - partsSeconds).toFixed(1)} | ${seconds.toFixed(1)} | ` +
        `${Math.round((peak - rssBefore) / 1024 / 1024)} |`,
    );
  }
} finally {
  await database.close();
  rmSync(directory, { recursive: true, force: true });
}

console.log(
  `\n${engine}${rowChanges ? '' : ' without the row changes noted'}, ${os.cpus().length} cores (${os.cpus()[0]?.model}), Node ${process.version}, ${new Date().toISOString()}`,
);
console.log(`Files (CSV): ${sizes}`);
console.log(
  '| run | shipment rows | part rows | shipments created / updated / unchanged / rejected | shipments s | shipment rows/s | parts s | dashboard rows and commit s | total s | RSS growth MB |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const line of results) console.log(line);
