import { shiftDay } from '@quayside/domain/line-item-query';
import type { PurchaseOrderInput, PurchaseOrderLineInput, ReceiptReason } from '@quayside/domain/purchase-orders';
import { sql } from 'drizzle-orm';
import { purchaseOrderHistory } from '../db/schema.ts';
import { savePurchaseOrders } from '../modules/purchase-orders/purchase-order-writes.ts';
import { type ReceiptLine, receivablesOf, recordReceipt } from '../modules/purchase-orders/receipt-writes.ts';
import type { Write } from '../write/with-write.ts';

// The demo's purchase orders: one for each PO number its line items carry, the SKUs their parts'
// part numbers, ordered so that a newcomer sees every state at once — partly shipped, split over
// shipments and forwarders, received in full, received short, over-shipped, a SKU shipped that the
// PO does not order, overdue, not booked by its cargo-ready date, short-closed — and a few receipts.
// Written through the same functions as POST /api/PurchaseOrders and 'Receive'.

const INCOTERMS = ['FOB', 'FOB', 'EXW', 'CIF', 'DAP', 'FCA'];
const FAMILY_DESCRIPTIONS: Record<string, string> = {
  PN: 'Spare part',
  VLV: 'Ball valve',
  FIT: 'Compression fitting',
  PIPE: 'PVC pipe, 3 m',
  CAP: 'End cap',
  ELB: 'Elbow 90°',
  TEE: 'Equal tee',
};
/** Delivered shipments received through 'Receive'; the 2nd is received short, the 4th damaged. */
const RECEIVED_SHIPMENTS = 8;
const SHORT_RECEIPTS: Record<number, { reason: ReceiptReason; note: string }> = {
  1: { reason: 'short', note: 'Two cartons missing on arrival' },
  3: { reason: 'damaged', note: 'Crushed pallet, written off' },
};
const SHORT_CLOSED = 2;
const SHORT_CLOSE_REASON = 'Supplier cannot make the rest this season; closed with the buyer.';

type CarriedRow = {
  title: string;
  shipment_id: number;
  shipment: string;
  consignor: string;
  etd: string | null;
  departed: boolean;
  delivered: boolean;
  sku: string | null;
  qty: number | null;
};

type Carried = {
  title: string;
  supplier: string;
  firstEtd: string | null;
  shipments: Set<string>;
  departed: boolean;
  /** Per SKU, the quantity carried over all its shipments (a part without a quantity: 0). */
  skus: Map<string, number>;
};

/** How a PO's ordered quantities relate to what its shipments carry. */
type Kind = 'exact' | 'over_shipped' | 'unknown_sku' | 'extra_line' | 'more_ordered';

const describe = (sku: string) => FAMILY_DESCRIPTIONS[sku.split('-')[0] ?? ''] ?? 'Machined component';

/** Creates the POs of every demo line item's PO number, the receipts, and two short-closes. */
export async function seedPurchaseOrders(write: Write, prefix: string, now: Date) {
  const today = now.toISOString().slice(0, 10);
  const rows = await write.tx.execute<CarriedRow>(sql`
    select li.title, s.id::int as shipment_id, s.shipment, s.consignor_name as consignor,
           (s.etd at time zone 'UTC')::date::text as etd, (s.atd is not null or s.ata is not null) as departed,
           s.act_delivery is not null as delivered, p.part_number as sku, p.qty
    from line_items li join shipments s on s.id = li.shipment_id left join parts p on p.line_item_id = li.id
    where s.shipment like ${`${prefix}%`}
    order by li.title, s.shipment, p.id`);
  const byTitle = new Map<string, Carried>();
  for (const row of rows.rows) {
    const carried = byTitle.get(row.title) ?? {
      title: row.title,
      supplier: row.consignor,
      firstEtd: row.etd,
      shipments: new Set<string>(),
      departed: false,
      skus: new Map<string, number>(),
    };
    byTitle.set(row.title, carried);
    carried.shipments.add(row.shipment);
    carried.departed ||= row.departed;
    if (row.etd !== null && (carried.firstEtd === null || row.etd < carried.firstEtd)) carried.firstEtd = row.etd;
    if (row.sku !== null) carried.skus.set(row.sku, (carried.skus.get(row.sku) ?? 0) + (row.qty ?? 0));
  }

  // Delivered shipments whose every part has a quantity and whose POs ship on them alone: received.
  const receivedShipments = pickReceivedShipments(rows.rows, byTitle);
  const receivedTitles = new Set(
    rows.rows.filter((row) => receivedShipments.has(row.shipment_id)).map((row) => row.title),
  );

  const orders: PurchaseOrderInput[] = [];
  const shortCloseCandidates: string[] = [];
  [...byTitle.values()].forEach((carried, index) => {
    const kind: Kind = receivedTitles.has(carried.title) ? 'exact' : kindOf(index, carried);
    if (
      kind === 'extra_line' &&
      carried.departed &&
      carried.skus.size > 0 &&
      shortCloseCandidates.length < SHORT_CLOSED
    )
      shortCloseCandidates.push(carried.title);
    orders.push(orderOf(carried, kind, index, today));
  });
  await savePurchaseOrders(write, orders, { removeAbsentLines: true, source: 'system' });

  for (const [index, [shipmentId, shipment]] of [...receivedShipments].entries()) {
    const lines: ReceiptLine[] = (await receivablesOf(write.tx, shipmentId)).map((line, lineIndex) => {
      const short = lineIndex === 0 ? SHORT_RECEIPTS[index] : undefined;
      if (short === undefined || line.shipped_qty < 2)
        return { po_number: line.po_number, sku: line.sku, received_qty: line.shipped_qty, reason: null, note: '' };
      return { po_number: line.po_number, sku: line.sku, received_qty: Math.floor(line.shipped_qty * 0.8), ...short };
    });
    await recordReceipt(write, { id: shipmentId, shipment }, lines, 'system');
  }
  await shortClose(write, shortCloseCandidates);
}

