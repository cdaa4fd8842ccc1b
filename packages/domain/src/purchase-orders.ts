import { z } from 'zod';
import { Proposal } from './confirmations.ts';
import { PAGE_SIZES } from './constants.ts';
import { pageParam, pageSizeParam, plainText } from './fields.ts';
import { wholeQuantity } from './parts.ts';
import { dayNumber, parseCalendarDate } from './text.ts';

export { wholeQuantity };

// Purchase orders as records: what was ordered, per SKU, and how much of it is booked, shipped,
// arrived and received. A PO's number is the `title` the dashboard's line items already carry and a
// line's SKU is the part number their parts carry, so shipments attach to their PO with no change to
// them. `reconcilePurchaseOrder` below is the definition; the server keeps the same figures in SQL
// (apps/server/src/modules/purchase-orders/purchase-orders.sql) and a property test holds the two equal.

export const MAX_PO_LINES = 1000;
export const MAX_PO_TEXT = 200;
export const MAX_PO_NOTES = 4000;
export const MAX_RECEIPT_LINES = 1000;

/** Where a PO stands, from its lines' quantities (`reconcilePurchaseOrder`). */
export const PO_STATUSES = ['open', 'partly_shipped', 'shipped', 'received', 'short_closed'] as const;
export type PoStatus = (typeof PO_STATUSES)[number];
export const PO_STATUS_LABELS: Record<PoStatus, string> = {
  open: 'Open',
  partly_shipped: 'Partly shipped',
  shipped: 'Shipped',
  received: 'Received',
  short_closed: 'Short-closed',
};
/** A PO is closed when received in full or short-closed: nothing more is expected of it. */
export const isClosedStatus = (status: PoStatus) => status === 'received' || status === 'short_closed';

/**
 * What needs attention about a PO, decided as of a day (UTC), like the shipments' exceptions
 * (exceptions.ts). A closed PO has none. A line item on the dashboard has its PO's.
 */
export const PO_EXCEPTION_KINDS = [
  'po_overdue',
  'po_not_booked',
  'po_cargo_ready_slipped',
  'po_received_short',
  'po_over_shipped',
  'po_unknown_sku',
] as const;
export type PoExceptionKind = (typeof PO_EXCEPTION_KINDS)[number];
export const PO_EXCEPTION_LABELS: Record<PoExceptionKind, string> = {
  po_overdue: 'PO overdue',
  po_not_booked: 'Not booked by cargo-ready date',
  po_cargo_ready_slipped: 'Cargo-ready date slipped',
  po_received_short: 'Received short',
  po_over_shipped: 'Over-shipped',
  po_unknown_sku: 'Unknown SKU shipped',
};
export const PO_EXCEPTION_DEFINITIONS: Record<PoExceptionKind, string> = {
  po_overdue:
    'A line’s requested date (else the PO’s requested delivery date) has passed and part of it is not shipped.',
  po_not_booked: 'The cargo-ready date has passed and part of an ordered quantity is neither booked nor shipped.',
  po_cargo_ready_slipped:
    'The next cargo-ready date of quantity not yet booked is later than the first cargo-ready date the PO had.',
  po_received_short: 'A shipment was received with less of a SKU than it carried.',
  po_over_shipped: 'More of a SKU was shipped than the PO orders.',
  po_unknown_sku: 'A shipment carries a part under this PO for a SKU the PO does not order.',
};

/** Why a received quantity differs from what the shipment carried. */
export const RECEIPT_REASONS = ['short', 'damaged', 'over', 'other'] as const;
export type ReceiptReason = (typeof RECEIPT_REASONS)[number];
export const RECEIPT_REASON_LABELS: Record<ReceiptReason, string> = {
  short: 'Short',
  damaged: 'Damaged',
  over: 'Over-delivered',
  other: 'Other',
};

// The server's answers that a client may show as they are.
export const PO_NOT_FOUND = 'Purchase order not found';
export const PO_ALREADY_CLOSED = 'This purchase order is already closed.';
export const PO_SHORT_CLOSED = 'Purchase order short-closed.';
export const PO_SAVED_MEANWHILE =
  'Someone saved a purchase order of this number at the same moment. Load it again and make your change there.';
