import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { serve } from '../../lib/serve.ts';
import { dateHistory } from './date-history.service.ts';
import { createShipment, getShipment, listShipments, matchShipments, updateShipment } from './shipments.service.ts';

export function registerShipmentRoutes(app: FastifyInstance, db: Database) {
  serve(app, 'getShipments', async (request) => {
    const { shipment, shipmentMatch, page, pageSize } = request.query;
    if (shipmentMatch !== undefined) return { shipments: await matchShipments(db, request.principal, shipmentMatch) };
    if (shipment !== undefined) return { shipments: await getShipment(db, request.principal, shipment) };
    return { shipments: await listShipments(db, request.principal, page, pageSize) };
  });

  serve(app, 'saveShipments', async (request) => {
    const [input] = request.body;
    if (!input) throw new Error('the validated body holds one shipment');
    const { id } = request.query;
    const saved =
      id === undefined
        ? await createShipment(db, request.principal, input)
        : await updateShipment(db, request.principal, id, input);
    return { shipments: [saved] };
  });

  serve(app, 'getShipmentHistory', (request) => dateHistory(db, request.principal, request.query.shipment));
}