function kindOf(index: number, carried: Carried): Kind {
  if (carried.skus.size === 0) return 'extra_line';
  switch (index % 10) {
    case 1:
      return carried.departed ? 'over_shipped' : 'exact';
    case 3:
      return carried.skus.size >= 2 ? 'unknown_sku' : 'more_ordered';
    case 5:
    case 8:
      return 'extra_line';
    case 7:
      return 'more_ordered';
    default:
      return 'exact';
  }
}

function orderOf(carried: Carried, kind: Kind, index: number, today: string): PurchaseOrderInput {
  const skus = [...carried.skus];
  const ordered = skus.map(([sku, qty], position): [string, number] => {
    if (kind === 'over_shipped' && position === 0) return [sku, Math.max(1, qty - Math.max(1, Math.ceil(qty * 0.2)))];
    if (kind === 'more_ordered') return [sku, Math.max(10, Math.ceil((qty * 1.5) / 10) * 10)];
    return [sku, qty];
  });
  if (kind === 'unknown_sku') ordered.pop();
  if (kind === 'extra_line') ordered.push([`FIT-${String(90_000 + index).padStart(5, '0')}-9`, 50 + (index % 5) * 25]);
  // A PO is ordered six weeks before its first departure, ready three days before it, and wanted
  // seven weeks after; one not yet planned on a shipment was ordered a month ago.
  const departs = carried.firstEtd ?? shiftDay(today, 20);
  const lines: PurchaseOrderLineInput[] = ordered.map(([sku, qty], position) => ({
    line_number: (position + 1) * 10,
    sku,
    description: describe(sku),
    ordered_qty: qty,
    unit: 'EA',
    unit_price: Math.round((2.5 + ((index * 7 + position * 13) % 90)) * 100) / 100,
    requested_date: null,
  }));
  return {
    po_number: carried.title,
    supplier: carried.supplier,
    order_date: shiftDay(departs, -42),
    cargo_ready_date: shiftDay(departs, -3),
    requested_delivery_date: shiftDay(departs, 49),
    incoterm: INCOTERMS[index % INCOTERMS.length] ?? 'FOB',
    currency: index % 7 === 0 ? 'EUR' : 'USD',
    notes: '',
    lines,
  };
}

function pickReceivedShipments(rows: readonly CarriedRow[], byTitle: Map<string, Carried>) {
  const candidates = new Map<number, { shipment: string; ok: boolean }>();
  for (const row of rows) {
    const candidate = candidates.get(row.shipment_id) ?? { shipment: row.shipment, ok: row.delivered };
    candidate.ok &&=
      row.sku !== null && row.qty !== null && row.qty > 0 && byTitle.get(row.title)?.shipments.size === 1;
    candidates.set(row.shipment_id, candidate);
  }
  const picked = [...candidates]
    .filter(([, candidate]) => candidate.ok)
    .sort(([, a], [, b]) => a.shipment.localeCompare(b.shipment));
  return new Map(picked.slice(0, RECEIVED_SHIPMENTS).map(([id, candidate]) => [id, candidate.shipment]));
}

/** Closes these POs short with a reason, as an Admin would. */
async function shortClose(write: Write, numbers: readonly string[]) {
  if (numbers.length === 0) return;
  const closed = await write.tx.execute<{ id: number; po_number: string }>(sql`
    update purchase_orders set short_closed_at = now(), short_closed_reason = ${SHORT_CLOSE_REASON}, updated_at = now()
    where po_number in (${sql.join(
      numbers.map((number) => sql`${number}`),
      sql`, `,
    )}) returning id::int as id, po_number`);
  for (const row of closed.rows) {
    await write.tx.insert(purchaseOrderHistory).values({
      purchase_order_id: row.id,
      kind: 'short_closed',
      actor_email: write.actor.email,
      source: 'system',
      summary: `Short-closed: ${SHORT_CLOSE_REASON}`,
    });
    write.audit({
      action: 'update',
      entity: 'purchase_order',
      entityId: row.po_number,
      after: { short_closed_reason: SHORT_CLOSE_REASON },
    });
  }
  await write.purchaseOrdersChanged(numbers);
}