export const RECEIPT_RECORDED = 'Receipt recorded.';
export const PURCHASE_ORDERS_FORBIDDEN = 'Only an administrator can change purchase orders and receipts.';
export const RECEIPTS_FORBIDDEN = 'Only staff can see what a shipment’s receipt recorded.';
export const NOTHING_TO_RECEIVE = 'This shipment carries no parts of a purchase order to receive.';
export const skuTwice = (sku: string, line: number) => `SKU ${sku} is already ordered on line ${line}.`;
export const lineNumberTwice = (line: number) => `Line ${line} is listed more than once.`;
export const receiptAboveShipped = (sku: string, shipped: number) =>
  `Received quantity of ${sku} is more than the ${shipped} shipped: give a reason.`;
export const receiptBelowShipped = (sku: string, shipped: number) =>
  `Received quantity of ${sku} is less than the ${shipped} shipped: give a reason (short, damaged).`;
export const receiptNotCarried = (po: string, sku: string) =>
  `The shipment carries no ${sku} under PO ${po}: only what it carries can be received.`;
export const unknownSupplier = (supplier: string) => `No supplier named “${supplier.slice(0, 80)}”. (supplier)`;

// ---- Fields ----

const requiredText = (name: string, max = MAX_PO_TEXT) =>
  plainText(max, `${name} must be at most ${max} characters.`).refine((value) => value !== '', `${name} is required.`);
const optionalText = (name: string, max = MAX_PO_TEXT) =>
  plainText(max, `${name} must be at most ${max} characters.`).default('');

/** A calendar day, YYYY-MM-DD, or null (absent or empty: not known). */
const day = (name: string) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((value, context) => {
      if (value === undefined || value === null || value.trim() === '') return null;
      const parsed = parseCalendarDate(value.trim());
      if (parsed === null || !/^\d{4}-\d{2}-\d{2}$/.test(value.trim())) {
        context.addIssue({ code: 'custom', message: `${name} must be a date, YYYY-MM-DD.` });
        return z.NEVER;
      }
      return value.trim();
    })
    .describe('YYYY-MM-DD, or null');

const price = z
  .number({ error: 'Unit price must be a number.' })
  .min(0, 'Unit price must not be negative.')
  .max(1e12, 'Unit price is too large.')
  .nullable()
  .default(null);

export const PurchaseOrderLineInput = z.strictObject({
  line_number: wholeQuantity('Line number', 1),
  sku: requiredText('SKU').describe("The part number the shipments' parts carry"),
  description: optionalText('Description', 1000),
  ordered_qty: wholeQuantity('Ordered quantity'),
  unit: optionalText('Unit', 20),
  unit_price: price,
  requested_date: day('Requested date'),
});
export type PurchaseOrderLineInput = z.infer<typeof PurchaseOrderLineInput>;

/** The header's fields, as POST /api/PurchaseOrders and the ERP import take them. */
export const PurchaseOrderHeaderInput = z.strictObject({
  po_number: requiredText('PO number').describe('The number the line items carry (their title)'),
  supplier: optionalText('Supplier'),
  order_date: day('Order date'),
  cargo_ready_date: day('Cargo-ready date'),
  requested_delivery_date: day('Requested delivery date'),
  incoterm: optionalText('Incoterm', 20),
  currency: optionalText('Currency', 3),
  notes: optionalText('Notes', MAX_PO_NOTES),
});
export type PurchaseOrderHeaderInput = z.infer<typeof PurchaseOrderHeaderInput>;

/**
 * A whole PO: created, or replacing the one of that number. A line of the same line number is the
 * same line (a changed quantity or date is an amendment, kept in its history); a line absent from
 * the body is removed (recorded too). Each SKU once, each line number once.
 */
export const PurchaseOrderInput = PurchaseOrderHeaderInput.extend({
  lines: z
    .array(PurchaseOrderLineInput)
    .min(1, 'A purchase order needs at least one line.')
    .max(MAX_PO_LINES, `A purchase order has at most ${MAX_PO_LINES} lines.`),
}).superRefine((po, context) => {
  const bySku = new Map<string, number>();
  const numbers = new Set<number>();
  po.lines.forEach((line, index) => {
    if (numbers.has(line.line_number))
      context.addIssue({
        code: 'custom',
        path: ['lines', index, 'line_number'],
        message: lineNumberTwice(line.line_number),
      });
    numbers.add(line.line_number);
    const first = bySku.get(line.sku);
    if (first !== undefined)
      context.addIssue({ code: 'custom', path: ['lines', index, 'sku'], message: skuTwice(line.sku, first) });
    else bySku.set(line.sku, line.line_number);
  });
});
export type PurchaseOrderInput = z.infer<typeof PurchaseOrderInput>;

