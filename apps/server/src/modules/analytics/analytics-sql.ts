import type { AnalyticsQuery } from '@quayside/domain/analytics';
import { shiftDay } from '@quayside/domain/line-item-query';
import { dayNumber } from '@quayside/domain/text';
import { type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import { forwarderKeySql, shipmentFactsScope } from '../../auth/visibility.ts';

// What the figures of /analytics share, over shipment_facts as `f` (migration 0014: a row per
// shipment, its dates as UTC days, its first promises, slips, documents and line item counts), so
// each figure is one pass over a narrow table. A shipment counts in the week or month of its ATD
// (or Dest. ETA).

const basisOf = (query: AnalyticsQuery) => (query.dateBy === 'atd' ? sql`f.atd` : sql`f.dest_eta`);
/** Free text compared as people type it: trimmed, any case. */
const sameText = (column: SQL, value: string) => sql`lower(btrim(${column})) = lower(${value})`;

/**
 * The facts of the principal's shipments that the filters pick. `inRange: false` leaves the date
 * range out, for today's open exceptions: a shipment that has not departed has no ATD, and the
 * range must not drop it from 'Late departure' (nor any other exception from the dashboard's count).
 */
export function pickedShipments(principal: Principal, query: AnalyticsQuery, { inRange = true } = {}): SQL {
  const conditions = [shipmentFactsScope(principal)];
  if (inRange) conditions.push(sql`${basisOf(query)} between ${query.from}::date and ${query.to}::date`);
  if (query.mode !== undefined) conditions.push(sql`f.mode = ${query.mode}`);
  if (query.transitType !== undefined) conditions.push(sql`f.transit_type = ${query.transitType}`);
  if (query.forwarder) conditions.push(sql`f.forwarder_key = ${forwarderKeySql(sql`${query.forwarder}`)}`);
  if (query.originPort) conditions.push(sameText(sql`f.origin`, query.originPort));
  if (query.destinationPort) conditions.push(sameText(sql`f.dest`, query.destinationPort));
  if (query.consignee) conditions.push(sameText(sql`f.consignee_name`, query.consignee));
  return sql.join(conditions, sql` and `);
}

export const periodOf = (query: AnalyticsQuery, period: 'week' | 'month') =>
  sql`to_char(date_trunc(${period}, ${basisOf(query)}::timestamp), 'YYYY-MM-DD')`;

/** Whole days from the first promised Dest. ETA to ATA (late is positive), and its Est Delivery to Act Delivery. */
export const arrivalDaysLate = sql`(f.ata - f.first_dest_eta)`;
export const deliveryDaysLate = sql`(f.act_delivery - f.first_est_delivery)`;

/** The range of the same length just before the query's, for each scorecard's trend. */
export function previousRange(query: AnalyticsQuery): AnalyticsQuery {
  const length = dayNumber(query.to) - dayNumber(query.from) + 1;
  return { ...query, from: shiftDay(query.from, -length), to: shiftDay(query.from, -1) };
}
