import { API } from '@quayside/domain/api';
// GET /metrics in Prometheus' text format (prom-client): request latency by route and status, the
// database pool, slow queries, imports and exports, and the process (memory, CPU, event loop, GC).
// Each app has a registry of its own, so several apps in one process (tests) never share counts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppConfig } from '../config.ts';
import type { HeavyWork } from '../lib/heavy-work.ts';
import { isSameSecret } from '../lib/same-secret.ts';
import type { RowsCopy } from '../modules/line-items/columnar/rows-copy.ts';

export const METRICS_REFUSED =
  'Metrics are served to this machine (loopback, not through a proxy) or to a client sending METRICS_TOKEN as a bearer token.';

/** Requests that hit no route share one label, so a scan of made-up addresses adds no series. */
const UNMATCHED = 'unmatched';
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export function registerMetrics(
  app: FastifyInstance,
  pool: pg.Pool,
  config: Pick<AppConfig, 'metricsToken' | 'slowQueryMs'>,
  heavyWork: Pick<HeavyWork, 'running' | 'waitingCount'>,
  rowsCopy?: Pick<RowsCopy, 'size' | 'loads' | 'threads'>,
) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requestDuration = new Histogram({
    name: 'quayside_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route (its pattern) and status code',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  new Gauge({
    name: 'quayside_db_pool_connections',
    help: "This server's database connections: in use, idle, and requests waiting for one",
    labelNames: ['state'],
    registers,
    collect() {
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'quayside_heavy_work_requests',
    help: "This server's heavy requests (full exports, imports, bulk changes by query, long analytics): running, and waiting their turn",
    labelNames: ['state'],
    registers,
    collect() {
      this.set({ state: 'running' }, heavyWork.running);
      this.set({ state: 'waiting' }, heavyWork.waitingCount);
    },
  });
  new Gauge({
    name: 'quayside_rows_in_memory',
    help: "Dashboard rows in this server's copy in memory (ROWS_IN_MEMORY): 0 while it loads or when it is off",
    registers,
    collect() {
      this.set(rowsCopy?.size ?? 0);
    },
  });
  new Gauge({
    name: 'quayside_rows_in_memory_helpers',
    help: "Helper threads taking part in the questions this server's copy of the rows answers (ROWS_IN_MEMORY_HELPERS)",
    registers,
    collect() {
      this.set(rowsCopy?.threads?.helpers ?? 0);
    },
  });
  new Gauge({
    name: 'quayside_rows_in_memory_loads',
    help: "Times this server's copy of the rows has read every row: at start, and after a truncate or a long pause",
    registers,
    collect() {
      this.set(rowsCopy?.loads ?? 0);
    },
  });
  const slowQueries = new Counter({
    name: 'quayside_db_slow_queries_total',
    help: `Database queries that took longer than SLOW_QUERY_MS (${config.slowQueryMs} ms)`,
    registers,
  });
  const imports = new Counter({
    name: 'quayside_imports_total',
    help: 'Imports of a forwarder report (POST /api/Import), by kind (dry_run, apply) and status code',
    labelNames: ['kind', 'status_code'],
    registers,
  });
  const exports = new Counter({
    name: 'quayside_exports_total',
    help: 'CSV exports of line items (GET /api/LineItems/export), by status code',
    labelNames: ['status_code'],
    registers,
  });

  const outOfStorage = new Counter({
    name: 'quayside_out_of_storage_total',
    help: 'Requests refused because the disk (DATA_DIR or the database) was full: answered 507',
    registers,
  });

  countSlowQueries(pool, config.slowQueryMs, () => slowQueries.inc());

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED;
    const status_code = String(reply.statusCode);
    requestDuration.observe({ method: request.method, route, status_code }, reply.elapsedTime / 1000);
    if (route === API.importReport.path && request.method === API.importReport.method) {
      const isDryRun = String((request.query as { dryRun?: unknown } | undefined)?.dryRun) === 'true';
      imports.inc({ kind: isDryRun ? 'dry_run' : 'apply', status_code });
    }
    if (route === API.exportLineItems.path) exports.inc({ status_code });
    if (reply.statusCode === 507) outOfStorage.inc();
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayReadMetrics(request, config.metricsToken)) return reply.status(403).send({ message: METRICS_REFUSED });
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
}

/**
 * A client on this machine that no proxy forwarded (behind a local reverse proxy every request
 * comes from loopback, so a forwarded one is not trusted as local), or one sending the token.
 */
function mayReadMetrics(request: FastifyRequest, token: string | undefined) {
  const given = request.headers.authorization;
  if (token && given !== undefined && isSameSecret(given, `Bearer ${token}`)) return true;
  const isDirect = request.headers['x-forwarded-for'] === undefined && request.headers.forwarded === undefined;
  return isDirect && LOOPBACK.has(request.socket.remoteAddress ?? '');
}

const TIMED = Symbol('quayside.timedQueries');

/**
 * Times every query of the pool's connections (by callback or promise; a streamed one is not); calls `onSlow` past
 * `thresholdMs`. Each connection is wrapped when first lent out ('acquire'), so connections
 * opened before this (by the migrations) are timed too.
 */
function countSlowQueries(pool: pg.Pool, thresholdMs: number, onSlow: () => void) {
  pool.on('acquire', (client: pg.PoolClient & { [TIMED]?: true }) => {
    if (client[TIMED]) return;
    client[TIMED] = true;
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    const timed = (...args: unknown[]) => {
      const started = performance.now();
      const done = () => {
        if (performance.now() - started > thresholdMs) onSlow();
      };
      // pool.query() passes a callback; drizzle's transactions await the promise.
      const callback = args.at(-1);
      if (typeof callback === 'function') {
        args[args.length - 1] = (...results: unknown[]) => {
          done();
          return callback(...results);
        };
      }
      const result = query(...args);
      if (result instanceof Promise) result.then(done, done);
      return result;
    };
    client.query = timed as typeof client.query;
  });
}
