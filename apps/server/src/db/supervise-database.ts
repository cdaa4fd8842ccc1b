import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from './client.ts';

/**
 * Logs the embedded database process's life (its pid, deaths and restarts) and, once it has been
 * given up on, stops the server with a non-zero exit so that its service manager restarts it.
 */
export function superviseDatabase(database: DatabaseHandle, log: FastifyBaseLogger, stopFailed: () => Promise<void>) {
  database.health.onEvent((event) => {
    if (database.engine !== 'pglite') return;
    if (event.kind === 'started') log.info({ databasePid: event.pid }, 'embedded database process serving');
    else if (event.kind === 'died') {
      log.error({ databasePid: event.pid, exit: event.exit }, 'embedded database process died; restarting it');
    } else {
      log.fatal(event.reason);
      void stopFailed();
    }
  });
}
