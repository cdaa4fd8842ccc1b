// Bulk actions on 'all N matching': a fresh database bulk-loaded with N line items
// (default 100,000; the bench's loader), then, as an Admin through the service the route calls:
// hide every line item, unhide them, set 'Valid PO #' on one transit type's, and delete them all.
// Prints a Markdown table for RESULTS.md.
//   node --import tsx bench/bulk-action-timings.ts [--rows N] [--engine postgres|pglite]
// PostgreSQL: a database is created on POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres)
// and dropped afterwards. PGlite: a temporary directory, removed afterwards (in-process-database.ts).

import os from 'node:os';
import { parseArgs } from 'node:util';
import type { BulkAction, BulkQuery } from '@quayside/domain/line-item-bulk';
import { LineItemQuery } from '@quayside/domain/line-item-query';
import { bulkLoad } from '../apps/server/src/demo/bulk-load.ts';
import { exceptionContext } from '../apps/server/src/modules/exceptions/exceptions.service.ts';
import { countLineItems } from '../apps/server/src/modules/line-items/line-items.service.ts';
import { changeLineItems } from '../apps/server/src/modules/line-items/line-items-bulk.ts';
import { BENCH_ADMIN, openFreshDatabase } from './in-process-database.ts';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '100000' }, engine: { type: 'string', default: 'postgres' } },
});
const rows = Number(values.rows);
const engine = values.engine === 'pglite' ? 'pglite' : 'postgres';

const STEPS: { label: string; action: BulkAction; wire: Record<string, string> }[] = [
  { label: 'hide all matching (no search)', action: 'hide', wire: {} },
  { label: 'unhide all matching', action: 'unhide', wire: {} },
  {
    label: "'Valid PO #' on Transit Type AIR",
    action: 'validPo',
    wire: { filters: JSON.stringify([{ column: 'transit_type', operator: 'equals', value: 'AIR' }]) },
  },
  { label: 'delete all matching', action: 'delete', wire: {} },
];

const database = await openFreshDatabase(engine, 'bulk');
const results: string[] = [];
try {
  const loadStarted = performance.now();
  await bulkLoad(database.db, { lineItems: rows });
  console.log(
    `loaded ${rows.toLocaleString('en-US')} line items in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`,
  );
  const context = await exceptionContext(database.db, () => new Date());
  for (const { label, action, wire } of STEPS) {
    const query: BulkQuery = LineItemQuery.parse(wire);
    const countStarted = performance.now();
    const expected = await countLineItems(database.db, BENCH_ADMIN, { ...query, sort: [] }, context);
    const countSeconds = (performance.now() - countStarted) / 1000;
    const started = performance.now();
    const answer = await changeLineItems(
      database.db,
      BENCH_ADMIN,
      { action, selection: { query, except: [], expected } },
      context,
      { statementTimeoutMs: 0 },
    );
    const seconds = (performance.now() - started) / 1000;
    results.push(
      `| ${label} | ${expected.toLocaleString('en-US')} | ${answer.changed.toLocaleString('en-US')} | ` +
        `${countSeconds.toFixed(2)} | ${seconds.toFixed(1)} | ${Math.round(answer.changed / seconds).toLocaleString('en-US')} |`,
    );
    console.log(results.at(-1));
  }
} finally {
  await database.close();
}

console.log(
  `\n${engine}, ${rows.toLocaleString('en-US')} line items, ${os.cpus().length} cores (${os.cpus()[0]?.model}), ` +
    `Node ${process.version}, ${new Date().toISOString()}\n`,
);
console.log('| action | matching | changed | count (s) | bulk change (s) | rows/s |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const line of results) console.log(line);
