import { PO_SHORT_CLOSED } from '@quayside/domain/purchase-orders';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { serve } from '../../lib/serve.ts';
import { dayOf } from '../exceptions/exception-sql.ts';
import { confirmPurchaseOrder, decideProposal, proposeChanges } from './confirmations.service.ts';
import {
  countPurchaseOrders,
  getPurchaseOrder,
  listPurchaseOrders,
  savePurchaseOrder,
  shortClosePurchaseOrder,
} from './purchase-orders.service.ts';
import { getReceipt, receiveShipment } from './receipts.service.ts';

/** Purchase orders and receipts; `clock` gives the UTC day their exceptions are decided on. */
export function registerPurchaseOrderRoutes(app: FastifyInstance, db: Database, clock: () => Date) {
  const today = () => dayOf(clock());
  serve(app, 'listPurchaseOrders', (request) => listPurchaseOrders(db, request.principal, request.query, today()));
  serve(app, 'countPurchaseOrders', (request) => countPurchaseOrders(db, request.principal, request.query, today()));
  serve(app, 'getPurchaseOrder', (request) => getPurchaseOrder(db, request.principal, request.query.po, today()));
  serve(app, 'savePurchaseOrder', (request) => savePurchaseOrder(db, request.principal, request.body, today()));
  serve(app, 'shortClosePurchaseOrder', async (request) => {
    await shortClosePurchaseOrder(db, request.principal, request.query.po, request.body.reason);
    return { message: PO_SHORT_CLOSED };
  });
  serve(app, 'confirmPurchaseOrder', (request) =>
    confirmPurchaseOrder(db, request.principal, request.query.po, request.body.note, today()),
  );
  serve(app, 'proposePurchaseOrderChanges', (request) =>
    proposeChanges(db, request.principal, request.query.po, request.body, today()),
  );
  serve(app, 'decidePurchaseOrderProposal', (request) =>
    decideProposal(db, request.principal, request.query.po, request.body, today()),
  );
  serve(app, 'getReceipt', (request) => getReceipt(db, request.principal, request.query.shipment));
  serve(app, 'receiveShipment', (request) =>
    receiveShipment(db, request.principal, request.query.shipment, request.body),
  );
}
