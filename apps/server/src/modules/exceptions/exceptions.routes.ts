import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { serve } from '../../lib/serve.ts';
import {
  exceptionContext,
  exceptionSummary,
  readExceptionSettings,
  saveExceptionSettings,
} from './exceptions.service.ts';

export function registerExceptionRoutes(
  app: FastifyInstance,
  db: Database,
  config: Pick<AppConfig, 'clock' | 'bulkStatementTimeoutMs'>,
) {
  serve(app, 'getExceptionSummary', async (request) =>
    exceptionSummary(db, request.principal, await exceptionContext(db, config.clock)),
  );
  serve(app, 'getExceptionSettings', () => readExceptionSettings(db));
  serve(app, 'saveExceptionSettings', (request) =>
    saveExceptionSettings(db, request.principal, request.body, config.bulkStatementTimeoutMs),
  );
}