export const PoNumberQuery = z.strictObject({
  po: requiredText('po').describe('The PO number'),
});

export const ShortCloseRequest = z.strictObject({
  reason: requiredText('Reason', 1000).describe('Why the rest will not come'),
});

// ---- The list ----

export const PO_SORT_KEYS = [
  'po_number',
  'supplier',
  'order_date',
  'cargo_ready_date',
  'requested_delivery_date',
  'status',
  'ordered_qty',
  'open_qty',
] as const;
export type PoSortKey = (typeof PO_SORT_KEYS)[number];

/** The list's chips: a status, or one of the attention flags. */
export const PO_CHIPS = ['open', 'partly_shipped', 'shipped', 'received', 'overdue', 'short'] as const;
export type PoChip = (typeof PO_CHIPS)[number];
export const PO_CHIP_LABELS: Record<PoChip, string> = {
  open: 'Open',
  partly_shipped: 'Partly shipped',
  shipped: 'Shipped',
  received: 'Received',
  overdue: 'Overdue',
  short: 'Short',
};

const commaList = <T extends string>(name: string, values: readonly T[]) =>
  z
    .string()
    .max(1000)
    .transform((text, context) => {
      const items = [...new Set(text.split(',').map((item) => item.trim()))].filter((item) => item !== '');
      const unknown = items.find((item) => !(values as readonly string[]).includes(item));
      if (unknown !== undefined) {
        context.addIssue({
          code: 'custom',
          message: `Unknown ${name}: ${unknown.slice(0, 40)}. Use ${values.join(', ')}.`,
        });
        return z.NEVER;
      }
      return items as T[];
    });

export const PurchaseOrderListQuery = z.strictObject({
  q: plainText(200, 'Search must be at most 200 characters.')
    .optional()
    .describe('PO number, supplier or SKU contains'),
  chip: commaList('chip', PO_CHIPS)
    .optional()
    .describe(`Any of: ${PO_CHIPS.join(', ')}`),
  exception: commaList('exception', PO_EXCEPTION_KINDS)
    .optional()
    .describe(`Any of: ${PO_EXCEPTION_KINDS.join(', ')}`),
  supplier: plainText(MAX_PO_TEXT).optional().describe('Only this supplier'),
  sort: z.enum(PO_SORT_KEYS, { error: `sort is one of ${PO_SORT_KEYS.join(', ')}.` }).default('po_number'),
  direction: z.enum(['asc', 'desc'], { error: 'direction is asc or desc.' }).default('asc'),
  page: pageParam.default(1),
  pageSize: pageSizeParam.default(PAGE_SIZES[0]),
});
export type PurchaseOrderListQuery = z.infer<typeof PurchaseOrderListQuery>;

// ---- Reconciliation: the definition ----

/**
 * What one PO line asks for. Its cargo-ready date (absent or null: the PO's) and split into
 * deliveries (in date order, summing to the quantity) are what the supplier's approved proposals set.
 */
export type OrderedLine = {
  line_number: number;
  sku: string;
  ordered_qty: number;
  requested_date: string | null;
  cargo_ready_date?: string | null;
  deliveries?: readonly { qty: number; cargo_ready_date: string }[] | null;
};

/** One part carried under the PO: a (shipment, SKU) with its quantity and where the shipment is. */
export type CarriedPart = {
  shipment_id: number;
  sku: string;
  qty: number | null;
  /** ATD or ATA set: the goods have left. */
  departed: boolean;
  /** ATA set. */
  arrived: boolean;
};

/** What a shipment's receipt recorded of one SKU of the PO. */
export type ReceivedPart = { shipment_id: number; sku: string; received_qty: number };

