import { MAX_PAGE_BUTTONS } from '@quayside/domain/constants';
import { COUNT_LIMIT } from '@quayside/domain/line-items';
import { canWritePurchaseOrders } from '@quayside/domain/permissions';
import {
  isClosedStatus,
  PO_ALREADY_CLOSED,
  PO_NOT_FOUND,
  type PoStatus,
  PURCHASE_ORDERS_FORBIDDEN,
  type PurchaseOrderDetail,
  type PurchaseOrderInput,
  type PurchaseOrderListQuery,
  type PurchaseOrderSummary,
  reconcilePurchaseOrder,
  unknownSupplier,
} from '@quayside/domain/purchase-orders';
import { sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import {
  purchaseOrderHistoryScope,
  purchaseOrderPartScope,
  seesPurchaseOrderNotes,
  seesWholePurchaseOrders,
} from '../../auth/visibility.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { withWrite } from '../../write/with-write.ts';
import { actorOf } from '../audit/audit.service.ts';
import { proposalsOf } from './proposal-rows.ts';
import {
  countSql,
  type Filter,
  firstMatchesSql,
  type SummaryRow,
  summariesSql,
  supplierSeenSql,
} from './purchase-order-sql.ts';
import { savePurchaseOrders } from './purchase-order-writes.ts';

// Purchase orders: the list, one PO with its lines, shipments and history, saving a whole PO and
// closing one short. Who sees what of a PO is auth/visibility.ts's; the figures are the write door's.

type Detail = PurchaseOrderDetail;

/** Where a request came from, as a PO's history names it. */
export const sourceOf = (principal: Principal) => principal.via ?? 'screen';

export function assertMayWritePurchaseOrders(principal: Principal) {
  if (!canWritePurchaseOrders(principal.role)) throw new AppError('forbidden', PURCHASE_ORDERS_FORBIDDEN);
}

const summaryOf = ({ id: _id, ...row }: SummaryRow): PurchaseOrderSummary => ({
  ...row,
  status: row.status as PoStatus,
  confirmation: row.confirmation as PurchaseOrderSummary['confirmation'],
  exceptions: row.exceptions as PurchaseOrderSummary['exceptions'],
});

const filterOf = (query: PurchaseOrderListQuery): Filter => ({
  q: query.q,
  chip: query.chip,
  exception: query.exception,
  supplier: query.supplier,
});

/**
 * A page of the list, and how many POs match. Up to COUNT_LIMIT matches, the page is sorted from
 * among them. Past that it is read in the sort's order, and the count stops where the pager's
 * pages past this one end (a lower bound; the exact figure is countPurchaseOrders): counting
 * 50,000 open POs costs more than finding their page.
 */
export async function listPurchaseOrders(
  db: Queryable,
  principal: Principal,
  query: PurchaseOrderListQuery,
  today: string,
) {
  const filter = filterOf(query);
  const offset = (query.page - 1) * query.pageSize;
  const page = { sort: query.sort, direction: query.direction, limit: query.pageSize, offset };
  const answer = (rows: SummaryRow[], total: number, totalExact: boolean) => ({
    purchaseOrders: rows.map(summaryOf),
    total,
    totalExact,
    page: query.page,
    pageSize: query.pageSize,
  });
  // Few matches are found first, by whatever index finds them, and the page sorted from among them.
  const few = offset < COUNT_LIMIT ? await countOf(db, principal, filter, today, COUNT_LIMIT + 1) : undefined;
  if (few !== undefined && few <= COUNT_LIMIT) {
    if (few === 0) await assertSupplierSeen(db, principal, query, 0);
    if (offset >= few) return answer([], few, true);
    const rows = await db.execute<SummaryRow>(firstMatchesSql(principal, filter, today, page, COUNT_LIMIT));
    return answer(rows.rows, few, true);
  }
  // Many: the page is read in the sort's order, beside a count as far as the pager offers.
  const countedUpTo = Math.max(COUNT_LIMIT, offset + query.pageSize * MAX_PAGE_BUTTONS) + 1;
  const [rows, total] = await Promise.all([
    db.execute<SummaryRow>(summariesSql(principal, filter, today, page)),
    few === countedUpTo ? few : countOf(db, principal, filter, today, countedUpTo),
  ]);
  await assertSupplierSeen(db, principal, query, total);
  return answer(rows.rows, total, total < countedUpTo);
}

async function countOf(db: Queryable, principal: Principal, filter: Filter, today: string, upTo: number | null) {
  return (await db.execute<{ total: number }>(countSql(principal, filter, today, upTo))).rows[0]?.total ?? 0;
}

/** The exact number of POs the list's query matches. */
export async function countPurchaseOrders(
  db: Queryable,
  principal: Principal,
  query: PurchaseOrderListQuery,
  today: string,
) {
  const total = await countOf(db, principal, filterOf(query), today, null);
  await assertSupplierSeen(db, principal, query, total);
  return { total };
}

/** A supplier filter naming nobody the principal sees is a mistake to point out, not an empty list. */
async function assertSupplierSeen(db: Queryable, principal: Principal, query: PurchaseOrderListQuery, total: number) {
  if (total > 0 || query.supplier === undefined) return;
  const seen = await db.execute<{ seen: boolean }>(supplierSeenSql(principal, query.supplier));
  if (!seen.rows[0]?.seen) throw new AppError('invalid', unknownSupplier(query.supplier));
}

type LineRow = {
  line_number: number;
  sku: string;
  description: string;
  unit: string;
  unit_price: number | null;
  requested_date: string | null;
  cargo_ready_date: string | null;
  deliveries: { qty: number; cargo_ready_date: string }[] | null;
  ordered_qty: number;
  booked_qty: number;
  shipped_qty: number;
  arrived_qty: number;
  received_qty: number;
  short_qty: number;
};
type CarriedRow = {
  shipment_id: number;
  shipment: string;
  forwarder_name: string;
  mode: string;
  etd: string | null;
  atd: string | null;
  dest_eta: string | null;
  ata: string | null;
  est_delivery: string | null;
  act_delivery: string | null;
  sku: string | null;
  qty: number | null;
};
type ReceivedRow = {
  shipment_id: number;
  sku: string;
  received_qty: number;
  reason: Detail['shipments'][number]['parts'][number]['reason'];
};

const iso = (column: string) =>
  sql.raw(`to_char(s.${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${column}`);

/**
 * One PO as the principal sees it: 404 for a PO it may not see, exactly as for one that does not exist.
 * Staff read the line figures the write door keeps; a Forwarder's are reconciled here from its own
 * shipments alone (reconcilePurchaseOrder, the same definition the kept figures follow).
 */
export async function getPurchaseOrder(
  db: Queryable,
  principal: Principal,
  poNumber: string,
  today: string,
): Promise<Detail> {
  const found = await db.execute<SummaryRow>(
    summariesSql(principal, { po: poNumber }, today, { sort: 'po_number', direction: 'asc', limit: 1, offset: 0 }),
  );
  const summary = found.rows[0];
  if (summary === undefined) throw new AppError('not_found', PO_NOT_FOUND);
  const whole = seesWholePurchaseOrders(principal);
  const partScope = purchaseOrderPartScope(principal);

  const [header, lines, carried, received, history, proposals] = await Promise.all([
    db.execute<{ incoterm: string; currency: string; notes: string; short_closed_reason: string | null }>(sql`
      select incoterm, currency, notes, short_closed_reason from purchase_orders where id = ${summary.id}`),
    db.execute<LineRow>(sql`
      select line_number, sku, description, unit, unit_price::float8 as unit_price, requested_date::text as requested_date,
             coalesce(cargo_ready_date, ${summary.cargo_ready_date}::date)::text as cargo_ready_date, deliveries, ordered_qty, booked_qty::float8 as booked_qty, shipped_qty::float8 as shipped_qty,
             arrived_qty::float8 as arrived_qty, received_qty::float8 as received_qty, short_qty::float8 as short_qty
      from purchase_order_lines where purchase_order_id = ${summary.id} order by line_number`),
    db.execute<CarriedRow>(sql`
      select s.id::int as shipment_id, s.shipment, s.forwarder_name, s.mode, ${iso('etd')}, ${iso('atd')}, ${iso('dest_eta')},
             ${iso('ata')}, ${iso('est_delivery')}, ${iso('act_delivery')}, p.part_number as sku, p.qty
      from line_items li join shipments s on s.id = li.shipment_id left join parts p on p.line_item_id = li.id
      where li.title = ${poNumber} and ${partScope}
      order by s.shipment collate "C", p.id`),
    db.execute<ReceivedRow>(sql`
      select r.shipment_id::int as shipment_id, r.sku, r.received_qty, r.reason
      from receipts r join shipments s on s.id = r.shipment_id
      where r.po_number = ${poNumber}
        and ${whole ? sql`true` : sql`exists (select 1 from line_items li where li.title = r.po_number and li.shipment_id = s.id and ${partScope})`}`),
    db.execute<Detail['history'][number]>(sql`
      select to_char(h.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, h.kind, h.actor_email as actor, h.source, h.summary
      from purchase_order_history h
      where h.purchase_order_id = ${summary.id} and ${purchaseOrderHistoryScope(principal)}
      order by h.at desc, h.id desc`),
    // A proposal names ordered quantities, which a Forwarder does not see.
    whole ? proposalsOf(db, summary.id) : [],
  ]);

  const reconciled = reconcilePurchaseOrder({
    lines: lines.rows.map((line) => ({ ...line, requested_date: line.requested_date })),
    requested_delivery_date: summary.requested_delivery_date,
    cargo_ready_date: summary.cargo_ready_date,
    short_closed: summary.status === 'short_closed',
    carried: carried.rows.flatMap((row) =>
      row.sku === null
        ? []
        : [
            {
              shipment_id: row.shipment_id,
              sku: row.sku,
              qty: row.qty,
              departed: row.atd !== null || row.ata !== null,
              arrived: row.ata !== null,
            },
          ],
    ),
    received: received.rows,
    today,
  });
  const carriedSkus = new Set(carried.rows.map((row) => row.sku));
  const purchaseOrderLines = whole
    ? lines.rows.map((line) => ({
        ...line,
        open_qty: Math.max(line.ordered_qty - line.shipped_qty, 0),
        over_shipped_qty: Math.max(line.shipped_qty - line.ordered_qty, 0),
      }))
    : lines.rows
        .filter((line) => carriedSkus.has(line.sku))
        .map((line) => {
          const own = reconciled.lines.get(line.sku);
          return {
            ...line,
            unit_price: null,
            deliveries: null,
            ordered_qty: null,
            open_qty: null,
            over_shipped_qty: null,
            booked_qty: own?.booked ?? 0,
            shipped_qty: own?.shipped ?? 0,
            arrived_qty: own?.arrived ?? 0,
            received_qty: own?.received ?? 0,
            short_qty: own?.short ?? 0,
          };
        });
  const unknownSkus = [...reconciled.unknown].map(([sku, figures]) => ({
    sku,
    booked_qty: figures.booked,
    shipped_qty: figures.shipped,
    arrived_qty: figures.arrived,
    received_qty: figures.received,
    short_qty: figures.short,
  }));

  const receiptOf = new Map(received.rows.map((row) => [`${row.shipment_id}\u0001${row.sku}`, row]));
  const shipments = new Map<number, Detail['shipments'][number]>();
  for (const { shipment_id, sku, qty, ...shipment } of carried.rows) {
    const entry = shipments.get(shipment_id) ?? { ...shipment, parts: [] };
    shipments.set(shipment_id, entry);
    if (sku === null) continue;
    const receipt = receiptOf.get(`${shipment_id}\u0001${sku}`);
    entry.parts.push({ sku, qty, received_qty: receipt?.received_qty ?? null, reason: receipt?.reason ?? null });
  }

  const extra = header.rows[0] ?? { incoterm: '', currency: '', notes: '', short_closed_reason: null };
  return {
    ...summaryOf(summary),
    incoterm: extra.incoterm,
    currency: extra.currency,
    notes: seesPurchaseOrderNotes(principal) ? extra.notes : '',
    short_closed_reason: seesPurchaseOrderNotes(principal) ? extra.short_closed_reason : null,
    purchaseOrderLines,
    unknownSkus,
    shipments: [...shipments.values()],
    history: history.rows,
    proposals,
  };
}

/** POST /api/PurchaseOrders: the whole PO created, or the stored one made to match it (Admin). */
export async function savePurchaseOrder(db: Database, principal: Principal, input: PurchaseOrderInput, today: string) {
  assertMayWritePurchaseOrders(principal);
  await withWrite(db, actorOf(principal), (write) =>
    savePurchaseOrders(write, [input], { removeAbsentLines: true, source: sourceOf(principal) }),
  );
  return getPurchaseOrder(db, principal, input.po_number, today);
}

/** Closes a PO short with a reason (Admin): nothing more is expected of it. */
export async function shortClosePurchaseOrder(db: Database, principal: Principal, poNumber: string, reason: string) {
  assertMayWritePurchaseOrders(principal);
  await withWrite(db, actorOf(principal), async (write) => {
    const found = await write.tx.execute<{ id: number; status: PoStatus }>(sql`
      select id::int as id, status from purchase_orders where po_number = ${poNumber} for update`);
    const po = found.rows[0];
    if (po === undefined) throw new AppError('not_found', PO_NOT_FOUND);
    if (isClosedStatus(po.status)) throw new AppError('conflict', PO_ALREADY_CLOSED);
    await write.tx.execute(sql`
      update purchase_orders set short_closed_at = now(), short_closed_reason = ${reason}, updated_at = now()
      where id = ${po.id}`);
    await write.tx.execute(sql`
      insert into purchase_order_history (purchase_order_id, kind, actor_email, source, summary)
      values (${po.id}, 'short_closed', ${write.actor.email}, ${sourceOf(principal)}, ${`Short-closed: ${reason}`})`);
    write.audit({
      action: 'update',
      entity: 'purchase_order',
      entityId: poNumber,
      before: { status: po.status },
      after: { status: 'short_closed', short_closed_reason: reason },
    });
    await write.purchaseOrdersChanged([poNumber]);
  });
}
