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
import { SHIPMENT_EXCEPTION_KINDS, type ShipmentExceptionKind } from '@quayside/domain/exceptions';
import { type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import { visibleFactCounts } from '../../auth/visibility.ts';
import type { Queryable } from '../../db/client.ts';
import { anyException, type ExceptionContext, exceptionCondition } from '../exceptions/exception-sql.ts';
import { exceptionContext } from '../exceptions/exceptions.service.ts';
import { readAnalyticsSettings } from './analytics-settings.ts';
import { arrivalDaysLate, deliveryDaysLate, periodOf, pickedShipments } from './analytics-sql.ts';

// The figures of /analytics but the scorecard (scorecard.ts), over the shipments the principal sees
// that the filters pick (analytics-sql.ts).

/** Shipments, the line items the principal sees on them, and their part quantity, per period. */
export async function volume(db: Queryable, principal: Principal, query: AnalyticsQuery): Promise<VolumeResponse> {
  const shown = visibleFactCounts(principal);
  const result = await db.execute<{ period: string; shipments: number; line_items: number; part_quantity: string }>(sql`
    select ${periodOf(query, query.period)} as period, count(*)::int as shipments,
      sum(${shown.lineItems})::int as line_items, sum(${shown.partQuantity}) as part_quantity
    from shipment_facts f where ${pickedShipments(principal, query)}
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
      select ${periodOf(query, 'month')} as period, ${arrivalDaysLate} as arrival_late, ${deliveryDaysLate} as delivery_late
      from shipment_facts f where ${pickedShipments(principal, query)}) measured
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
  const measured = sql`(select f.origin, f.dest, f.mode, f.ata - f.atd as to_arrival, f.act_delivery - f.ata as to_delivery
    from shipment_facts f where ${pickedShipments(principal, query)}) measured`;
  const spreads = sql`${spreadColumns(sql`to_arrival`, 'arrival')}, ${spreadColumns(sql`to_delivery`, 'delivery')}`;
  // Two passes, at once on two connections where the pool has them (PostgreSQL).
  const [lanes, modes] = await Promise.all([
    db.execute<Record<string, unknown> & { origin: string; dest: string }>(sql`
      select origin, dest, ${spreads} from ${measured}
      group by origin, dest order by count(*) desc, origin, dest limit ${LANES_SHOWN}`),
    db.execute<Record<string, unknown> & { mode: string }>(sql`
      select mode, ${spreads} from ${measured} group by mode order by count(*) desc, mode`),
  ]);
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
  const arrived = sql`shipment_facts f where ${pickedShipments(principal, query)} and f.ata is not null`;
  const [distribution, known] = await Promise.all([
    db.execute<{ days_late: number; shipments: number }>(sql`
      select greatest(${-ETA_ERROR_CLAMP_DAYS}, least(${ETA_ERROR_CLAMP_DAYS}, days_late))::int as days_late, count(*)::int as shipments
      from (select ${arrivalDaysLate} as days_late from ${arrived}) measured
      where days_late is not null group by 1 order by 1`),
    // The day the Dest. ETA was last set: its last change in the date history, else the shipment's creation.
    db.execute<Record<string, unknown>>(sql`
      select ${spreadColumns(sql`days_before`, 'known')}
      from (select f.ata - f.dest_eta_set as days_before from ${arrived} and f.dest_eta is not null) measured`),
  ]);
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
      select ${periodOf(query, 'month')} as period, f.documents_in_time as timely
      from shipment_facts f where ${pickedShipments(principal, query)} and f.ata is not null) measured
    group by period order by period`);
  return { rows: result.rows.map((row) => ({ period: row.period, ...share(row.timely, row.measured) })) };
}

type ExceptionRow = { key: string; forwarder: string; counts: Record<ShipmentExceptionKind, number>; total: number };

/**
 * The line items each forwarder has with each of their shipment's exceptions today, most first: for
 * 'Open exceptions' and the scorecard. The rule: exactly what the dashboard's 'Needs attention' chips count of those kinds, narrowed
 * by the filters but never by the date range (exceptions are today's, and an undeparted shipment has
 * no ATD to fall in a range); GET /api/LineItems/count?exception= with the same filters agrees, but
 * for Mode, which the dashboard has no column for.
 */
export async function openExceptionRows(
  db: Queryable,
  principal: Principal,
  query: AnalyticsQuery,
  context: ExceptionContext,
): Promise<ExceptionRow[]> {
  // Every line item of a shipment has its shipment's exceptions: count them by shipment.
  const { lineItems } = visibleFactCounts(principal);
  const counts = sql.join(
    SHIPMENT_EXCEPTION_KINDS.map(
      (kind) =>
        sql`coalesce(sum(${lineItems}) filter (where ${exceptionCondition(kind, context, 'f')}), 0)::int as ${sql.identifier(kind)}`,
    ),
    sql`, `,
  );
  const result = await db.execute<
    Record<ShipmentExceptionKind, number> & { key: string; forwarder: string; total: number }
  >(sql`
    select f.forwarder_key as key, min(f.forwarder_name) as forwarder, ${counts}, sum(${lineItems})::int as total
    from shipment_facts f
    where ${pickedShipments(principal, query, { inRange: false })} and ${anyException(SHIPMENT_EXCEPTION_KINDS, context, 'f')}
    group by f.forwarder_key having sum(${lineItems}) > 0 order by total desc, forwarder`);
  return result.rows.map(({ key, forwarder, total, ...byKind }) => ({
    key,
    forwarder,
    counts: Object.fromEntries(SHIPMENT_EXCEPTION_KINDS.map((kind) => [kind, byKind[kind]])) as Record<
      ShipmentExceptionKind,
      number
    >,
    total,
  }));
}

export async function openExceptions(
  db: Queryable,
  principal: Principal,
  query: AnalyticsQuery,
  clock: () => Date,
): Promise<OpenExceptionsResponse> {
  const context = await exceptionContext(db, clock);
  const rows = await openExceptionRows(db, principal, query, context);
  return { asOf: context.today, byForwarder: rows.map(({ key, ...row }) => row) };
}
