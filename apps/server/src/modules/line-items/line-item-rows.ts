import { TRANSIT_TYPE_OTHER, TRANSIT_TYPES } from '@quayside/domain/constants';
import { type ColumnKey, DEFAULT_ONLY_COLUMNS, REPORT_COLUMNS } from '@quayside/domain/line-item-columns';
import { type SQL, sql } from 'drizzle-orm';
import { forwarderKeySql } from '../../auth/visibility.ts';
import { idArray } from '../../db/array-parameters.ts';
import type { Queryable } from '../../db/client.ts';
import { firstPromiseSql } from '../shipments/first-promise.ts';
import { SOURCE_COLUMN, type SourceField, sourceOf } from './line-item-source.ts';

// Keeps the dashboard's read model (line_item_rows) in step with shipments, line items and parts.
// Writers do not call it: the write door (write/with-write.ts) does, before each write commits.

/** `lineItemIdsIn`: a query naming the line items (a bulk change's selection, whose ids never come to Node). */
export type RowScope =
  | { shipmentIds: readonly number[] }
  | { lineItemIds: readonly number[] }
  | { lineItemIdsIn: SQL }
  | 'all';

const dateOf = (field: SourceField) => sql.raw(`(${SOURCE_COLUMN[field]} at time zone 'UTC')::date`);
const dateText = (field: SourceField) =>
  sql.raw(`coalesce(to_char((${SOURCE_COLUMN[field]} at time zone 'UTC')::date, 'YYYY-MM-DD'), '')`);
const transitTypes = sql.raw(TRANSIT_TYPES.map((type) => `'${type}'`).join(', '));

/** The shipment `s`'s Transit Type as the dashboard shows it: one of the four, else N/A. */
const transitType = sourceOf('transit_type');
const transitTypeSql = sql`case when ${transitType} in (${transitTypes}) then ${transitType} else ${TRANSIT_TYPE_OTHER} end`;

/** Each column's displayed text, in SQL, exactly as domain's displayText() shows it. */
const DISPLAYED: Record<ColumnKey, SQL> = {
  title: sourceOf('title'),
  related_shipment: sourceOf('related_shipment'),
  forwarder_name: sourceOf('forwarder_name'),
  cosignee_name: sourceOf('cosignee_name'),
  origin_port: sourceOf('origin_port'),
  destination_port: sourceOf('destination_port'),
  transit_type: transitTypeSql,
  numberOfParts: sql`coalesce(p.number_of_parts, 0)::text`,
  part_numbers: sql`coalesce(p.part_numbers, '')`,
  total_qty: sql`coalesce(p.total_qty, 0)::text`,
  atd: dateText('atd'),
  dest_eta: dateText('dest_eta'),
  ata: dateText('ata'),
  est_delivery: dateText('est_delivery'),
  house: sourceOf('house'),
  master: sourceOf('master'),
};

/**
 * What the exceptions are decided on (domain's exceptions.ts; the conditions are in
 * modules/exceptions/exception-sql.ts), per shipment `s`. Migration 0008 filled existing rows with
 * the same expressions.
 */
const EXCEPTION_BASIS = {
  departure_due: sql.raw(`case when s.atd is null then (coalesce(s.etd, s.origin_etd) at time zone 'UTC')::date end`),
  arrival_due: sql.raw(`case when s.ata is null then (s.dest_eta at time zone 'UTC')::date end`),
  delivery_due: sql.raw(`case when s.act_delivery is null then (s.est_delivery at time zone 'UTC')::date end`),
  eta_slip_days: sql.raw(
    `case when s.ata is null then (s.dest_eta at time zone 'UTC')::date - (${firstPromiseSql('dest_eta')} at time zone 'UTC')::date end`,
  ),
  documents_due: sql.raw(`(select min(case rd.after when 'atd' then (s.atd at time zone 'UTC')::date
                                          else (s.act_delivery at time zone 'UTC')::date end)
      from required_documents rd
      where rd.mode in ('*', s.mode)
        and not exists (select 1 from documents d where d.shipment_id = s.id and d.document_type = rd.document_type))`),
  in_transit_updated: sql.raw(
    `case when s.atd is not null and s.ata is null then (s.updated_at at time zone 'UTC')::date end`,
  ),
};
const basisColumns = sql.raw(Object.keys(EXCEPTION_BASIS).join(', '));
const basisValues = sql.join(Object.values(EXCEPTION_BASIS), sql`, `);
const basisUpdates = sql.raw(
  Object.keys(EXCEPTION_BASIS)
    .map((name) => `${name} = excluded.${name}`)
    .join(', '),
);

