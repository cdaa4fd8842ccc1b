import type { AnalyticsQuery } from '@quayside/domain/analytics';
import { type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import { forwarderKeySql, shipmentRowScope } from '../../auth/visibility.ts';
import { transitTypeSql } from '../line-items/line-item-rows.ts';
import { firstPromiseSql } from '../shipments/first-promise.ts';

// What the figures of /analytics share, in SQL over the shipments as `s`. A shipment counts in the
// week or month of its ATD (or Dest. ETA), as a UTC day.

export const dayOf = (column: SQL) => sql`(${column} at time zone 'UTC')::date`;
const basisOf = (query: AnalyticsQuery) => (query.dateBy === 'atd' ? sql`s.atd` : sql`s.dest_eta`);
/** Free text compared as people type it: trimmed, any case. */
const sameText = (column: SQL, value: string) => sql`lower(btrim(${column})) = lower(${value})`;

/** The principal's shipments that the filters pick. */
export function pickedShipments(principal: Principal, query: AnalyticsQuery): SQL {
  const conditions = [
    shipmentRowScope(principal),
    sql`${dayOf(basisOf(query))} between ${query.from}::date and ${query.to}::date`,
  ];
  if (query.mode !== undefined) conditions.push(sql`s.mode = ${query.mode}`);
  if (query.transitType !== undefined) conditions.push(sql`${transitTypeSql} = ${query.transitType}`);
  if (query.forwarder)
    conditions.push(sql`${forwarderKeySql(sql`s.forwarder_name`)} = ${forwarderKeySql(sql`${query.forwarder}`)}`);
  if (query.originPort) conditions.push(sameText(sql`s.origin`, query.originPort));
  if (query.destinationPort) conditions.push(sameText(sql`s.dest`, query.destinationPort));
  if (query.consignee) conditions.push(sameText(sql`s.consignee_name`, query.consignee));
  return sql.join(conditions, sql` and `);
}

export const periodOf = (query: AnalyticsQuery, period: 'week' | 'month') =>
  sql`to_char(date_trunc(${period}, ${dayOf(basisOf(query))}::timestamp), 'YYYY-MM-DD')`;

/** Whole UTC days from the first promise of `estimate` to `actual`: late is positive. */
export const daysLate = (actual: 'ata' | 'act_delivery', estimate: 'dest_eta' | 'est_delivery') =>
  sql`(${dayOf(sql`s.${sql.raw(actual)}`)} - ${dayOf(sql.raw(firstPromiseSql(estimate)))})`;

/** Whether the shipment `s`'s documents due at departure were all uploaded by the day of its ATA. */
export const documentsInTime = sql`not exists (
  select 1 from required_documents rd where rd.mode in ('*', s.mode) and rd.after = 'atd' and not exists (
    select 1 from documents d where d.shipment_id = s.id and d.document_type = rd.document_type
      and ${dayOf(sql`d.created_at`)} <= ${dayOf(sql`s.ata`)}))`;
