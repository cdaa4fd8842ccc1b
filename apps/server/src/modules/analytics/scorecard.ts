import {
  type AnalyticsQuery,
  percentOf,
  type ScorecardFigures,
  type ScorecardResponse,
} from '@quayside/domain/analytics';
import { EXCEPTION_KINDS } from '@quayside/domain/exceptions';
import { dayNumber } from '@quayside/domain/text';
import { sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import { forwarderKeySql, lineItemRowScope } from '../../auth/visibility.ts';
import type { Queryable } from '../../db/client.ts';
import { addDays, anyException, type ExceptionContext } from '../exceptions/exception-sql.ts';
import { exceptionContext } from '../exceptions/exceptions.service.ts';
import { readAnalyticsSettings } from './analytics-settings.ts';
import { dayOf, daysLate, documentsInTime, pickedShipments } from './analytics-sql.ts';

// The forwarder scorecard: a row per forwarder, for the range and the one of the same length before it.

type ScorecardRow = ScorecardFigures & { key: string; forwarder: string };

/** Each forwarder's scorecard figures over the shipments the filters pick. */
async function scorecardRows(
  db: Queryable,
  principal: Principal,
  query: AnalyticsQuery,
  context: ExceptionContext,
  graceDays: number,
): Promise<Map<string, ScorecardRow>> {
  const result = await db.execute<{
    key: string;
    forwarder: string;
    shipments: number;
    measured_arrivals: number;
    on_time: number;
    arrived: number;
    median_transit: number | null;
    median_eta_error: number | null;
    slips: number;
    open_exceptions: number;
    timely: number;
  }>(sql`
    select key, min(forwarder) as forwarder, count(*)::int as shipments,
      count(eta_error)::int as measured_arrivals, count(*) filter (where eta_error <= ${graceDays})::int as on_time,
      percentile_cont(0.5) within group (order by transit) as median_transit,
      percentile_cont(0.5) within group (order by eta_error) as median_eta_error,
      sum(slips)::int as slips, sum(open_exceptions)::int as open_exceptions,
      count(*) filter (where has_arrived)::int as arrived, count(*) filter (where has_arrived and timely)::int as timely
    from (
      select ${forwarderKeySql(sql`s.forwarder_name`)} as key, s.forwarder_name as forwarder,
        ${dayOf(sql`s.ata`)} - ${dayOf(sql`s.atd`)} as transit,
        ${daysLate('ata', 'dest_eta')} as eta_error,
        (select count(*) from shipment_date_changes c
          where c.shipment_id = s.id and c.field = 'dest_eta' and c.new_value > c.old_value) as slips,
        (select count(*) from line_item_rows r
          where r.shipment_id = s.id and ${lineItemRowScope(principal)} and ${anyException(EXCEPTION_KINDS, context)}) as open_exceptions,
        s.ata is not null as has_arrived, ${documentsInTime} as timely
      from shipments s where ${pickedShipments(principal, query)}) measured
    group by key`);
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
        openExceptions: row.open_exceptions,
        documentTimelinessPercent: percentOf(row.timely, row.arrived),
      },
    ]),
  );
}

/** The range of the same length just before the query's. */
function previousRange(query: AnalyticsQuery): AnalyticsQuery {
  const length = dayNumber(query.to) - dayNumber(query.from) + 1;
  return { ...query, from: addDays(query.from, -length), to: addDays(query.from, -1) };
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
  const current = await scorecardRows(db, principal, query, context, graceDays);
  const previous = await scorecardRows(db, principal, before, context, graceDays);
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