export type LineFigures = {
  ordered: number;
  /** On shipments not yet departed. */
  booked: number;
  /** On departed shipments (ATD or ATA). */
  shipped: number;
  arrived: number;
  received: number;
  /** ordered − shipped, never below zero. */
  open: number;
  /** shipped − ordered when more was shipped. */
  over_shipped: number;
  /** What receipts fell short of what their shipments carried. */
  short: number;
};

export type Reconciliation = {
  lines: Map<string, LineFigures>;
  /** Parts carried under the PO for SKUs it does not order, by SKU. */
  unknown: Map<string, Omit<LineFigures, 'ordered' | 'open' | 'over_shipped'>>;
  status: PoStatus;
  /** The earliest requested day of a line with open quantity: overdue once passed. */
  overdue_from: string | null;
  /** The earliest cargo-ready date of a line (or a delivery of a split) not yet booked nor shipped. */
  booking_due: string | null;
  /** Days booking_due is later than the PO's first cargo-ready date; null when not later. */
  cargo_ready_slip_days: number | null;
  exceptions: PoExceptionKind[];
};

const zeroFigures = (): LineFigures => ({
  ordered: 0,
  booked: 0,
  shipped: 0,
  arrived: 0,
  received: 0,
  open: 0,
  over_shipped: 0,
  short: 0,
});

/**
 * A PO's figures from its lines, the parts its shipments carry under its number, and the receipts.
 * `today` is the UTC day the exceptions are decided on: a day 'has passed' once it is before today.
 */
export function reconcilePurchaseOrder(po: {
  lines: readonly OrderedLine[];
  requested_delivery_date: string | null;
  cargo_ready_date: string | null;
  /** The first cargo-ready date the PO ever had (absent: its cargo-ready date now): a later one has slipped. */
  first_cargo_ready_date?: string | null;
  short_closed: boolean;
  carried: readonly CarriedPart[];
  received: readonly ReceivedPart[];
  today: string;
}): Reconciliation {
  const lines = new Map(po.lines.map((line) => [line.sku, { ...zeroFigures(), ordered: line.ordered_qty }]));
  const unknown = new Map<string, LineFigures>();
  const carriedBy = new Map<string, number>();
  const figuresOf = (sku: string) => {
    const known = lines.get(sku);
    if (known !== undefined) return known;
    const other = unknown.get(sku) ?? zeroFigures();
    unknown.set(sku, other);
    return other;
  };
  for (const part of po.carried) {
    const qty = part.qty ?? 0;
    const figures = figuresOf(part.sku);
    if (part.departed) figures.shipped += qty;
    else figures.booked += qty;
    if (part.arrived) figures.arrived += qty;
    carriedBy.set(`${part.shipment_id}\u0001${part.sku}`, qty);
  }
  for (const receipt of po.received) {
    const figures = figuresOf(receipt.sku);
    figures.received += receipt.received_qty;
    const carried = carriedBy.get(`${receipt.shipment_id}\u0001${receipt.sku}`) ?? 0;
    figures.short += Math.max(carried - receipt.received_qty, 0);
  }
  for (const figures of lines.values()) {
    figures.open = Math.max(figures.ordered - figures.shipped, 0);
    figures.over_shipped = Math.max(figures.shipped - figures.ordered, 0);
  }

  const all = [...lines.values()];
  const status: PoStatus = po.short_closed
    ? 'short_closed'
    : all.length > 0 && all.every((line) => line.received >= line.ordered)
      ? 'received'
      : all.length > 0 && all.every((line) => line.open === 0)
        ? 'shipped'
        : all.some((line) => line.shipped > 0)
          ? 'partly_shipped'
          : 'open';

  let overdue_from: string | null = null;
  for (const line of po.lines) {
    const due = line.requested_date ?? po.requested_delivery_date;
    if (due !== null && (lines.get(line.sku)?.open ?? 0) > 0 && (overdue_from === null || due < overdue_from))
      overdue_from = due;
  }
  // A line's booking is due from its cargo-ready date while part of it is neither booked nor
  // shipped; a split line's, from the first delivery that what is booked and shipped does not cover.
  let booking_due: string | null = null;
  for (const line of po.lines) {
    const figures = lines.get(line.sku);
    const covered = (figures?.booked ?? 0) + (figures?.shipped ?? 0);
    let due: string | null = null;
    if (line.deliveries) {
      let upTo = 0;
      for (const delivery of line.deliveries) {
        upTo += delivery.qty;
        if (upTo > covered && (due === null || delivery.cargo_ready_date < due)) due = delivery.cargo_ready_date;
      }
    } else if (line.ordered_qty > covered) due = line.cargo_ready_date ?? po.cargo_ready_date;
    if (due !== null && (booking_due === null || due < booking_due)) booking_due = due;
  }

  const promised = po.first_cargo_ready_date ?? po.cargo_ready_date;
  const cargo_ready_slip_days =
    booking_due !== null && promised !== null && booking_due > promised
      ? dayNumber(booking_due) - dayNumber(promised)
      : null;

  const exceptions: PoExceptionKind[] = [];
  if (!isClosedStatus(status)) {
    if (overdue_from !== null && overdue_from < po.today) exceptions.push('po_overdue');
    if (booking_due !== null && booking_due < po.today) exceptions.push('po_not_booked');
    if (cargo_ready_slip_days !== null) exceptions.push('po_cargo_ready_slipped');
    if ([...lines.values(), ...unknown.values()].some((line) => line.short > 0)) exceptions.push('po_received_short');
    if (all.some((line) => line.over_shipped > 0)) exceptions.push('po_over_shipped');
    if (unknown.size > 0) exceptions.push('po_unknown_sku');
  }
  const unknownFigures = new Map(
    [...unknown].map(([sku, { ordered: _o, open: _p, over_shipped: _s, ...rest }]) => [sku, rest]),
  );
  return { lines, unknown: unknownFigures, status, overdue_from, booking_due, cargo_ready_slip_days, exceptions };
}

