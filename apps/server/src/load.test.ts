// Load: 50 virtual users read and write against the real server (a child process, the demo data
// loaded) for QUAYSIDE_LOAD_SECONDS (default 5; .ci/run sets 60). On PostgreSQL three servers share
// the database and take the requests in turn, as behind a load balancer. Every answer
// must be 2xx, and every acknowledged write must be in the database at the end.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createServerData,
  openServerDatabase,
  type RealServer,
  runCli,
  signInOverHttp,
  startRealServer,
  startServers,
} from './testing/real-server.ts';
import { testEngine } from './testing/test-database.ts';

const VIRTUAL_USERS = 50;
/** Servers sharing the database: an embedded database has one. */
const SERVERS = testEngine === 'postgres' ? 3 : 1;
const LOAD_SECONDS = Number(process.env.QUAYSIDE_LOAD_SECONDS ?? 5);
const PASSWORD = 'load test password';
/** One account per role, signed in once: sign-in is rate-limited per client address. */
const ACCOUNTS = [
  { role: 'Admin', email: 'load-admin@napco.example', company: 'NAPCO', canWrite: true },
  { role: 'Employee', email: 'load-employee@napco.example', company: 'NAPCO', canWrite: false },
  { role: 'Forwarder', email: 'load-forwarder@blue.example', company: 'Blue Anchor Logistics', canWrite: true },
] as const;
const SEARCH_TERMS = ['', 'PO', 'SEA', 'Ningbo', 'LD-', '7', 'valve'];
const FILTERS = [
  [],
  [{ column: 'transit_type', operator: 'equals', value: 'SEA' }],
  [{ column: 'total_qty', operator: 'greaterThan', value: '10' }],
  [{ column: 'part_numbers', operator: 'isNotEmpty', value: '' }],
  [{ column: 'related_shipment', operator: 'startsWith', value: 'LD-' }],
];
const SORTS = [[], [{ key: 'title', direction: 'asc' }], [{ key: 'total_qty', direction: 'desc' }]];

type Account = (typeof ACCOUNTS)[number] & { token: string };
/** What the database must hold for the line items the virtual users wrote. */
type Expected = { shipments: Set<string>; parts: Map<string, Map<string, number>>; validPos: Set<string> };
type Tally = { requests: number; writes: number; errors: string[]; latencies: number[] };

let data: Awaited<ReturnType<typeof createServerData>>;
let servers: RealServer[] = [];
let stopServers = async () => {};
beforeAll(async () => {
  data = await createServerData();
  // Shared, so a session made on one server is good on the others.
  data.env.AUTH_SECRET = randomBytes(32).toString('hex');
  await runCli(data.env, ['seed-demo']);
  for (const account of ACCOUNTS) {
    await runCli(data.env, [
      'create-user',
      ...['--email', account.email, '--password', PASSWORD, '--role', account.role],
      ...['--name', `Load ${account.role}`, '--company', account.company],
    ]);
  }
  // The embedded database's server is the one whose DATA_DIR holds it.
  if (SERVERS === 1) {
    servers = [await startRealServer(data.env)];
    stopServers = () => (servers[0] as RealServer).stop();
  } else {
    const cluster = await startServers(data.env, SERVERS);
    ({ servers, stop: stopServers } = cluster);
  }
}, 180_000);
afterAll(async () => {
  await stopServers();
  await data?.remove();
});

