import { DateHistoryResponse } from '@quayside/domain/date-history';
import {
  ShipmentBody,
  ShipmentHistoryQuery,
  ShipmentMatchResponse,
  ShipmentsQuery,
  ShipmentsResponse,
  ShipmentWriteQuery,
} from '@quayside/domain/shipments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { dateHistory } from './date-history.service.ts';
import { createShipment, getShipment, listShipments, matchShipments, updateShipment } from './shipments.service.ts';

export function registerShipmentRoutes(app: FastifyInstance, db: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/Shipments',
    {
      schema: {
        tags: ['shipments'],
        description:
          '?shipmentMatch= suggestions (shipment numbers, at least 4 characters); else ?shipment= one shipment ' +
          '(an empty list when not found); else a page of shipments ordered by number.',
        querystring: ShipmentsQuery,
        response: { 200: z.union([ShipmentsResponse, ShipmentMatchResponse]) },
      },
    },
    async (request) => {
      const { shipment, shipmentMatch, page, pageSize } = request.query;
      if (shipmentMatch !== undefined) return { shipments: await matchShipments(db, request.principal, shipmentMatch) };
      if (shipment !== undefined) return { shipments: await getShipment(db, request.principal, shipment) };
      return { shipments: await listShipments(db, request.principal, page, pageSize) };
    },
  );

  api.post(
    '/api/Shipments',
    {
      schema: {
        tags: ['shipments'],
        description: 'Without ?id= creates the shipment; with ?id= updates that shipment. The body is an array of one.',
        querystring: ShipmentWriteQuery,
        body: ShipmentBody,
        response: { 200: ShipmentsResponse },
      },
    },
    async (request) => {
      const [input] = request.body;
      if (!input) throw new Error('the validated body holds one shipment');
      const { id } = request.query;
      const saved =
        id === undefined
          ? await createShipment(db, request.principal, input)
          : await updateShipment(db, request.principal, id, input);
      return { shipments: [saved] };
    },
  );

  api.get(
    '/api/Shipments/history',
    {
      schema: {
        tags: ['shipments'],
        description:
          "A shipment's date history: every change of its dates (who, when, through what), each estimate's " +
          'first promise and how far it has moved, and its documents. 404 when not found or not visible.',
        querystring: ShipmentHistoryQuery,
        response: { 200: DateHistoryResponse },
      },
    },
    async (request) => dateHistory(db, request.principal, request.query.shipment),
  );
}
