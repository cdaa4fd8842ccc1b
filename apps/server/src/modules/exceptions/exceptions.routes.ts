import { ExceptionSettings, ExceptionSummaryResponse } from '@quayside/domain/exceptions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
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
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/Exceptions/summary',
    {
      schema: {
        tags: ['exceptions'],
        description:
          'How many of the line items this user sees have each exception today (UTC). ' +
          'GET /api/LineItems?exception=<kind>[,<kind>] lists them.',
        response: { 200: ExceptionSummaryResponse },
      },
    },
    async (request) => exceptionSummary(db, request.principal, await exceptionContext(db, config.clock)),
  );

  api.get(
    '/api/Exceptions/settings',
    {
      schema: {
        tags: ['exceptions'],
        description: 'The exception rules: the ETA slip threshold in days, and the documents each Mode requires.',
        response: { 200: ExceptionSettings },
      },
    },
    async () => readExceptionSettings(db),
  );

  api.post(
    '/api/Exceptions/settings',
    {
      schema: {
        tags: ['exceptions'],
        description: "Replace the exception rules (Admin). Mode '*' applies to every mode.",
        body: ExceptionSettings,
        response: { 200: ExceptionSettings },
      },
    },
    async (request) => saveExceptionSettings(db, request.principal, request.body, config.bulkStatementTimeoutMs),
  );
}
