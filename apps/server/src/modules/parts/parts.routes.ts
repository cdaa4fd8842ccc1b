import {
  NewPart,
  PART_DELETED,
  PartDelete,
  PartDeleteResponse,
  PartsList,
  PartsQuery,
  PartsResponse,
} from '@quayside/domain/parts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { addPart, deletePart, listParts, saveParts } from './parts.service.ts';

export function registerPartRoutes(app: FastifyInstance, db: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/Parts/getParts',
    {
      schema: {
        tags: ['parts'],
        description: 'The parts of one line item (PO on a shipment), in the order added.',
        querystring: PartsQuery,
        response: { 200: PartsResponse },
      },
    },
    async (request) => ({ parts: await listParts(db, request.principal, request.query.shipment, request.query.po) }),
  );

  api.post(
    '/api/Parts',
    {
      schema: {
        tags: ['parts'],
        description: 'Adds one part (409 if the line item already has that part number); answers the whole list.',
        body: NewPart,
        response: { 200: PartsResponse },
      },
    },
    async (request) => ({ parts: await addPart(db, request.principal, request.body) }),
  );

  api.post(
    '/api/Parts/save',
    {
      schema: {
        tags: ['parts'],
        description: "Replaces a line item's parts with the list sent, atomically (the spec's 'save the whole list').",
        body: PartsList,
        response: { 200: PartsResponse },
      },
    },
    async (request) => ({ parts: await saveParts(db, request.principal, request.body) }),
  );

  api.post(
    '/api/Parts/delete',
    {
      schema: {
        tags: ['parts'],
        description:
          'Removes one part; with prev_part_numbers, only if the stored part numbers are still those (else 409).',
        body: PartDelete,
        response: { 200: PartDeleteResponse },
      },
    },
    async (request) => ({ message: PART_DELETED, parts: await deletePart(db, request.principal, request.body) }),
  );
}
