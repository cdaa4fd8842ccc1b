// A shipment save that moves its dates (Performance II, target 6): a fresh database bulk-loaded with N line
// items (default 1,000,000; the bench's loader), then, as an Admin through the service the route
// calls (updateShipment, so the same door: the line items' dashboard rows, the date history, the
// analytics facts and the exceptions' dates kept in step, and the audit entry), N saves of a
// different shipment each, chosen at random (seeded), moving its Dest. ETA and Est Delivery later.
// Prints one Markdown row for RESULTS.md.
//   node --import tsx bench/shipment-save-timings.ts [--rows N] [--saves N] [--engine postgres|pglite]

import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { bulkLoad } from '../apps/server/src/demo/bulk-load.ts';
import { updateShipment } from '../apps/server/src/modules/shipments/shipments.service.ts';
import { BENCH_ADMIN, openFreshDatabase } from './in-process-database.ts';
import { percentile, summarize } from './stats.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    saves: { type: 'string', default: '300' },
    engine: { type: 'string', default: 'postgres' },
  },
});
const rows = Number(values.rows);
const saves = Number(values.saves);
const engine = values.engine === 'pglite' ? 'pglite' : 'postgres';

const database = await openFreshDatabase(engine, 'save');
try {
  const loadStarted = performance.now();
  await bulkLoad(database.db, { lineItems: rows });
  console.log(
    `loaded ${rows.toLocaleString('en-US')} line items in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`,
  );
  await database.db.execute(sql`select setseed(0.23)`);
  const picked = await database.db.execute<{ shipment: string; dest_eta: Date | string | null }>(sql`
    select shipment, dest_eta from shipments order by random() limit ${saves}`);
  const times: number[] = [];
  for (const [index, row] of picked.rows.entries()) {
    // Each save moves the dates a different number of days later, so every one is a real change.
    const base = row.dest_eta ? new Date(row.dest_eta) : new Date('2026-12-01T00:00:00Z');
    const later = new Date(base.getTime() + (1 + (index % 20)) * 86_400_000);
    const started = performance.now();
    await updateShipment(database.db, BENCH_ADMIN, row.shipment, {
      'Dest. ETA': later,
      'Est Delivery': new Date(later.getTime() + 3 * 86_400_000),
    });
    times.push(performance.now() - started);
  }
  const summary = summarize(times);
  console.log(
    `\n${engine}, ${rows.toLocaleString('en-US')} line items, ${os.cpus().length} cores (${os.cpus()[0]?.model}), ` +
      `Node ${process.version}, ${new Date().toISOString()}\n`,
  );
  console.log('| saves | p50 ms | p95 ms | p99 ms | max ms |');
  console.log('|---:|---:|---:|---:|---:|');
  console.log(
    `| ${summary.runs} | ${summary.median.toFixed(1)} | ${summary.p95.toFixed(1)} | ` +
      `${percentile(times, 99).toFixed(1)} | ${summary.max.toFixed(1)} |`,
  );
} finally {
  await database.close();
}