describe(`${VIRTUAL_USERS} virtual users on ${SERVERS} server(s) for ${LOAD_SECONDS} s (${testEngine})`, () => {
  it(
    'answers every request without an error and keeps every acknowledged write',
    async () => {
      const baseUrls = servers.map((server) => server.baseUrl);
      const [baseUrl = ''] = baseUrls;
      const accounts: Account[] = [];
      for (const account of ACCOUNTS)
        accounts.push({ ...account, token: await signInOverHttp(baseUrl, account.email, PASSWORD) });
      const admin = accounts[0] as Account;
      const { shipments: seeded } = await call<{ shipments: { Shipment: string }[] }>(
        baseUrl,
        admin,
        'GET',
        '/api/Shipments?page=1&pageSize=100',
      );
      const readable = seeded.map((shipment) => shipment.Shipment);

      const expected: Expected = { shipments: new Set(), parts: new Map(), validPos: new Set() };
      const tally: Tally = { requests: 0, writes: 0, errors: [], latencies: [] };
      const started = Date.now();
      const stopAt = started + LOAD_SECONDS * 1000;
      await Promise.all(
        Array.from({ length: VIRTUAL_USERS }, (_, vu) =>
          virtualUser(baseUrls, accounts[vu % accounts.length] as Account, vu, readable, stopAt, expected, tally),
        ),
      );
      const seconds = (Date.now() - started) / 1000;
      await Promise.all(servers.map((server) => server.stop()));

      const stored = await storedWrites(expected);
      const latencies = tally.latencies.sort((a, b) => a - b);
      const percentile = (p: number) => latencies[Math.floor((latencies.length - 1) * p)] ?? 0;
      console.log(
        `load (${testEngine}, ${SERVERS} server(s)): ${VIRTUAL_USERS} users, ${seconds.toFixed(1)} s: ${tally.requests} requests ` +
          `(${(tally.requests / seconds).toFixed(1)}/s), ${tally.writes} writes (${(tally.writes / seconds).toFixed(1)}/s), ` +
          `${tally.errors.length} errors; latency p50 ${percentile(0.5)} ms, p95 ${percentile(0.95)} ms, ` +
          `max ${percentile(1)} ms; after the run: ${stored.shipments} shipments, ${stored.lineItemsWithParts} line ` +
          `items with the parts expected, ${stored.validPos} updated line items, ${stored.auditEntries} audit entries`,
      );
      expect(tally.errors.slice(0, 10)).toEqual([]);
      expect(stored).toEqual({
        shipments: expected.shipments.size,
        lineItemsWithParts: expected.parts.size,
        validPos: expected.validPos.size,
        auditEntries: tally.writes,
      });
    },
    240_000 + LOAD_SECONDS * 3000,
  );
});

/**
 * One user's loop: mostly dashboard pages, some shipment suggestions and reads, and (for a role
 * that writes) a share of writes on its own shipments, so no two users ever conflict.
 */