/** The columns' texts joined by U+0001 (which search text may not contain), case-folded as foldCase() does. */
const searchText = (columns: readonly ColumnKey[]) =>
  sql`lower(concat_ws(chr(1), ${sql.join(
    columns.map((column) => DISPLAYED[column]),
    sql`, `,
  )}) collate "C")`;

function scopeCondition(scope: RowScope): SQL {
  if (scope === 'all') return sql`true`;
  if ('lineItemIdsIn' in scope) return sql`li.id in (${scope.lineItemIdsIn})`;
  if ('shipmentIds' in scope) return sql`li.shipment_id = any(${idArray(scope.shipmentIds)})`;
  return sql`li.id = any(${idArray(scope.lineItemIds)})`;
}

/** Recomputes the read-model rows of the line items in `scope` from the normalised tables. */
export async function syncLineItemRows(db: Queryable, scope: RowScope) {
  if (scope !== 'all' && 'shipmentIds' in scope && scope.shipmentIds.length === 0) return;
  if (scope !== 'all' && 'lineItemIds' in scope && scope.lineItemIds.length === 0) return;
  // A row that would come out the same is not rewritten, nor are its many indexes: a change the
  // dashboard does not show ('Valid PO #') or an import of unchanged rows costs no index writes.
  await db.execute(sql`
    insert into line_item_rows (
      line_item_id, shipment_id, forwarder_key, is_hidden, title, related_shipment, forwarder_name,
      cosignee_name, origin_port, destination_port, transit_type, number_of_parts, part_numbers, total_qty,
      atd, dest_eta, ata, est_delivery, house, master, search_dr, search_default_only, ${basisColumns}
    )
    select
      li.id, s.id, ${forwarderKeySql(sql`s.forwarder_name`)}, li.hide_lineitem, li.title, s.shipment, s.forwarder_name,
      s.consignee_name, s.origin, s.dest, ${DISPLAYED.transit_type}, coalesce(p.number_of_parts, 0),
      ${DISPLAYED.part_numbers}, coalesce(p.total_qty, 0),
      ${dateOf('atd')}, ${dateOf('dest_eta')}, ${dateOf('ata')}, ${dateOf('est_delivery')}, s.house, s.master,
      ${searchText(REPORT_COLUMNS.dr)}, ${searchText(DEFAULT_ONLY_COLUMNS)}, ${basisValues}
    from line_items li
    join shipments s on s.id = li.shipment_id
    left join lateral (
      select count(*)::int as number_of_parts,
             string_agg(part_number, ', ' order by id) as part_numbers,
             sum(coalesce(qty, 0))::bigint as total_qty
      from parts where parts.line_item_id = li.id
    ) p on true
    where ${scopeCondition(scope)}
    on conflict (line_item_id) do update set
      shipment_id = excluded.shipment_id, forwarder_key = excluded.forwarder_key, is_hidden = excluded.is_hidden,
      title = excluded.title, related_shipment = excluded.related_shipment, forwarder_name = excluded.forwarder_name,
      cosignee_name = excluded.cosignee_name, origin_port = excluded.origin_port,
      destination_port = excluded.destination_port, transit_type = excluded.transit_type,
      number_of_parts = excluded.number_of_parts, part_numbers = excluded.part_numbers,
      total_qty = excluded.total_qty, atd = excluded.atd, dest_eta = excluded.dest_eta, ata = excluded.ata,
      est_delivery = excluded.est_delivery, house = excluded.house, master = excluded.master,
      search_dr = excluded.search_dr, search_default_only = excluded.search_default_only, ${basisUpdates}
    where line_item_rows is distinct from excluded
  `);
}

/** Re-decides every row's missing documents after the checklist changed (only rows whose answer moved are written). */
export async function refreshDocumentsDue(db: Queryable) {
  await db.execute(sql`
    update line_item_rows r set documents_due = due.value
    from (select s.id, ${EXCEPTION_BASIS.documents_due} as value from shipments s) due
    where r.shipment_id = due.id and r.documents_due is distinct from due.value`);
}
