import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { serve } from '../../lib/serve.ts';
import { listDeletions, restoreDeletion } from './deletions.service.ts';

export function registerDeletionRoutes(app: FastifyInstance, db: Database) {
  serve(app, 'listDeletions', async (request) => ({
    deletions: await listDeletions(db, request.principal, request.query.limit),
  }));
  serve(app, 'restoreDeletion', (request) => restoreDeletion(db, request.principal, request.params.id));
}