async function virtualUser(
  baseUrls: string[],
  account: Account,
  vu: number,
  readable: string[],
  stopAt: number,
  expected: Expected,
  tally: Tally,
) {
  const own: { shipment: string; pos: string[] }[] = [];
  let created = 0;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;
  const timed = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T | undefined> => {
    tally.requests += 1;
    const begun = performance.now();
    try {
      // The servers in turn, as a round-robin load balancer sends them.
      return await call<T>(baseUrls[tally.requests % baseUrls.length] as string, account, method, path, body);
    } catch (error) {
      tally.errors.push(`${account.role} ${method} ${path}: ${(error as Error).message}`);
      return undefined;
    } finally {
      tally.latencies.push(Math.round(performance.now() - begun));
    }
  };
  const written = (answer: unknown) => {
    if (answer !== undefined) tally.writes += 1;
    return answer !== undefined;
  };

  while (Date.now() < stopAt) {
    const roll = Math.random();
    if (roll < 0.45 || (!account.canWrite && roll < 0.7)) {
      const query = new URLSearchParams({
        q: pick(SEARCH_TERMS),
        filters: JSON.stringify(pick(FILTERS)),
        sort: JSON.stringify(pick(SORTS)),
        page: String(1 + Math.floor(Math.random() * 3)),
        pageSize: String(pick([25, 50, 100])),
      });
      await timed('GET', `/api/LineItems?${query}`);
    } else if (roll < 0.55 || !account.canWrite) {
      await timed('GET', `/api/Shipments?shipmentMatch=${encodeURIComponent(pick(['LD-0', 'LD-1', '0001', '0012']))}`);
    } else if (roll < 0.65) {
      const shipment = own.length > 0 && Math.random() < 0.5 ? pick(own).shipment : pick(readable);
      await timed('GET', `/api/Shipments?shipment=${encodeURIComponent(shipment)}`);
    } else if (own.length === 0 || roll < 0.75) {
      const shipment = `LD-${vu}-${created++}`;
      const pos = [`${shipment}-PO1`, `${shipment}-PO2`];
      if (written(await timed('POST', '/api/Shipments', [{ Shipment: shipment, 'Order Ref': pos.join(',') }]))) {
        own.push({ shipment, pos });
        expected.shipments.add(shipment);
      }
    } else {
      const { shipment, pos } = pick(own);
      const po = pick(pos);
      const key = `${shipment}/${po}`;
      const parts = expected.parts.get(key) ?? new Map<string, number>();
      if (roll < 0.85) {
        const part = {
          part_number: `P${parts.size + 1}`,
          qty: 1 + parts.size,
          related_po_number: po,
          related_shipment: shipment,
        };
        if (written(await timed('POST', '/api/Parts', part)))
          expected.parts.set(key, parts.set(part.part_number, part.qty));
      } else if (roll < 0.93) {
        const list = [...new Set([...parts.keys(), 'PL-1'])].map((part_number, index) => ({
          part_number,
          qty: index * 2,
        }));
        if (
          written(
            await timed('POST', '/api/Parts/save', { related_shipment: shipment, related_po_number: po, parts: list }),
          )
        )
          expected.parts.set(key, new Map(list.map((part) => [part.part_number, part.qty])));
      } else {
        const path = `/api/LineItems?shipment=${encodeURIComponent(shipment)}&po=${encodeURIComponent(po)}`;
        // 'Valid PO #' is a staff control: a forwarder's request is answered and audited, and changes nothing.
        if (written(await timed('POST', path, { ignore_po_character_count: true })) && account.role === 'Admin')
          expected.validPos.add(key);
      }
    }
  }
}

/** What the database holds of the virtual users' writes, counted as `expected` counts it. */
async function storedWrites(expected: Expected) {
  const database = await openServerDatabase(data.env);
  try {
    const query = async <T>(text: string) => (await database.pool.query(text)).rows as T[];
    const shipments = await query<{ shipment: string }>(`select shipment from shipments where shipment like 'LD-%'`);
    const partRows = await query<{ shipment: string; po: string; part_number: string; qty: number }>(
      `select s.shipment, l.title as po, p.part_number, p.qty from parts p join line_items l on l.id = p.line_item_id
       join shipments s on s.id = l.shipment_id where s.shipment like 'LD-%'`,
    );
    const validPos = await query<{ key: string }>(
      `select s.shipment || '/' || l.title as key from line_items l join shipments s on s.id = l.shipment_id
       where s.shipment like 'LD-%' and l.ignore_po_character_count`,
    );
    const [audit] = await query<{ entries: string }>(
      `select count(*) as entries from audit_log
       where actor_email like 'load-%' and entity in ('shipment', 'part', 'line_item')`,
    );
    const storedParts = new Map<string, Map<string, number>>();
    for (const row of partRows) {
      const key = `${row.shipment}/${row.po}`;
      storedParts.set(key, (storedParts.get(key) ?? new Map<string, number>()).set(row.part_number, row.qty));
    }
    const sameParts = (a: Map<string, number>, b: Map<string, number> | undefined) =>
      b !== undefined && a.size === b.size && [...a].every(([part, qty]) => b.get(part) === qty);
    return {
      shipments: shipments.filter((row) => expected.shipments.has(row.shipment)).length,
      lineItemsWithParts: [...expected.parts].filter(([key, parts]) => sameParts(parts, storedParts.get(key))).length,
      validPos: validPos.filter((row) => expected.validPos.has(row.key)).length,
      auditEntries: Number(audit?.entries ?? 0),
    };
  } finally {
    await database.close();
  }
}

async function call<T>(baseUrl: string, account: Account, method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${account.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}