// ---- On the wire ----

const quantityFigures = {
  booked_qty: z.number().int().describe('On shipments not yet departed'),
  shipped_qty: z.number().int().describe('On departed shipments (ATD or ATA set)'),
  arrived_qty: z.number().int().describe('On arrived shipments (ATA set)'),
  received_qty: z.number().int().describe('Recorded by receipts'),
  short_qty: z.number().int().describe('What receipts fell short of what their shipments carried'),
};

/**
 * A PO line and its figures. For a Forwarder only the SKUs its own shipments carry, their figures
 * counted over its shipments alone, and no ordered quantity, open quantity or price (null).
 */
export const PurchaseOrderLine = z.object({
  line_number: z.number().int(),
  sku: z.string(),
  description: z.string(),
  unit: z.string(),
  unit_price: z.number().nullable(),
  requested_date: z.string().nullable(),
  cargo_ready_date: z
    .string()
    .nullable()
    .describe("The day the line is ready: its own, as the supplier's approved proposals set it, else the PO's"),
  deliveries: z
    .array(z.object({ qty: z.number().int(), cargo_ready_date: z.string() }))
    .nullable()
    .describe('When the line comes in several deliveries: each quantity and the day it is ready'),
  ordered_qty: z.number().int().nullable(),
  open_qty: z.number().int().nullable().describe('ordered − shipped, never below zero'),
  over_shipped_qty: z.number().int().nullable(),
  ...quantityFigures,
});
export type PurchaseOrderLine = z.infer<typeof PurchaseOrderLine>;

/** Parts shipped under the PO for a SKU it does not order. */
export const UnknownSkuFigures = z.object({ sku: z.string(), ...quantityFigures });

/** One row of the PO list. */
export const PurchaseOrderSummary = z.object({
  po_number: z.string(),
  supplier: z.string(),
  order_date: z.string().nullable(),
  cargo_ready_date: z.string().nullable(),
  requested_delivery_date: z.string().nullable(),
  status: z.enum(PO_STATUSES),
  lines: z.number().int(),
  ordered_qty: z.number().int().nullable(),
  open_qty: z.number().int().nullable(),
  shipped_qty: z.number().int(),
  received_qty: z.number().int(),
  exceptions: z.array(z.enum(PO_EXCEPTION_KINDS)),
  confirmation: z
    .enum(['awaiting', 'proposed', 'confirmed'])
    .describe('awaiting: the supplier has not confirmed it; proposed: a change waits for a decision'),
});
export type PurchaseOrderSummary = z.infer<typeof PurchaseOrderSummary>;

