import { type AnalyticsQuery, percentOf } from '@quayside/domain/analytics';
import { isStaff } from '@quayside/domain/permissions';
import {
  type ReceiptOtif,
  SUPPLIER_FIGURES_FORBIDDEN,
  type SupplierFigures,
  type SupplierScorecardResponse,
} from '@quayside/domain/purchase-order-analytics';
import { sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import { receiptScope } from '../../auth/visibility.ts';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { dayOf } from '../exceptions/exception-sql.ts';
import { readAnalyticsSettings } from './analytics-settings.ts';
import { pickedShipments, previousRange } from './analytics-sql.ts';

// Purchase orders in Analytics, in SQL: the supplier scorecard (per PO line and per PO, over the
// kept figures of purchase_orders and purchase_order_lines) and the forwarder scorecard's PO OTIF
// (per receipt). packages/domain/src/purchase-order-analytics.ts is the definition of each.

type Range = { from: string; to: string };

/** Each supplier's figures for the range, decided as of `today`. */
async function supplierRows(
  db: Queryable,
  range: Range,
  graceDays: number,
  today: string,
): Promise<Map<string, SupplierFigures>> {
  // The lines judged (domain's judgeLine): something ordered, and a day it was due.
  const judged = sql`(
    select po.id, po.supplier, l.ordered_qty, l.received_qty, j.due,
      l.received_qty >= l.ordered_qty as in_full,
      coalesce(l.last_received_on <= j.due + ${graceDays}::int, false) as on_time,
      (l.received_qty >= l.ordered_qty or po.short_closed_at is not null or j.due + ${graceDays}::int < ${today}::date) as decided
    from purchase_order_lines l
    join purchase_orders po on po.id = l.purchase_order_id
    cross join lateral (select coalesce(l.requested_date, po.requested_delivery_date) as due) j
    where l.ordered_qty > 0 and j.due is not null) judged`;
  const [lines, orders, leadTimes] = await Promise.all([
    db.execute<{
      supplier: string;
      lines: number;
      on_time: number;
      in_full: number;
      otif: number;
      ordered: string;
      filled: string;
    }>(sql`
      select supplier, count(*)::int as lines, count(*) filter (where on_time)::int as on_time,
        count(*) filter (where in_full)::int as in_full, count(*) filter (where on_time and in_full)::int as otif,
        sum(ordered_qty) as ordered, sum(least(received_qty, ordered_qty)) as filled
      from ${judged} where decided and due between ${range.from}::date and ${range.to}::date
      group by supplier`),
    db.execute<{ supplier: string; pos: number; otif: number }>(sql`
      select supplier, count(*)::int as pos, count(*) filter (where otif)::int as otif
      from (
        select id, min(supplier) as supplier, bool_and(in_full and on_time) as otif
        from ${judged} group by id
        having max(due) between ${range.from}::date and ${range.to}::date and bool_and(decided)) per_po
      group by supplier`),
    db.execute<Record<string, number | null> & { supplier: string }>(sql`
      select supplier,
        count(to_departure)::int as departed,
        percentile_cont(0.5) within group (order by to_departure) as departure_median,
        percentile_cont(0.9) within group (order by to_departure) as departure_p90,
        count(to_receipt)::int as received,
        percentile_cont(0.5) within group (order by to_receipt) as receipt_median,
        percentile_cont(0.9) within group (order by to_receipt) as receipt_p90
      from (
        select po.supplier,
          case when po.first_departed_on between ${range.from}::date and ${range.to}::date
            then po.first_departed_on - po.order_date end as to_departure,
          case when po.status in ('received', 'short_closed')
            and po.last_received_on between ${range.from}::date and ${range.to}::date
            then po.last_received_on - po.order_date end as to_receipt
        from purchase_orders po
        where po.order_date is not null
          and (po.first_departed_on between ${range.from}::date and ${range.to}::date
            or po.last_received_on between ${range.from}::date and ${range.to}::date)) measured
      group by supplier having count(to_departure) + count(to_receipt) > 0`),
  ]);

  const rows = new Map<string, SupplierFigures>();
  const rowOf = (supplier: string) => {
    const found = rows.get(supplier);
    if (found) return found;
    const fresh: SupplierFigures = {
      lines: 0,
      onTimePercent: null,
      inFullPercent: null,
      otifPercent: null,
      purchaseOrders: 0,
      poOtifPercent: null,
      fillRatePercent: null,
      departed: 0,
      orderToDepartureMedianDays: null,
      orderToDepartureP90Days: null,
      received: 0,
      orderToReceiptMedianDays: null,
      orderToReceiptP90Days: null,
    };
    rows.set(supplier, fresh);
    return fresh;
  };
  for (const row of lines.rows)
    Object.assign(rowOf(row.supplier), {
      lines: row.lines,
      onTimePercent: percentOf(row.on_time, row.lines),
      inFullPercent: percentOf(row.in_full, row.lines),
      otifPercent: percentOf(row.otif, row.lines),
      fillRatePercent: percentOf(Number(row.filled), Number(row.ordered)),
    });
  for (const row of orders.rows)
    Object.assign(rowOf(row.supplier), { purchaseOrders: row.pos, poOtifPercent: percentOf(row.otif, row.pos) });
  const number = (value: number | null | undefined) => (value === null || value === undefined ? null : Number(value));
  for (const row of leadTimes.rows)
    Object.assign(rowOf(row.supplier), {
      departed: Number(row.departed),
      orderToDepartureMedianDays: number(row.departure_median),
      orderToDepartureP90Days: number(row.departure_p90),
      received: Number(row.received),
      orderToReceiptMedianDays: number(row.receipt_median),
      orderToReceiptP90Days: number(row.receipt_p90),
    });
  return rows;
}

/**
 * The supplier scorecard: staff only, on the server as in the route table, since its figures are
 * over whole POs (ordered quantities a forwarder never sees). No figure reads a price.
 */
export async function supplierScorecard(
  db: Queryable,
  principal: Principal,
  query: AnalyticsQuery,
  clock: () => Date,
): Promise<SupplierScorecardResponse> {
  if (!isStaff(principal.role)) throw new AppError('forbidden', SUPPLIER_FIGURES_FORBIDDEN);
  const { onTimeGraceDays: graceDays } = await readAnalyticsSettings(db);
  const today = dayOf(clock());
  const before = previousRange(query);
  const [current, previous] = await Promise.all([
    supplierRows(db, query, graceDays, today),
    supplierRows(db, before, graceDays, today),
  ]);
  return {
    graceDays,
    asOf: today,
    previous: { from: before.from, to: before.to },
    rows: [...current]
      .sort(([a, x], [b, y]) => y.lines - x.lines || y.purchaseOrders - x.purchaseOrders || a.localeCompare(b))
      .map(([supplier, figures]) => ({ supplier, current: figures, previous: previous.get(supplier) ?? null })),
  };
}

/**
 * Each forwarder's PO OTIF (domain's receiptOtif) over the receipts of the shipments the filters
 * pick, by forwarder key: receipts of a SKU the PO orders, with a day it was due (a Forwarder's, of a
 * line item it sees).
 */
export async function receiptOtifRows(
  db: Queryable,
  principal: Principal,
  query: AnalyticsQuery,
  graceDays: number,
): Promise<Map<string, ReceiptOtif>> {
  const result = await db.execute<{ key: string; receipts: number; on_time: number; in_full: number; otif: number }>(
    sql`
    select key, count(*)::int as receipts, count(*) filter (where on_time)::int as on_time,
      count(*) filter (where in_full)::int as in_full, count(*) filter (where on_time and in_full)::int as otif
    from (
      select f.forwarder_key as key,
        (r.received_at at time zone 'UTC')::date <= coalesce(l.requested_date, po.requested_delivery_date) + ${graceDays}::int as on_time,
        r.received_qty >= coalesce((
          select sum(p.qty) from line_items li join parts p on p.line_item_id = li.id
          where li.shipment_id = r.shipment_id and li.title = r.po_number and p.part_number = r.sku), 0) as in_full
      from shipment_facts f
      join receipts r on r.shipment_id = f.shipment_id
      join purchase_orders po on po.po_number = r.po_number
      join purchase_order_lines l on l.purchase_order_id = po.id and l.sku = r.sku
      where ${pickedShipments(principal, query)} and ${receiptScope(principal)}
        and coalesce(l.requested_date, po.requested_delivery_date) is not null) judged
    group by key`,
  );
  return new Map(
    result.rows.map((row) => [
      row.key,
      {
        receipts: row.receipts,
        receiptOnTimePercent: percentOf(row.on_time, row.receipts),
        receiptInFullPercent: percentOf(row.in_full, row.receipts),
        receiptOtifPercent: percentOf(row.otif, row.receipts),
      },
    ]),
  );
}
