import {
  type AnalyticsQuery,
  DEFAULT_ON_TIME_GRACE_DAYS,
  type OnTimeResponse,
  percentOf,
  type VolumeResponse,
} from '@quayside/domain/analytics';
import { type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import { forwarderKeySql, lineItemRowScope, shipmentRowScope } from '../../auth/visibility.ts';
import type { Queryable } from '../../db/client.ts';
import { transitTypeSql } from '../line-items/line-item-rows.ts';
import { firstPromiseSql } from '../shipments/first-promise.ts';

// The figures of /analytics, over the shipments (as `s`) the principal sees that the filters pick.
// A shipment counts in the week or month of its ATD (or Dest. ETA), as a UTC day.

const dayOf = (column: SQL) => sql`(${column} at time zone 'UTC')::date`;
const basisOf = (query: AnalyticsQuery) => (query.dateBy === 'atd' ? sql`s.atd` : sql`s.dest_eta`);
/** Free text compared as people type it: trimmed, any case. */
const sameText = (column: SQL, value: string) => sql`lower(btrim(${column})) = lower(${value})`;

/** The principal's shipments that the filters pick. */
function pickedShipments(principal: Principal, query: AnalyticsQuery): SQL {
  const conditions = [
    shipmentRowScope(principal),
    sql`${dayOf(basisOf(query))} between ${query.from}::date and ${query.to}::date`,
  ];
  if (query.mode !== undefined) conditions.push(sql`s.mode = ${query.mode}`);
  if (query.transitType !== undefined) conditions.push(sql`${transitTypeSql} = ${query.transitType}`);
  if (query.forwarder !== undefined && query.forwarder !== '')
    conditions.push(sql`${forwarderKeySql(sql`s.forwarder_name`)} = ${forwarderKeySql(sql`${query.forwarder}`)}`);
  if (query.originPort) conditions.push(sameText(sql`s.origin`, query.originPort));
  if (query.destinationPort) conditions.push(sameText(sql`s.dest`, query.destinationPort));
  if (query.consignee) conditions.push(sameText(sql`s.consignee_name`, query.consignee));
  return sql.join(conditions, sql` and `);
}

const periodOf = (query: AnalyticsQuery, period: 'week' | 'month') =>
  sql`to_char(date_trunc(${period}, ${dayOf(basisOf(query))}::timestamp), 'YYYY-MM-DD')`;

/** Shipments, the line items the principal sees on them, and their part quantity, per period. */
export async function volume(db: Queryable, principal: Principal, query: AnalyticsQuery): Promise<VolumeResponse> {
  const result = await db.execute<{ period: string; shipments: number; line_items: number; part_quantity: string }>(sql`
    select ${periodOf(query, query.period)} as period, count(*)::int as shipments,
      coalesce(sum(r.line_items), 0)::int as line_items, coalesce(sum(r.part_quantity), 0) as part_quantity
    from shipments s
    left join lateral (
      select count(*) as line_items, sum(r.total_qty) as part_quantity
      from line_item_rows r where r.shipment_id = s.id and ${lineItemRowScope(principal)}) r on true
    where ${pickedShipments(principal, query)}
    group by 1 order by 1`);
  return {
    period: query.period,
    rows: result.rows.map((row) => ({
      period: row.period,
      shipments: row.shipments,
      lineItems: row.line_items,
      partQuantity: Number(row.part_quantity),
    })),
  };
}

/** Whole UTC days from the first promise of `estimate` to `actual`: late is positive. */
const daysLate = (actual: 'ata' | 'act_delivery', estimate: 'dest_eta' | 'est_delivery') =>
  sql`(${dayOf(sql`s.${sql.raw(actual)}`)} - ${dayOf(sql.raw(firstPromiseSql(estimate)))})`;

/** On-time arrival and delivery per month (domain's isOnTime, in SQL). */
export async function onTime(db: Queryable, principal: Principal, query: AnalyticsQuery): Promise<OnTimeResponse> {
  const graceDays = DEFAULT_ON_TIME_GRACE_DAYS;
  const arrivalLate = daysLate('ata', 'dest_eta');
  const deliveryLate = daysLate('act_delivery', 'est_delivery');
  const result = await db.execute<{
    period: string;
    arrived: number;
    arrived_on_time: number;
    delivered: number;
    delivered_on_time: number;
  }>(sql`
    select period, count(arrival_late)::int as arrived, count(*) filter (where arrival_late <= ${graceDays})::int as arrived_on_time,
      count(delivery_late)::int as delivered, count(*) filter (where delivery_late <= ${graceDays})::int as delivered_on_time
    from (
      select ${periodOf(query, 'month')} as period, ${arrivalLate} as arrival_late, ${deliveryLate} as delivery_late
      from shipments s where ${pickedShipments(principal, query)}) measured
    group by period order by period`);
  const share = (onTime: number, measured: number) => ({ onTime, measured, percent: percentOf(onTime, measured) });
  return {
    graceDays,
    rows: result.rows.map((row) => ({
      period: row.period,
      arrival: share(row.arrived_on_time, row.arrived),
      delivery: share(row.delivered_on_time, row.delivered),
    })),
  };
}
