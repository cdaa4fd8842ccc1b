import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';

/** Every connection busy and requests waiting for one: new work would only queue. */
const isSaturated = ({ pool }: DatabaseHandle) =>
  pool.waitingCount > 0 && pool.idleCount === 0 && pool.totalCount >= (pool.options.max ?? 10);

export function registerHealthRoutes(app: FastifyInstance, database: DatabaseHandle) {
  // Liveness never touches the database: it says the process still answers, and is honest about
  // an embedded database process that died and will not come back (the server then exits).
  app.get('/livez', { schema: { hide: true } }, async (_request, reply) => {
    if (database.health.status() === 'failed') return reply.status(503).send({ status: 'database down' });
    return { status: 'ok' };
  });

  // Readiness asks the database only, not the documents' bucket: every server shares the bucket, so
  // an outage there would take them all out of rotation while everything but documents still works
  // (a document upload or download then fails on its own; start-up checks the bucket).
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    // A load balancer should send new users elsewhere while this instance's pool is saturated.
    if (isSaturated(database)) return reply.status(503).send({ status: 'saturated' });
    try {
      await database.db.execute(sql`select 1`);
      return { status: 'ok' };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check: database unreachable');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
