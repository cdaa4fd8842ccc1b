import { NewPart, PartDelete, PartDeleteResponse, PartsList, PartsQuery, PartsResponse } from '@quayside/domain/parts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { addPart, deletePart, listParts, saveParts } from './parts.service.ts';

export function registerPartRoutes(app: FastifyInstance, db: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/Parts/getParts',
    { schema: { tags: ['parts'], querystring: PartsQuery, response: { 200: PartsResponse } } },
    async (request) => ({ parts: await listParts(db, request.principal, request.query.shipment, request.query.po) }),
  );

  api.post(
    '/api/Parts',
    { schema: { tags: ['parts'], description: 'Adds one part.', body: NewPart, response: { 200: PartsResponse } } },
    async (request) => ({ parts: await addPart(db, request.principal, request.body) }),
  );

  api.post(
    '/api/Parts/save',
    {
      schema: {
        tags: ['parts'],
        description: "Replaces a line item's parts with the list sent (the spec's 'save the whole list').",
        body: PartsList,
        response: { 200: PartsResponse },
      },
    },
    async (request) => ({ parts: await saveParts(db, request.principal, request.body) }),
  );

  api.post(
    '/api/Parts/delete',
    { schema: { tags: ['parts'], body: PartDelete, response: { 200: PartDeleteResponse } } },
    async (request) => ({ message: 'Part deleted.', parts: await deletePart(db, request.principal, request.body) }),
  );
}
