import { z } from 'zod';
import type { Call } from '../call.ts';
import { AcceptInput, DecisionInput, ProposalInput } from '../confirmations.ts';
import { MessageResponse } from '../line-items.ts';
import {
  MAX_RECEIPT_LINES,
  PoNumberQuery,
  PurchaseOrderCountResponse,
  PurchaseOrderDetail,
  PurchaseOrderInput,
  PurchaseOrderListQuery,
  PurchaseOrderListResponse,
  ReceiptRequest,
  ReceiptResponse,
  ShipmentQuery,
  ShortCloseRequest,
} from '../purchase-orders.ts';

const ConfirmationAnswer = z.object({ message: z.string(), purchaseOrder: PurchaseOrderDetail });

const tag = 'purchase orders';

/** Purchase orders as records, reconciled per SKU; receipts per shipment. */
export const PURCHASE_ORDER_CALLS = {
  listPurchaseOrders: {
    method: 'GET',
    path: '/api/PurchaseOrders',
    tag,
    who: 'signed-in',
    suppliers: true,
    summary: 'A page of purchase orders',
    description:
      'Search (`q`: PO number, supplier or SKU contains), chips (`chip`: open, partly_shipped, shipped, received, ' +
      'overdue, short; any of them), `exception` kinds, `supplier`, `sort` and `direction`, `page`, `pageSize`. ' +
      'A Forwarder sees only the POs its own shipments carry, without ordered quantities; a supplier contact ' +
      'only those naming its company as supplier. Past 1,000 matches ' +
      '`total` is a lower bound (`totalExact` false).',
    query: PurchaseOrderListQuery,
    response: PurchaseOrderListResponse,
  },
  countPurchaseOrders: {
    method: 'GET',
    path: '/api/PurchaseOrders/count',
    tag,
    who: 'signed-in',
    suppliers: true,
    summary: "The exact count of a PO list query's matches",
    description:
      'The exact number of purchase orders matching the search and filters (page, pageSize and sort are ignored).',
    query: PurchaseOrderListQuery,
    response: PurchaseOrderCountResponse,
  },
  getPurchaseOrder: {
    method: 'GET',
    path: '/api/PurchaseOrders/detail',
    tag,
    who: 'signed-in',
    suppliers: true,
    summary: 'One purchase order with its lines, shipments and history',
    description:
      'Each line with its figures (ordered, booked, shipped, arrived, received, open, over-shipped, short), the ' +
      'SKUs shipped under it that it does not order, the shipments carrying it and its history. A Forwarder sees ' +
      "only what its own shipments carry, no prices; a PO it cannot see answers 404 like one that doesn't exist.",
    query: PoNumberQuery,
    response: PurchaseOrderDetail,
    errors: [404],
  },
  savePurchaseOrder: {
    method: 'POST',
    path: '/api/PurchaseOrders',
    tag,
    who: 'Admin',
    summary: 'Create a purchase order, or replace the one of that number',
    description:
      'The whole PO with its lines. A line of the same line number is the same line: a changed quantity or date ' +
      'is an amendment, kept in the history; a line left out is removed. Each SKU and each line number once.',
    body: PurchaseOrderInput,
    response: PurchaseOrderDetail,
    errors: [409],
  },
  shortClosePurchaseOrder: {
    method: 'POST',
    path: '/api/PurchaseOrders/short-close',
    tag,
    who: 'Admin',
    summary: 'Close a purchase order short, with a reason',
    description: 'Nothing more is expected of it: its open quantity stops counting as overdue or unbooked.',
    query: PoNumberQuery,
    body: ShortCloseRequest,
    response: MessageResponse,
    errors: [404, 409],
  },
  getReceipt: {
    method: 'GET',
    path: '/api/Receipts',
    tag,
    who: 'staff',
    summary: 'What a shipment carries that can be received, and what was received',
    description: 'Per PO and SKU: the quantity the shipment carries and, once received, the quantity and reason.',
    query: ShipmentQuery,
    response: ReceiptResponse,
    errors: [404],
  },
  receiveShipment: {
    method: 'POST',
    path: '/api/Receipts',
    tag,
    who: 'Admin',
    summary: 'Receive a shipment: the quantity received per PO and SKU',
    description:
      `1–${MAX_RECEIPT_LINES} lines, each a PO and SKU the shipment carries. A quantity that differs from what ` +
      'was shipped needs a reason (short, damaged, over, other). Receiving again replaces the earlier figure.',
    query: ShipmentQuery,
    body: ReceiptRequest,
    response: ReceiptResponse,
    errors: [404],
  },
  confirmPurchaseOrder: {
    method: 'POST',
    path: '/api/PurchaseOrders/confirm',
    tag,
    who: 'Supplier',
    suppliers: true,
    summary: 'Confirm a purchase order as it stands (its supplier)',
    description:
      "The supplier's contact accepts the PO: its quantities and dates become what the supplier promised. " +
      'Kept on the PO with an optional note.',
    query: PoNumberQuery,
    body: AcceptInput,
    response: ConfirmationAnswer,
    errors: [404, 409],
  },
  proposePurchaseOrderChanges: {
    method: 'POST',
    path: '/api/PurchaseOrders/proposals',
    tag,
    who: 'Supplier',
    suppliers: true,
    summary: 'Propose changes to a purchase order (its supplier)',
    description:
      "The PO's cargo-ready date, and per line a quantity, a cargo-ready date or a split into deliveries. Staff " +
      'approve or reject it whole; one that only moves cargo-ready dates within the automatic-approval limit is ' +
      'approved at once. One proposal waits per PO.',
    query: PoNumberQuery,
    body: ProposalInput,
    response: ConfirmationAnswer,
    errors: [404, 409],
  },
  decidePurchaseOrderProposal: {
    method: 'POST',
    path: '/api/PurchaseOrders/proposals/decision',
    tag,
    who: 'Admin',
    summary: "Approve or reject a supplier's proposal",
    description:
      'Approving makes the proposal the PO’s (each change in its history) and confirms it; rejecting needs a ' +
      'reason, which the supplier reads.',
    query: PoNumberQuery,
    body: DecisionInput,
    response: ConfirmationAnswer,
    errors: [404, 409],
  },
} as const satisfies Record<string, Call>;
