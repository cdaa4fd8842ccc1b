import {
  type AnalyticsQuery,
  type DocumentTimelinessResponse,
  ETA_ERROR_CLAMP_DAYS,
  type EtaAccuracyResponse,
  type OnTimeResponse,
  type OpenExceptionsResponse,
  percentOf,
  type Spread,
  type TransitTimeResponse,
  type VolumeResponse,
} from '@quayside/domain/analytics';
import { EXCEPTION_KINDS, type ExceptionKind } from '@quayside/domain/exceptions';
import { type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import { lineItemRowScope } from '../../auth/visibility.ts';
import type { Queryable } from '../../db/client.ts';
import { anyException, exceptionCondition } from '../exceptions/exception-sql.ts';
import { exceptionContext } from '../exceptions/exceptions.service.ts';
import { readAnalyticsSettings } from './analytics-settings.ts';
import { dayOf, daysLate, documentsInTime, periodOf, pickedShipments } from './analytics-sql.ts';

// The figures of /analytics but the scorecard (scorecard.ts), over the shipments the principal sees
// that the filters pick (analytics-sql.ts).

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

const share = (onTime: number, measured: number) => ({ onTime, measured, percent: percentOf(onTime, measured) });

/** On-time arrival and delivery per month (domain's isOnTime, in SQL). */
export async function onTime(db: Queryable, principal: Principal, query: AnalyticsQuery): Promise<OnTimeResponse> {
  const graceDays = (await readAnalyticsSettings(db)).onTimeGraceDays;
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
  return {
    graceDays,
    rows: result.rows.map((row) => ({
      period: row.period,
      arrival: share(row.arrived_on_time, row.arrived),
      delivery: share(row.delivered_on_time, row.delivered),
    })),
  };
}

/** How many, the median and the 90th percentile of `days` (SQL), as columns `${name}_measured` and so on. */
const spreadColumns = (days: SQL, name: string) => sql`
  count(${days})::int as ${sql.identifier(`${name}_measured`)},
  percentile_cont(0.5) within group (order by ${days}) as ${sql.identifier(`${name}_median`)},
  percentile_cont(0.9) within group (order by ${days}) as ${sql.identifier(`${name}_p90`)}`;
const spreadOf = (row: Record<string, unknown>, name: string): Spread => ({
  measured: Number(row[`${name}_measured`]),
  median: row[`${name}_median`] === null ? null : Number(row[`${name}_median`]),
  p90: row[`${name}_p90`] === null ? null : Number(row[`${name}_p90`]),
});

/** The busiest lanes shown; the rest are left out rather than sent by the thousand. */
const LANES_SHOWN = 100;

/** Days from ATD to ATA and from ATA to Act Delivery, by lane and by Mode. */
export async function transitTime(
  db: Queryable,
  principal: Principal,
  query: AnalyticsQuery,
): Promise<TransitTimeResponse> {
  const measured = sql`(select s.origin, s.dest, s.mode,
      ${dayOf(sql`s.ata`)} - ${dayOf(sql`s.atd`)} as to_arrival,
      ${dayOf(sql`s.act_delivery`)} - ${dayOf(sql`s.ata`)} as to_delivery
    from shipments s where ${pickedShipments(principal, query)}) measured`;
  const spreads = sql`${spreadColumns(sql`to_arrival`, 'arrival')}, ${spreadColumns(sql`to_delivery`, 'delivery')}`;
  const lanes = await db.execute<Record<string, unknown> & { origin: string; dest: string }>(sql`
    select origin, dest, ${spreads} from ${measured}
    group by origin, dest order by count(*) desc, origin, dest limit ${LANES_SHOWN}`);
  const modes = await db.execute<Record<string, unknown> & { mode: string }>(sql`
    select mode, ${spreads} from ${measured} group by mode order by count(*) desc, mode`);
  const times = (row: Record<string, unknown>) => ({
    toArrival: spreadOf(row, 'arrival'),
    toDelivery: spreadOf(row, 'delivery'),
  });
  return {
    byLane: lanes.rows.map((row) => ({ origin: row.origin, destination: row.dest, ...times(row) })),
    byMode: modes.rows.map((row) => ({ mode: row.mode, ...times(row) })),
  };
}

/** ATA against the first promised Dest. ETA, and how long before ATA the Dest. ETA last changed. */
export async function etaAccuracy(
  db: Queryable,
  principal: Principal,
  query: AnalyticsQuery,
): Promise<EtaAccuracyResponse> {
  const arrived = sql`shipments s where ${pickedShipments(principal, query)} and s.ata is not null`;
  const distribution = await db.execute<{ days_late: number; shipments: number }>(sql`
    select greatest(${-ETA_ERROR_CLAMP_DAYS}, least(${ETA_ERROR_CLAMP_DAYS}, days_late))::int as days_late, count(*)::int as shipments
    from (select ${daysLate('ata', 'dest_eta')} as days_late from ${arrived}) measured
    where days_late is not null group by 1 order by 1`);
  const lastSet = sql`coalesce((select max(c.changed_at) from shipment_date_changes c
      where c.shipment_id = s.id and c.field = 'dest_eta'), s.created_at)`;
  const known = await db.execute<Record<string, unknown>>(sql`
    select ${spreadColumns(sql`days_before`, 'known')}
    from (select ${dayOf(sql`s.ata`)} - ${dayOf(lastSet)} as days_before from ${arrived} and s.dest_eta is not null) measured`);
  return {
    distribution: distribution.rows.map((row) => ({ daysLate: row.days_late, shipments: row.shipments })),
    finalEtaKnown: spreadOf(known.rows[0] ?? {}, 'known'),
  };
}

/**
 * Arrived shipments whose documents due at departure (the checklist's for their Mode) were all
 * uploaded by the day of ATA, per month. Those due at delivery cannot be, and are left out.
 */
export async function documentTimeliness(
  db: Queryable,
  principal: Principal,
  query: AnalyticsQuery,
): Promise<DocumentTimelinessResponse> {
  const result = await db.execute<{ period: string; measured: number; timely: number }>(sql`
    select period, count(*)::int as measured, count(*) filter (where timely)::int as timely
    from (
      select ${periodOf(query, 'month')} as period, ${documentsInTime} as timely
      from shipments s where ${pickedShipments(principal, query)} and s.ata is not null) measured
    group by period order by period`);
  return { rows: result.rows.map((row) => ({ period: row.period, ...share(row.timely, row.measured) })) };
}

/** The line items each forwarder has with each exception today, of the shipments the filters pick. */
export async function openExceptions(
  db: Queryable,
  principal: Principal,
  query: AnalyticsQuery,
  clock: () => Date,
): Promise<OpenExceptionsResponse> {
  const context = await exceptionContext(db, clock);
  const counts = sql.join(
    EXCEPTION_KINDS.map(
      (kind) => sql`count(*) filter (where ${exceptionCondition(kind, context)})::int as ${sql.identifier(kind)}`,
    ),
    sql`, `,
  );
  const result = await db.execute<Record<ExceptionKind, number> & { forwarder: string; total: number }>(sql`
    select min(s.forwarder_name) as forwarder, ${counts}, count(*)::int as total
    from line_item_rows r join shipments s on s.id = r.shipment_id
    where ${lineItemRowScope(principal)} and ${pickedShipments(principal, query)}
      and ${anyException(EXCEPTION_KINDS, context)}
    group by r.forwarder_key order by total desc, forwarder`);
  return {
    asOf: context.today,
    byForwarder: result.rows.map(({ forwarder, total, ...byKind }) => ({
      forwarder,
      counts: Object.fromEntries(EXCEPTION_KINDS.map((kind) => [kind, byKind[kind]])),
      total,
    })),
  };
}
