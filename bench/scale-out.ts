// Scale-out: requests per second and latency for the default page and a filtered page
// with one, two and three servers on one PostgreSQL database, the requests sent to the servers in
// turn as a round-robin load balancer sends them. A fresh database bulk-loaded with N line items
// (default 1,000,000; the bench's loader); each page asked with one URL (answers remembered) and
// with every URL new (each answer computed). Prints a Markdown table for RESULTS.md.
//   node --import tsx bench/scale-out.ts [--rows N] [--seconds 20] [--connections 48]
// The load generator runs on the same machine as the servers and the database.

import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { startServers } from '../apps/server/src/testing/real-server.ts';
import { serverEnv } from '../apps/server/src/testing/server-process.ts';
import { driveLoad, freshDatabase, load, postgresVersion, signIn } from './bench-server.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '20' },
    connections: { type: 'string', default: '48' },
  },
});
const rows = Number(values.rows);
const seconds = Number(values.seconds);
const connections = Number(values.connections);

const PAGES = [
  { name: 'default page', query: '' },
  {
    name: 'filtered page (Transit Type equals AIR)',
    query: `filters=${encodeURIComponent(JSON.stringify([{ column: 'transit_type', operator: 'equals', value: 'AIR' }]))}`,
  },
];

type Figures = {
  servers: number;
  page: string;
  remembered: boolean;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
};

/** `connections` loops, each asking the next server in turn as soon as its last answer came. */
async function drive(baseUrls: string[], token: string, query: (sequence: number) => string) {
  const { perSecond, p50, p95, p99, failed } = await driveLoad(
    connections,
    seconds,
    token,
    (next) => `${baseUrls[next % baseUrls.length]}/api/LineItems?${query(next)}`,
  );
  return { perSecond: Math.round(perSecond), p50, p95, p99, errors: failed };
}

const database = await freshDatabase('postgres', 'scale');
const figures: Figures[] = [];
try {
  console.error(`loading ${rows} line items...`);
  await load(database, rows);
  // One secret for every server, as a deployment shares AUTH_SECRET.
  const secret = randomBytes(32).toString('hex');
  for (const count of [1, 2, 3]) {
    const cluster = await startServers(
      serverEnv({ ...database.env, AUTH_SECRET: secret, NODE_ENV: 'production', LOG_LEVEL: 'warn' }),
      count,
    );
    try {
      const baseUrls = cluster.servers.map((server) => server.baseUrl);
      const token = await signIn(baseUrls[0] as string, 'admin');
      for (const page of PAGES) {
        for (const remembered of [true, false]) {
          console.error(`${count} server(s), ${page.name}, ${remembered ? 'one URL' : 'every URL new'}...`);
          // Each URL new: an extra parameter the server ignores, so no answer comes from memory.
          const query = (sequence: number) => (remembered ? page.query : `${page.query}&unique=${sequence}`);
          await drive(baseUrls, token, query); // warm-up, not counted: each server's first requests compile
          figures.push({ servers: count, page: page.name, remembered, ...(await drive(baseUrls, token, query)) });
        }
      }
    } finally {
      await cluster.stop();
    }
  }
} finally {
  await database.drop();
}

const lines = [
  `### Scale-out: one, two and three servers on one PostgreSQL (${new Date().toISOString().slice(0, 10)})`,
  '',
  `\`node --import tsx bench/scale-out.ts --rows ${rows} --seconds ${seconds} --connections ${connections}\`; ` +
    `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, ` +
    `Node ${process.version}, PostgreSQL ${await postgresVersion()}; ${rows.toLocaleString('en')} line items; ` +
    `${connections} connections sent to the servers in turn for ${seconds} s after a warm-up of as long.`,
  '',
  '| servers | page | answers | requests/s | p50 ms | p95 ms | p99 ms | errors |',
  '|---|---|---|---|---|---|---|---|',
  ...figures.map(
    (row) =>
      `| ${row.servers} | ${row.page} | ${row.remembered ? 'one URL (remembered)' : 'every URL new'} | ${row.perSecond.toLocaleString('en')} | ${row.p50} | ${row.p95} | ${row.p99} | ${row.errors} |`,
  ),
];
console.log(lines.join('\n'));
