// ERP import rate: a generated export of N purchase order lines (default 100,000; ten lines per PO,
// so N/10 POs) imported into a fresh, empty database, then imported again (every row unchanged),
// then a third time with one line in a hundred amended (its quantity and requested date changed).
// Prints a Markdown table for RESULTS.md. The target: 100,000 PO lines imported in ≤ 30 s on PostgreSQL.
//   node --import tsx bench/po-import-timings.ts [--rows N] [--engine postgres|pglite] [--batch ROWS]
// PostgreSQL: a database is created on POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres)
// and dropped afterwards. PGlite: a temporary directory, removed afterwards (in-process-database.ts).

import { once } from 'node:events';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runRecordImport } from '../apps/server/src/modules/import/record-import.service.ts';
import { BENCH_ADMIN, openFreshDatabase } from './in-process-database.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    engine: { type: 'string', default: 'postgres' },
    batch: { type: 'string' },
  },
});
const rows = Number(values.rows);
const engine = values.engine === 'pglite' ? 'pglite' : 'postgres';
const directory = mkdtempSync(path.join(os.tmpdir(), 'quayside-po-import-bench-'));
const LINES_PER_PO = 10;
const SUPPLIERS = ['Acme Tools', 'Zenith Parts', 'Harbour Metals', 'Polar Plastics', 'Kestrel Components'];
const INCOTERMS = ['FOB', 'CIF', 'EXW', 'DAP'];

async function writeLines(file: string, lines: Iterable<string>) {
  const out = createWriteStream(file);
  for (const line of lines) if (!out.write(`${line}\n`)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

/** The ERP's export; with `amended`, every hundredth line ordered one more, a week later. */
function* poLines(amended: boolean) {
  yield 'PO Number,Supplier,Order Date,Cargo Ready Date,Required By,Incoterm,Currency,Line,Item Code,Description,Qty Ordered,UOM,Unit Price,Requested Date';
  for (let i = 0; i < rows; i += 1) {
    const po = Math.floor(i / LINES_PER_PO);
    const line = (i % LINES_PER_PO) + 1;
    const month = String((po % 12) + 1).padStart(2, '0');
    const day = String((po % 28) + 1).padStart(2, '0');
    const change = amended && i % 100 === 0;
    yield [
      `ERP-${String(po).padStart(7, '0')}`,
      SUPPLIERS[po % SUPPLIERS.length],
      `2026-${month}-${day}`,
      `${day}-Jun-26`,
      `09/${day}/2026`,
      INCOTERMS[po % INCOTERMS.length],
      'USD',
      line,
      `SKU-${(i * 7919) % 50_000}-${line}`,
      `Part ${line} of order ${po}`,
      ((i % 500) + 1 + (change ? 1 : 0)).toString(),
      'EA',
      `${(i % 90) + 0.25}`,
      change ? `2026-10-${day}` : `2026-09-${day}`,
    ].join(',');
  }
}

/**
 * CPU seconds the database's own processes spent so far (PostgreSQL on this machine: its backends'
 * utime + stime from /proc), so a run on a busy machine still says what the work itself costs.
 */
async function databaseCpuSeconds(database: Awaited<ReturnType<typeof openFreshDatabase>>) {
  if (engine !== 'postgres') return 0;
  const result = await database.pool.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database()',
  );
  let ticks = 0;
  for (const { pid } of result.rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Not on this machine, or gone: counted as nothing.
    }
  }
  return ticks / 100;
}

const file = path.join(directory, 'po-lines.csv');
const amendedFile = path.join(directory, 'po-lines-amended.csv');
await writeLines(file, poLines(false));
await writeLines(amendedFile, poLines(true));
const size = `${(statSync(file).size / 1024 / 1024).toFixed(1)} MB`;
const database = await openFreshDatabase(engine, 'po_import');
const results: string[] = [];
try {
  const runs: [string, string][] = [
    ['first import (all new)', file],
    ['same file again (all unchanged)', file],
    ['1 line in 100 amended', amendedFile],
  ];
  for (const [label, csv] of runs) {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const databaseCpuBefore = await databaseCpuSeconds(database);
    let readSeconds = 0;
    const report = await runRecordImport(
      database.db,
      BENCH_ADMIN,
      { personId: null, email: 'bench' },
      { kind: 'purchase_orders', file: { path: csv, name: 'po-lines.csv' }, dryRun: false },
      {
        batchSize: values.batch === undefined ? undefined : Number(values.batch),
        onProgress: (done) => {
          if (done >= rows && readSeconds === 0) readSeconds = (performance.now() - started) / 1000;
          if (done % 10_000 === 0) process.stdout.write(`\r${label}: ${done.toLocaleString('en-US')} rows`);
        },
      },
    );
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const nodeCpu = (cpu.user + cpu.system) / 1e6;
    const databaseCpu = (await databaseCpuSeconds(database)) - databaseCpuBefore;
    process.stdout.write('\n');
    const c = report.file.counts;
    const r = report.records;
    results.push(
      `| ${label} | ${report.file.rows.toLocaleString('en-US')} | ${c.created} / ${c.updated} / ${c.unchanged} / ${c.rejected} | ` +
        `${r.created} / ${r.updated} / ${r.unchanged} | ${readSeconds.toFixed(1)} | ${(seconds - readSeconds).toFixed(1)} | ` +
        `${seconds.toFixed(1)} | ${Math.round(report.file.rows / seconds).toLocaleString('en-US')} | ` +
        `${nodeCpu.toFixed(1)} | ${databaseCpu.toFixed(1)} |`,
    );
  }
} finally {
  await database.close();
  rmSync(directory, { recursive: true, force: true });
}

console.log(
  `\n${engine}, ${os.cpus().length} cores (${os.cpus()[0]?.model}), Node ${process.version}, ${new Date().toISOString()}`,
);
console.log(`File (CSV): ${size}, ${rows.toLocaleString('en-US')} PO lines, ${LINES_PER_PO} a PO`);
console.log(
  '| run | PO lines | lines created / updated / unchanged / rejected | POs created / updated / unchanged | rows s | figures and commit s | total s | lines/s | Node CPU s | PostgreSQL CPU s |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
console.log(
  `Load average at the end: ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(', ')}`,
);
for (const line of results) console.log(line);
