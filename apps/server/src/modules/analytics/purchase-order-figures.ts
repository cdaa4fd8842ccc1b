import { type AnalyticsQuery, percentOf } from '@quayside/domain/analytics';
import { isStaff } from '@quayside/domain/permissions';
import {
  type ReceiptOtif,
  SUPPLIER_FIGURES_FORBIDDEN,
  type SupplierFigures,
  type SupplierScorecardResponse,
} from '@quayside/domain/purchase-order-analytics';
import { type SQL, sql } from 'drizzle-orm';
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

const emptyFigures = (): SupplierFigures => ({
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
});

/** `${name}${index}`: a column of one of the ranges asked together. */
const column = (name: string, index: number) => sql.identifier(`${name}${index}`);
const between = (day: SQL, range: Range) => sql`${day} between ${range.from}::date and ${range.to}::date`;

/**
 * Each supplier's figures for each range, decided as of `today`: one pass over the PO lines for
 * every range (a PO's lines grouped once, then its supplier's), and one over the POs.
 */
async function supplierRows(
  db: Queryable,
  ranges: readonly Range[],
  graceDays: number,
  today: string,
): Promise<Map<string, SupplierFigures>[]> {
  const perRange = <T>(make: (range: Range, index: number) => T) => ranges.map(make);
  // Per PO: its judged lines (domain's judgeLine: something ordered, a day it was due) counted per
  // range, and what places the PO itself (its last due day, whether every line is decided and OTIF).
  const perPoColumns = perRange((range, i) => {
    const counted = sql`decided and ${between(sql`due`, range)}`;
    return sql`count(*) filter (where ${counted}) as ${column('lines', i)},
      count(*) filter (where ${counted} and on_time) as ${column('on_time', i)},
      count(*) filter (where ${counted} and in_full) as ${column('in_full', i)},
      count(*) filter (where ${counted} and on_time and in_full) as ${column('otif', i)},
      coalesce(sum(ordered_qty) filter (where ${counted}), 0) as ${column('ordered', i)},
      coalesce(sum(filled) filter (where ${counted}), 0) as ${column('filled', i)}`;
  });
  const perSupplierColumns = perRange((_range, i) => {
    const placed = sql`all_decided and ${between(sql`last_due`, ranges[i] as Range)}`;
    return sql`${sql.join(
      ['lines', 'on_time', 'in_full', 'otif', 'ordered', 'filled'].map(
        (name) => sql`sum(${column(name, i)})::float8 as ${column(name, i)}`,
      ),
      sql`, `,
    )},
      count(*) filter (where ${placed})::int as ${column('pos', i)},
      count(*) filter (where ${placed} and po_otif)::int as ${column('pos_otif', i)}`;
  });
  const leadColumns = perRange((range, i) => {
    const departure = sql`case when ${between(sql`po.first_departed_on`, range)} then po.first_departed_on - po.order_date end`;
    const receipt = sql`case when po.status in ('received', 'short_closed') and ${between(sql`po.last_received_on`, range)}
      then po.last_received_on - po.order_date end`;
    return sql`count(${departure})::int as ${column('departed', i)},
      percentile_cont(0.5) within group (order by ${departure}) as ${column('departure_median', i)},
      percentile_cont(0.9) within group (order by ${departure}) as ${column('departure_p90', i)},
      count(${receipt})::int as ${column('received', i)},
      percentile_cont(0.5) within group (order by ${receipt}) as ${column('receipt_median', i)},
      percentile_cont(0.9) within group (order by ${receipt}) as ${column('receipt_p90', i)}`;
  });
  const anyRange = (day: SQL) =>
    sql.join(
      perRange((range) => between(day, range)),
      sql` or `,
    );
  type Row = Record<string, number | string | null> & { supplier: string };
  const [lines, leadTimes] = await Promise.all([
    db.execute<Row>(sql`
      select supplier, ${sql.join(perSupplierColumns, sql`, `)}
      from (
        select min(supplier) as supplier, max(due) as last_due, bool_and(decided) as all_decided,
          bool_and(in_full and on_time) as po_otif, ${sql.join(perPoColumns, sql`, `)}
        from (
          select po.id, po.supplier, l.ordered_qty, least(l.received_qty, l.ordered_qty) as filled, j.due,
            l.received_qty >= l.ordered_qty as in_full,
            coalesce(l.last_received_on <= j.due + ${graceDays}::int, false) as on_time,
            (l.received_qty >= l.ordered_qty or po.short_closed_at is not null
              or j.due + ${graceDays}::int < ${today}::date) as decided
          from purchase_order_lines l
          join purchase_orders po on po.id = l.purchase_order_id
          cross join lateral (select coalesce(l.requested_date, po.requested_delivery_date) as due) j
          where l.ordered_qty > 0 and j.due is not null) judged
        group by id) per_po
      group by supplier`),
    db.execute<Row>(sql`
      select po.supplier, ${sql.join(leadColumns, sql`, `)}
      from purchase_orders po
      where po.order_date is not null and (${anyRange(sql`po.first_departed_on`)} or ${anyRange(sql`po.last_received_on`)})
      group by po.supplier`),
  ]);

  const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  const count = (row: Row, name: string, i: number) => Number(row[`${name}${i}`] ?? 0);
  return perRange((_range, i) => {
    const rows = new Map<string, SupplierFigures>();
    const rowOf = (supplier: string) => {
      const row = rows.get(supplier) ?? emptyFigures();
      rows.set(supplier, row);
      return row;
    };
    for (const row of lines.rows) {
      const judged = count(row, 'lines', i);
      const pos = count(row, 'pos', i);
      if (judged > 0)
        Object.assign(rowOf(row.supplier), {
          lines: judged,
          onTimePercent: percentOf(count(row, 'on_time', i), judged),
          inFullPercent: percentOf(count(row, 'in_full', i), judged),
          otifPercent: percentOf(count(row, 'otif', i), judged),
          fillRatePercent: percentOf(count(row, 'filled', i), count(row, 'ordered', i)),
        });
      if (pos > 0)
        Object.assign(rowOf(row.supplier), {
          purchaseOrders: pos,
          poOtifPercent: percentOf(count(row, 'pos_otif', i), pos),
        });
    }
    for (const row of leadTimes.rows) {
      const departed = count(row, 'departed', i);
      const received = count(row, 'received', i);
      if (departed > 0)
        Object.assign(rowOf(row.supplier), {
          departed,
          orderToDepartureMedianDays: number(row[`departure_median${i}`]),
          orderToDepartureP90Days: number(row[`departure_p90${i}`]),
        });
      if (received > 0)
        Object.assign(rowOf(row.supplier), {
          received,
          orderToReceiptMedianDays: number(row[`receipt_median${i}`]),
          orderToReceiptP90Days: number(row[`receipt_p90${i}`]),
        });
    }
    return rows;
  });
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
  const [current = new Map(), previous = new Map()] = await supplierRows(db, [query, before], graceDays, today);
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