export const PurchaseOrderListResponse = z.object({
  purchaseOrders: z.array(PurchaseOrderSummary),
  total: z.number().int().describe('POs matching the search and filters: exact when totalExact, else a lower bound'),
  totalExact: z
    .boolean()
    .describe(
      'False when too many POs match to count them here: ask GET /api/PurchaseOrders/count for the exact figure',
    ),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const PurchaseOrderCountResponse = z.object({
  total: z.number().int().describe('POs matching the search and filters, exactly'),
});

/** A shipment carrying the PO: its milestones and, per SKU, what it carries and what was received. */
export const PurchaseOrderShipment = z.object({
  shipment: z.string(),
  forwarder_name: z.string(),
  mode: z.string(),
  etd: z.string().nullable(),
  atd: z.string().nullable(),
  dest_eta: z.string().nullable(),
  ata: z.string().nullable(),
  est_delivery: z.string().nullable(),
  act_delivery: z.string().nullable(),
  parts: z.array(
    z.object({
      sku: z.string(),
      qty: z.number().int().nullable(),
      received_qty: z.number().int().nullable().describe('null: not received yet'),
      reason: z.enum(RECEIPT_REASONS).nullable(),
    }),
  ),
});

/** What happened to the PO, newest first: created, amended, received, short-closed. */
export const PurchaseOrderHistoryEntry = z.object({
  at: z.string().describe('ISO timestamp'),
  kind: z.enum([
    'created',
    'amended',
    'line_added',
    'line_removed',
    'received',
    'short_closed',
    'confirmed',
    'proposed',
    'approved',
    'rejected',
    'booked',
  ]),
  actor: z.string().nullable().describe("The person's e-mail, null for the system"),
  source: z.string().describe('screen, import, api or system'),
  summary: z.string().describe("What changed, as a person reads it ('Line 2 ordered quantity 100 → 80')"),
});

export const PurchaseOrderDetail = PurchaseOrderSummary.extend({
  incoterm: z.string(),
  currency: z.string(),
  notes: z.string(),
  short_closed_reason: z.string().nullable(),
  purchaseOrderLines: z.array(PurchaseOrderLine),
  unknownSkus: z.array(UnknownSkuFigures),
  shipments: z.array(PurchaseOrderShipment),
  history: z.array(PurchaseOrderHistoryEntry),
  proposals: z.array(Proposal).describe("The supplier's confirmations and proposals, newest first"),
});
export type PurchaseOrderDetail = z.infer<typeof PurchaseOrderDetail>;

// ---- Receipts ----

export const ShipmentQuery = z.strictObject({ shipment: requiredText('shipment').describe('The shipment number') });

/** What a shipment carries that can be received, per (PO, SKU), with what was received so far. */
export const ReceivableLine = z.object({
  po_number: z.string(),
  sku: z.string(),
  shipped_qty: z.number().int().describe("The part's quantity on this shipment"),
  received_qty: z.number().int().nullable().describe('null: not received yet'),
  reason: z.enum(RECEIPT_REASONS).nullable(),
  note: z.string(),
  on_po: z.boolean().describe('Whether the PO orders this SKU'),
});
export const ReceiptResponse = z.object({ shipment: z.string(), lines: z.array(ReceivableLine) });

/**
 * Staff record what arrived of a shipment, per PO and SKU: the quantity received (what was shipped
 * when they accept it as is) and, for any difference, a reason. Receiving again replaces the
 * earlier figure (a correction, kept in the history).
 */
export const ReceiptRequest = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        po_number: requiredText('PO number'),
        sku: requiredText('SKU'),
        received_qty: wholeQuantity('Received quantity'),
        reason: z
          .enum(RECEIPT_REASONS, { error: `Reason is one of ${RECEIPT_REASONS.join(', ')}.` })
          .nullable()
          .default(null),
        note: optionalText('Note', 1000),
      }),
    )
    .min(1, 'Receive at least one line.')
    .max(MAX_RECEIPT_LINES, `A receipt has at most ${MAX_RECEIPT_LINES} lines.`),
});
export type ReceiptRequest = z.infer<typeof ReceiptRequest>;
