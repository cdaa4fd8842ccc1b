import { DeletionParams, DeletionsQuery, DeletionsResponse, RestoreResponse } from '@quayside/domain/deletions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { listDeletions, restoreDeletion } from './deletions.service.ts';

export function registerDeletionRoutes(app: FastifyInstance, db: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/Deletions',
    {
      schema: {
        tags: ['deletions'],
        description: 'Recent deletions of line items and parts, newest first (administrators only).',
        querystring: DeletionsQuery,
        response: { 200: DeletionsResponse },
      },
    },
    async (request) => ({ deletions: await listDeletions(db, request.principal, request.query.limit) }),
  );

  api.post(
    '/api/Deletions/:id/restore',
    {
      schema: {
        tags: ['deletions'],
        description:
          'Restores a deletion (administrators only): 409 when it cannot come back as it was (already restored, ' +
          'the shipment is gone, the PO or a part number is there again).',
        params: DeletionParams,
        response: { 200: RestoreResponse },
      },
    },
    async (request) => restoreDeletion(db, request.principal, request.params.id),
  );
}
