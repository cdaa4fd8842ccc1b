import {
  PO_EXCEPTION_KINDS,
  type PoChip,
  type PoExceptionKind,
  type PoSortKey,
  type PurchaseOrderListQuery,
} from '@quayside/domain/purchase-orders';
import { type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import { ownPurchaseOrderFigures, purchaseOrderScope, seesWholePurchaseOrders } from '../../auth/visibility.ts';

// The PO list's questions as SQL over purchase_orders (`po`): a PO's summary figures, status and
// exceptions as the principal sees them, the chips, search and sorts. Staff read the figures the
// write door keeps on the PO (purchase-orders.sql), a Forwarder those kept for its company beside it.

/** A PO's summary as the principal sees it: one SQL expression per figure, over `po` and what `from` joins. */
type Figures = {
  /** What follows `from purchase_orders po`: the table a Forwarder's figures are kept in. */
  from: SQL;
  /** The PO's number, from the table whose index the list walks. */
  number: SQL;
  status: SQL;
  lines: SQL;
  ordered: SQL;
  open: SQL;
  shipped: SQL;
  received: SQL;
  short: SQL;
  overShipped: SQL;
  unknownSkus: SQL;
  overdueFrom: SQL;
  bookingDue: SQL;
  cargoReadySlip: SQL;
  search: SQL;
  /** The figures' own search text is narrower than the PO's: ask the PO's trigram index first. */
  ownSearch: boolean;
  /** Which POs the principal sees, beyond what `from` joins. */
  scope: SQL;
};

/** The figures the write door keeps: staff see them all. */
const KEPT: Figures = {
  from: sql``,
  number: sql`po.po_number`,
  status: sql`po.status`,
  lines: sql`po.line_count`,
  ordered: sql`po.ordered_qty`,
  open: sql`po.open_qty`,
  shipped: sql`po.shipped_qty`,
  received: sql`po.received_qty`,
  short: sql`po.short_qty`,
  overShipped: sql`po.over_shipped_qty`,
  unknownSkus: sql`po.unknown_skus`,
  overdueFrom: sql`po.overdue_from`,
  bookingDue: sql`po.booking_due`,
  cargoReadySlip: sql`po.cargo_ready_slip_days`,
  search: sql`po.search`,
  ownSearch: false,
  scope: sql`true`,
};

/**
 * A Forwarder's figures, kept beside the PO's own (purchase-orders.sql): what its own shipments
 * carry under the PO and what their receipts say, so nothing of another forwarder's shipments
 * shows. Its status says only what those shipments show (partly shipped once one of them has
 * departed with a line's SKU, else open), except that a closed PO shows as closed: every forwarder
 * needs to know that nothing more is expected of it. Open and over-shipped quantities, overdue,
 * unbooked and a slipped cargo-ready date need the ordered quantity and every shipment: a Forwarder sees none of them, so of the
 * exceptions only 'received short' and 'unknown SKU' (on its own shipments) can show. Its search
 * finds a PO by a SKU only when its own shipments carry it.
 */
const ownFigures = (principal: Principal): Figures => ({
  from: ownPurchaseOrderFigures(principal),
  number: sql`own.po_number`,
  status: sql`own.status`,
  lines: sql`own.line_count`,
  ordered: sql`null::bigint`,
  open: sql`null::bigint`,
  shipped: sql`own.shipped_qty`,
  received: sql`own.received_qty`,
  short: sql`own.short_qty`,
  overShipped: sql`null::bigint`,
  unknownSkus: sql`own.unknown_skus`,
  overdueFrom: sql`null::date`,
  bookingDue: sql`null::date`,
  cargoReadySlip: sql`null::int`,
  search: sql`own.search`,
  ownSearch: true,
  scope: sql`true`,
});

/** Staff and a supplier read the kept figures, a supplier only of the POs naming it; a Forwarder its own. */
const figuresFor = (principal: Principal): Figures =>
  seesWholePurchaseOrders(principal) ? { ...KEPT, scope: purchaseOrderScope(principal) } : ownFigures(principal);

/**
 * Whether a PO has the exception `kind` as of `today` (UTC, YYYY-MM-DD): reconcilePurchaseOrder's
 * rules over the kept figures, and the one place they are spelled in SQL. A closed PO has none.
 */
function exceptionCondition(kind: PoExceptionKind, f: Figures, today: string): SQL {
  const open = sql`${f.status} not in ('received', 'short_closed')`;
  const rule = {
    po_overdue: sql`${f.overdueFrom} < ${today}::date`,
    po_not_booked: sql`${f.bookingDue} < ${today}::date`,
    po_cargo_ready_slipped: sql`${f.cargoReadySlip} > 0`,
    po_received_short: sql`${f.short} > 0`,
    po_over_shipped: sql`${f.overShipped} > 0`,
    po_unknown_sku: sql`${f.unknownSkus} > 0`,
  }[kind];
  // No coalesce: an unknown day compares as null, which no WHERE keeps, and the partial indexes stay usable.
  return sql`(${open} and ${rule})`;
}

/** The PO's exceptions as a text[], in PO_EXCEPTION_KINDS' order. */
const exceptionList = (f: Figures, today: string) =>
  sql`array_remove(array[${sql.join(
    PO_EXCEPTION_KINDS.map((kind) => sql`case when ${exceptionCondition(kind, f, today)} then ${kind}::text end`),
    sql`, `,
  )}]::text[], null)`;

function chipCondition(chip: PoChip, f: Figures, today: string): SQL {
  if (chip === 'overdue') return exceptionCondition('po_overdue', f, today);
  if (chip === 'short') return sql`${f.short} > 0`;
  return sql`${f.status} = ${chip}`;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/**
 * The search: the PO number, supplier or a line's SKU contains `q`. The PO's own search text holds
 * every SKU and has the trigram index, so a Forwarder's search narrows by it first.
 */
function searchCondition(f: Figures, q: string): SQL {
  const pattern = sql`'%' || lower(${escapeLike(q)}) || '%'`;
  if (!f.ownSearch) return sql`po.search like ${pattern}`;
  return sql`(po.search like ${pattern} and ${f.search} like ${pattern})`;
}

/** The lifecycle order of the statuses, spelled as the status sort's index in purchase-orders.sql spells it. */
const STATUS_ORDER = (status: SQL) =>
  sql`(case ${status} when 'open' then 0 when 'partly_shipped' then 1 when 'shipped' then 2 when 'received' then 3 else 4 end)`;

/** Each sort's expression, spelled as its index in purchase-orders.sql; ties by number, in the same direction. */
function sortExpression(key: PoSortKey, f: Figures): SQL | null {
  switch (key) {
    case 'po_number':
      return null;
    case 'supplier':
      return sql`po.supplier`;
    case 'order_date':
    case 'cargo_ready_date':
    case 'requested_delivery_date':
      return sql.raw(`po.${key}`);
    case 'status':
      return STATUS_ORDER(f.status);
    case 'ordered_qty':
      return f.ordered;
    case 'open_qty':
      return f.open;
  }
}

export type Filter = Pick<PurchaseOrderListQuery, 'q' | 'chip' | 'exception' | 'supplier'> & { po?: string };

/** The filter as one condition on `po` and the figures (a Forwarder's join keeps only the POs it sees). */
function whereOf(filter: Filter, f: Figures, today: string): SQL {
  const conditions: SQL[] = [f.scope];
  if (filter.po !== undefined) conditions.push(sql`po.po_number = ${filter.po}`);
  if (filter.supplier !== undefined) conditions.push(sql`po.supplier = ${filter.supplier}`);
  if (filter.q !== undefined && filter.q.trim() !== '') conditions.push(searchCondition(f, filter.q.trim()));
  if (filter.chip !== undefined && filter.chip.length > 0)
    conditions.push(
      sql`(${sql.join(
        filter.chip.map((chip) => chipCondition(chip, f, today)),
        sql` or `,
      )})`,
    );
  if (filter.exception !== undefined && filter.exception.length > 0)
    conditions.push(
      sql`(${sql.join(
        filter.exception.map((kind) => exceptionCondition(kind, f, today)),
        sql` or `,
      )})`,
    );
  return sql.join(conditions, sql` and `);
}

/** One summary row as the database answers it. */
export type SummaryRow = {
  id: number;
  po_number: string;
  supplier: string;
  order_date: string | null;
  cargo_ready_date: string | null;
  requested_delivery_date: string | null;
  status: string;
  lines: number;
  ordered_qty: number | null;
  open_qty: number | null;
  shipped_qty: number;
  received_qty: number;
  exceptions: string[];
  confirmation: string;
};

export type Page = { sort: PoSortKey; direction: 'asc' | 'desc'; limit: number; offset: number };

/** The page's order: the sort's key, then ties by number from the table whose index the sort walks. */
function orderOf(f: Figures, page: Page): SQL {
  const direction = sql.raw(page.direction);
  const key = sortExpression(page.sort, f);
  // A Forwarder's own number for its number and status sorts, the PO's for the PO's own columns.
  const tie = page.sort === 'po_number' || page.sort === 'status' ? f.number : sql`po.po_number`;
  return sql.join(
    [...(key === null ? [] : [sql`${key} ${direction}`]), sql`(${tie} collate "C") ${direction}`],
    sql`, `,
  );
}

const summaryColumns = (f: Figures, today: string) => sql`
  po.id::int as id, po.po_number, po.supplier, po.order_date::text as order_date,
  po.cargo_ready_date::text as cargo_ready_date, po.requested_delivery_date::text as requested_delivery_date,
  ${f.status} as status, ${f.lines}::int as lines, ${f.ordered}::float8 as ordered_qty,
  ${f.open}::float8 as open_qty, ${f.shipped}::float8 as shipped_qty, ${f.received}::float8 as received_qty,
  ${exceptionList(f, today)} as exceptions, po.confirmation`;

/** The page of summaries `filter` matches, read in the sort's order until the page is full. */
export function summariesSql(principal: Principal, filter: Filter, today: string, page: Page): SQL {
  const f = figuresFor(principal);
  return sql`select ${summaryColumns(f, today)}
    from purchase_orders po ${f.from}
    where ${whereOf(filter, f, today)}
    order by ${orderOf(f, page)} limit ${page.limit} offset ${page.offset}`;
}

/**
 * The page sorted from among the first `upTo` matches, found in whatever order their indexes give
 * them: for a question known to have no more. Read in the sort's order instead, a rare chip or a
 * search sorted by another column walks most of the table before its first match (an over-shipped
 * PO by ordered quantity: 106 ms at 100,000 POs).
 */
export function firstMatchesSql(principal: Principal, filter: Filter, today: string, page: Page, upTo: number): SQL {
  const f = figuresFor(principal);
  return sql`select ${summaryColumns(f, today)}
    from (select po.id from purchase_orders po ${f.from} where ${whereOf(filter, f, today)} limit ${upTo}) matches
    join purchase_orders po on po.id = matches.id ${f.from}
    order by ${orderOf(f, page)} limit ${page.limit} offset ${page.offset}`;
}

/** How many POs `filter` matches for the principal, counted up to `upTo` (null: all of them). */
export function countSql(principal: Principal, filter: Filter, today: string, upTo: number | null): SQL {
  const f = figuresFor(principal);
  const matches = sql`select 1 from purchase_orders po ${f.from} where ${whereOf(filter, f, today)}`;
  return sql`select count(*)::int as total from (${matches} ${upTo === null ? sql`` : sql`limit ${upTo}`}) matches`;
}

/** Whether the principal sees any PO of `supplier`. */
export const supplierSeenSql = (principal: Principal, supplier: string) =>
  sql`select exists (select 1 from purchase_orders po where po.supplier = ${supplier} and ${purchaseOrderScope(principal)}) as seen`;
