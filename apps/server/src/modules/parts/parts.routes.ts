import { PART_DELETED } from '@quayside/domain/parts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { serve } from '../../lib/serve.ts';
import { addPart, deletePart, listParts, saveParts } from './parts.service.ts';

export function registerPartRoutes(app: FastifyInstance, db: Database) {
  serve(app, 'listParts', async (request) => ({
    parts: await listParts(db, request.principal, request.query.shipment, request.query.po),
  }));
  serve(app, 'addPart', async (request) => ({ parts: await addPart(db, request.principal, request.body) }));
  serve(app, 'replaceParts', async (request) => ({ parts: await saveParts(db, request.principal, request.body) }));
  serve(app, 'deletePart', async (request) => ({
    message: PART_DELETED,
    parts: await deletePart(db, request.principal, request.body),
  }));
}
