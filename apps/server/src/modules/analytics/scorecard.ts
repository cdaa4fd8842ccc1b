import {
  type AnalyticsQuery,
  percentOf,
  type ScorecardFigures,
  type ScorecardResponse,
} from '@quayside/domain/analytics';
import type { ReceiptOtif } from '@quayside/domain/purchase-order-analytics';
import { sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import type { Queryable } from '../../db/client.ts';
import { exceptionContext } from '../exceptions/exceptions.service.ts';
import { openExceptionRows } from './analytics.service.ts';
import { readAnalyticsSettings } from './analytics-settings.ts';
import { arrivalDaysLate, pickedShipments, previousRange } from './analytics-sql.ts';
import { receiptOtifRows } from './purchase-order-figures.ts';

// The forwarder scorecard: a row per forwarder, for the range and the one of the same length before it.

const NO_RECEIPTS: ReceiptOtif = {
  receipts: 0,
  receiptOnTimePercent: null,
  receiptInFullPercent: null,
  receiptOtifPercent: null,
};

type ScorecardRow = ScorecardFigures & { key: string; forwarder: string };

/** Each forwarder's scorecard figures over the shipments the filters pick. */
async function scorecardRows(
  db: Queryable,
  principal: Principal,
  query: AnalyticsQuery,
  graceDays: number,
  openExceptions: Map<string, number> | null,
): Promise<Map<string, ScorecardRow>> {
  const [result, receipts] = await Promise.all([
    db.execute<{
      key: string;
      forwarder: string;
      shipments: number;
      measured_arrivals: number;
      on_time: number;
      arrived: number;
      median_transit: number | null;
      median_eta_error: number | null;
      slips: number;
      timely: number;
    }>(sql`
    select f.forwarder_key as key, min(f.forwarder_name) as forwarder, count(*)::int as shipments,
      count(${arrivalDaysLate})::int as measured_arrivals,
      count(*) filter (where ${arrivalDaysLate} <= ${graceDays})::int as on_time,
      percentile_cont(0.5) within group (order by f.ata - f.atd) as median_transit,
      percentile_cont(0.5) within group (order by ${arrivalDaysLate}) as median_eta_error,
      sum(f.eta_slips)::int as slips,
      count(f.ata)::int as arrived, count(*) filter (where f.documents_in_time)::int as timely
    from shipment_facts f where ${pickedShipments(principal, query)}
    group by f.forwarder_key`),
    receiptOtifRows(db, principal, query, graceDays),
  ]);
  const number = (value: number | null) => (value === null ? null : Number(value));
  return new Map(
    result.rows.map((row) => [
      row.key,
      {
        key: row.key,
        forwarder: row.forwarder,
        shipments: row.shipments,
        onTimeArrivalPercent: percentOf(row.on_time, row.measured_arrivals),
        medianTransitDays: number(row.median_transit),
        medianEtaErrorDays: number(row.median_eta_error),
        etaSlipsPerShipment: row.shipments === 0 ? null : Math.round((row.slips / row.shipments) * 100) / 100,
        openExceptions: openExceptions === null ? null : (openExceptions.get(row.key) ?? 0),
        documentTimelinessPercent: percentOf(row.timely, row.arrived),
        // Receipts are of these shipments: a forwarder with receipts has a row.
        ...(receipts.get(row.key) ?? NO_RECEIPTS),
      },
    ]),
  );
}

/** A row per forwarder with its figures now and in the period before (for the trend), most shipments first. */
export async function scorecard(
  db: Queryable,
  principal: Principal,
  query: AnalyticsQuery,
  clock: () => Date,
): Promise<ScorecardResponse> {
  const context = await exceptionContext(db, clock);
  const { onTimeGraceDays: graceDays } = await readAnalyticsSettings(db);
  const before = previousRange(query);
  // Open exceptions are today's, whatever the range (as 'Open exceptions' counts them): the range
  // before has none to compare with.
  const openExceptions = new Map(
    (await openExceptionRows(db, principal, query, context)).map((row) => [row.key, row.total]),
  );
  // The two ranges at once, on two connections where the pool has them (PostgreSQL).
  const [current, previous] = await Promise.all([
    scorecardRows(db, principal, query, graceDays, openExceptions),
    scorecardRows(db, principal, before, graceDays, null),
  ]);
  const figures = ({ key, forwarder, ...rest }: ScorecardRow): ScorecardFigures => rest;
  return {
    graceDays,
    previous: { from: before.from, to: before.to },
    rows: [...current.values()]
      .sort((a, b) => b.shipments - a.shipments || a.forwarder.localeCompare(b.forwarder))
      .map((row) => {
        const then = previous.get(row.key);
        return { forwarder: row.forwarder, current: figures(row), previous: then ? figures(then) : null };
      }),
  };
}
