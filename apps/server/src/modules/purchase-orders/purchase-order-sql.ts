import {
  PO_EXCEPTION_KINDS,
  type PoChip,
  type PoExceptionKind,
  type PoSortKey,
  type PurchaseOrderListQuery,
} from '@quayside/domain/purchase-orders';
import { type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import { purchaseOrderPartScope, purchaseOrderScope, seesWholePurchaseOrders } from '../../auth/visibility.ts';

// The PO list's questions as SQL over purchase_orders (`po`): a PO's summary figures, status and
// exceptions as the principal sees them, the chips, search and sorts. Staff read the figures the
// write door keeps (purchase-orders.sql); a Forwarder's are counted over its own shipments here.

/** A PO's summary as the principal sees it: one SQL expression per figure, over `po` and the laterals of `from`. */
type Figures = {
  /** What follows `from purchase_orders po`: the laterals a Forwarder's figures are counted in, per PO. */
  from: SQL;
  /** The same figures grouped once over all of a Forwarder's shipments: for a filter or sort over every PO. */
  fromGrouped: SQL;
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
};

/** The figures the write door keeps: staff see them all. */
const KEPT: Figures = {
  from: sql``,
  fromGrouped: sql``,
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
};

/** Whether the PO orders the part's SKU (parts `p`). */
const onThePo = sql`exists (select 1 from purchase_order_lines l where l.purchase_order_id = po.id and l.sku = p.part_number)`;

/**
 * A Forwarder's figures: what its own shipments carry under the PO and what their receipts say, so
 * nothing of another forwarder's shipments shows. A PO's status says only what those shipments
 * show (partly shipped once one of them has departed with a line's SKU, else open), except that a
 * closed PO shows as closed: every forwarder needs to know that nothing more is expected of it. Open
 * and over-shipped quantities, overdue and unbooked need the ordered quantity and every shipment:
 * a Forwarder sees none of them, so of the exceptions only 'received short' and 'unknown SKU' (on
 * its own shipments) can show.
 */
function ownFigures(principal: Principal): Figures {
  const scope = purchaseOrderPartScope(principal);
  return {
    from: sql`
      cross join lateral (
        select coalesce(sum(coalesce(p.qty, 0)) filter (where (s.atd is not null or s.ata is not null) and ${onThePo}), 0) as shipped,
               count(distinct p.part_number) filter (where ${onThePo}) as lines,
               count(distinct p.part_number) filter (where not ${onThePo}) as unknown
        from line_items li join shipments s on s.id = li.shipment_id join parts p on p.line_item_id = li.id
        where li.title = po.po_number and ${scope}) own
      cross join lateral (
        select coalesce(sum(r.received_qty) filter (where exists (
                 select 1 from purchase_order_lines l where l.purchase_order_id = po.id and l.sku = r.sku)), 0) as received,
               coalesce(sum(greatest(coalesce(p.qty, 0) - r.received_qty, 0)), 0) as short
        from receipts r
        join line_items li on li.title = r.po_number and li.shipment_id = r.shipment_id
        join shipments s on s.id = li.shipment_id
        left join parts p on p.line_item_id = li.id and p.part_number = r.sku
        where r.po_number = po.po_number and ${scope}) own_received`,
    fromGrouped: sql`
      join (
        select li.title as po_number,
               coalesce(sum(coalesce(p.qty, 0)) filter (where (s.atd is not null or s.ata is not null) and l.id is not null), 0) as shipped,
               count(distinct p.part_number) filter (where l.id is not null) as lines,
               count(distinct p.part_number) filter (where p.part_number is not null and l.id is null) as unknown
        from line_items li join shipments s on s.id = li.shipment_id
        left join parts p on p.line_item_id = li.id
        left join purchase_orders o on o.po_number = li.title
        left join purchase_order_lines l on l.purchase_order_id = o.id and l.sku = p.part_number
        where ${scope}
        group by li.title) own on own.po_number = po.po_number
      left join (
        select r.po_number, coalesce(sum(r.received_qty) filter (where l.id is not null), 0) as received,
               coalesce(sum(greatest(coalesce(p.qty, 0) - r.received_qty, 0)), 0) as short
        from receipts r
        join line_items li on li.title = r.po_number and li.shipment_id = r.shipment_id
        join shipments s on s.id = li.shipment_id
        left join parts p on p.line_item_id = li.id and p.part_number = r.sku
        left join purchase_orders o on o.po_number = r.po_number
        left join purchase_order_lines l on l.purchase_order_id = o.id and l.sku = r.sku
        where ${scope}
        group by r.po_number) own_received on own_received.po_number = po.po_number`,
    status: sql`(case when po.status in ('received', 'short_closed') then po.status
                      when own.shipped > 0 then 'partly_shipped' else 'open' end)`,
    lines: sql`own.lines`,
    ordered: sql`null::bigint`,
    open: sql`null::bigint`,
    shipped: sql`own.shipped`,
    received: sql`coalesce(own_received.received, 0)`,
    short: sql`coalesce(own_received.short, 0)`,
    overShipped: sql`null::bigint`,
    unknownSkus: sql`own.unknown`,
    overdueFrom: sql`null::date`,
    bookingDue: sql`null::date`,
  };
}

const figuresFor = (principal: Principal) => (seesWholePurchaseOrders(principal) ? KEPT : ownFigures(principal));

/**
 * Whether a PO has the exception `kind` as of `today` (UTC, YYYY-MM-DD): reconcilePurchaseOrder's
 * rules over the kept figures, and the one place they are spelled in SQL. A closed PO has none.
 */
function exceptionCondition(kind: PoExceptionKind, f: Figures, today: string): SQL {
  const open = sql`${f.status} not in ('received', 'short_closed')`;
  const rule = {
    po_overdue: sql`${f.overdueFrom} < ${today}::date`,
    po_not_booked: sql`${f.bookingDue} < ${today}::date`,
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
 * The search: the PO number, supplier or a line's SKU contains `q`. A Forwarder's search finds a PO
 * by a SKU only when its own shipments carry it, so searching cannot tell it what else the PO orders.
 */
function searchCondition(principal: Principal, q: string): SQL {
  const pattern = sql`'%' || lower(${escapeLike(q)}) || '%'`;
  if (seesWholePurchaseOrders(principal)) return sql`po.search like ${pattern}`;
  return sql`(lower(po.po_number || ' ' || po.supplier) like ${pattern} or exists (
    select 1 from line_items li join shipments s on s.id = li.shipment_id join parts p on p.line_item_id = li.id
    where li.title = po.po_number and ${purchaseOrderPartScope(principal)} and ${onThePo}
      and lower(p.part_number) like ${pattern}))`;
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

/** The principal's scope and the filter as one condition on `po` (and the figures' laterals). */
function whereOf(principal: Principal, filter: Filter, f: Figures, today: string): SQL {
  const conditions: SQL[] = [purchaseOrderScope(principal)];
  if (filter.po !== undefined) conditions.push(sql`po.po_number = ${filter.po}`);
  if (filter.supplier !== undefined) conditions.push(sql`po.supplier = ${filter.supplier}`);
  if (filter.q !== undefined && filter.q.trim() !== '') conditions.push(searchCondition(principal, filter.q.trim()));
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
};

/** The page of summaries `filter` matches, sorted, as the principal sees them. */
export function summariesSql(
  principal: Principal,
  filter: Filter,
  today: string,
  page: { sort: PoSortKey; direction: 'asc' | 'desc'; limit: number; offset: number },
): SQL {
  const f = figuresFor(principal);
  const direction = sql.raw(page.direction);
  const key = sortExpression(page.sort, f);
  const order = [...(key === null ? [] : [sql`${key} ${direction}`]), sql`(po.po_number collate "C") ${direction}`];
  const columns = sql`
    po.id::int as id, po.po_number, po.supplier, po.order_date::text as order_date,
    po.cargo_ready_date::text as cargo_ready_date, po.requested_delivery_date::text as requested_delivery_date,
    ${f.status} as status, ${f.lines}::int as lines, ${f.ordered}::float8 as ordered_qty,
    ${f.open}::float8 as open_qty, ${f.shipped}::float8 as shipped_qty, ${f.received}::float8 as received_qty,
    ${exceptionList(f, today)} as exceptions`;
  const where = whereOf(principal, filter, f, today);
  const orderBy = sql.join(order, sql`, `);
  if (seesWholePurchaseOrders(principal) || readsOwnFigures(filter, page.sort)) {
    return sql`select ${columns} from purchase_orders po ${f.fromGrouped} where ${where}
      order by ${orderBy} limit ${page.limit} offset ${page.offset}`;
  }
  // A Forwarder's figures cost a look at its shipments per PO: found for the page's rows alone,
  // once the page is chosen, unless a chip, an exception or the status sort asks for them.
  return sql`select ${columns}
    from (select po.* from purchase_orders po where ${where} order by ${orderBy} limit ${page.limit} offset ${page.offset}) po
    ${f.from}
    order by ${orderBy}`;
}

/** Whether a Forwarder's filter or sort reads its own figures (else they are found for the page alone). */
const readsOwnFigures = (filter: Filter, sort: PoSortKey) =>
  Boolean(filter.chip?.length || filter.exception?.length) || sort === 'status';

/** How many POs `filter` matches for the principal. */
export function countSql(principal: Principal, filter: Filter, today: string): SQL {
  const f = figuresFor(principal);
  const where = whereOf(principal, filter, f, today);
  // The laterals count only when a condition reads them.
  const needsFigures = !seesWholePurchaseOrders(principal) && readsOwnFigures(filter, 'po_number');
  return sql`select count(*)::int as total from purchase_orders po ${needsFigures ? f.fromGrouped : sql``} where ${where}`;
}

/** Whether the principal sees any PO of `supplier`. */
export const supplierSeenSql = (principal: Principal, supplier: string) =>
  sql`select exists (select 1 from purchase_orders po where po.supplier = ${supplier} and ${purchaseOrderScope(principal)}) as seen`;
