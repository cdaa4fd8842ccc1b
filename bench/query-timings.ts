// Median time of the dashboard's main queries against an already-loaded database.
// Load it first:  DATABASE_URL=... npm run cli -- bulk-load --rows 1000000
// Then:           DATABASE_URL=... node --import tsx bench/query-timings.ts   (or DATA_DIR=... for PGlite)
import os from 'node:os';
import { LineItemQuery } from '@quayside/domain/line-item-query';
import type { Principal } from '../apps/server/src/auth/principal.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openMigratedDatabase } from '../apps/server/src/db/open-from-config.ts';
import { listLineItems } from '../apps/server/src/modules/line-items/line-items.service.ts';

const RUNS = 5;
const config = loadConfig();
const database = await openMigratedDatabase(config);
const person = (role: Principal['role'], company: string): Principal => ({
  personId: 0,
  userId: 'bench',
  email: 'bench@example.com',
  fullName: 'Bench',
  role,
  company,
});
const principals = { Admin: person('Admin', 'NAPCO'), Forwarder: person('Forwarder', 'Kestrel Freight') };
const json = (value: unknown) => JSON.stringify(value);
const QUERIES: Record<string, Record<string, string>> = {
  'default page': {},
  'filter + sort': {
    filters: json([{ column: 'transit_type', operator: 'equals', value: 'AIR' }]),
    sort: json([
      { key: 'est_delivery', direction: 'asc' },
      { key: 'title', direction: 'asc' },
    ]),
  },
  'rare search': { q: 'PO-0123456' },
  'common search (with count)': { q: 'sea' },
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const rows: string[] = [];
const total = await database.pool.query('select count(*)::int as n from line_items');
for (const [who, principal] of Object.entries(principals)) {
  for (const [name, wire] of Object.entries(QUERIES)) {
    const query = LineItemQuery.parse(wire);
    const times: number[] = [];
    let answer = { total: 0 };
    await listLineItems(database.db, principal, query); // warm the cache once
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      answer = await listLineItems(database.db, principal, query);
      times.push(performance.now() - started);
    }
    rows.push(
      `| ${who} | ${name} | ${median(times).toFixed(1)} | ${Math.max(...times).toFixed(1)} | ${answer.total} |`,
    );
  }
}
console.log(
  `Engine ${database.engine}, ${total.rows[0].n} line items, ${os.cpus().length} cores, ${new Date().toISOString()}, median of ${RUNS} (ms)\n`,
);
console.log('| who | query | median ms | max ms | matching rows |\n|---|---|---|---|---|');
console.log(rows.join('\n'));
await database.close();
