import { TRANSIT_TYPE_OTHER, TRANSIT_TYPES } from '@quayside/domain/constants';
import { type ColumnKey, DEFAULT_ONLY_COLUMNS, REPORT_COLUMNS } from '@quayside/domain/line-item-columns';
import { type SQL, sql } from 'drizzle-orm';
import { forwarderKeySql } from '../../auth/visibility.ts';
import { idArray } from '../../db/array-parameters.ts';
import type { Queryable } from '../../db/client.ts';
import type { lineItemRows } from '../../db/schema.ts';
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
/**
 * What the row carries of its purchase order (the PO numbered by its title), from the join `pb`
 * (purchase-orders.sql's purchase_order_row_basis, which purchase_orders_sync also rewrites the
 * rows with, and its purchase_order_cargo_ready_slip): its status, and what the PO exceptions are
 * decided on.
 */
const PO_BASIS = {
  po_status: sql`pb.po_status`,
  po_overdue_from: sql`pb.po_overdue_from`,
  po_booking_due: sql`pb.po_booking_due`,
  po_cargo_ready_slip_days: sql`purchase_order_cargo_ready_slip(li.title)`,
  po_short_qty: sql`pb.po_short_qty`,
  po_over_shipped_qty: sql`pb.po_over_shipped_qty`,
  po_unknown_skus: sql`pb.po_unknown_skus`,
};
/** The columns' texts joined by U+0001 (which search text may not contain), case-folded as foldCase() does. */
const searchText = (columns: readonly ColumnKey[]) =>
  sql`lower(concat_ws(chr(1), ${sql.join(
    columns.map((column) => DISPLAYED[column]),
    sql`, `,
  )}) collate "C")`;

/**
 * Every column of line_item_rows and what it is computed from, per line item `li` of shipment `s`
 * with its parts' totals `p`: the insert's columns, its values and its update are all read from here.
 */
const ROW_VALUES = {
  line_item_id: sql`li.id`,
  shipment_id: sql`s.id`,
  forwarder_key: forwarderKeySql(sourceOf('forwarder_name')),
  is_hidden: sourceOf('hide_lineitem'),
  title: DISPLAYED.title,
  related_shipment: DISPLAYED.related_shipment,
  forwarder_name: DISPLAYED.forwarder_name,
  cosignee_name: DISPLAYED.cosignee_name,
  origin_port: DISPLAYED.origin_port,
  destination_port: DISPLAYED.destination_port,
  transit_type: DISPLAYED.transit_type,
  number_of_parts: sql`coalesce(p.number_of_parts, 0)`,
  part_numbers: DISPLAYED.part_numbers,
  total_qty: sql`coalesce(p.total_qty, 0)`,
  atd: dateOf('atd'),
  dest_eta: dateOf('dest_eta'),
  ata: dateOf('ata'),
  est_delivery: dateOf('est_delivery'),
  house: DISPLAYED.house,
  master: DISPLAYED.master,
  search_dr: searchText(REPORT_COLUMNS.dr),
  search_default_only: searchText(DEFAULT_ONLY_COLUMNS),
  ...EXCEPTION_BASIS,
  ...PO_BASIS,
} satisfies Record<keyof typeof lineItemRows.$inferInsert, SQL>;

const rowColumns = Object.keys(ROW_VALUES);
const rowColumnList = sql.raw(rowColumns.join(', '));
const rowValueList = sql.join(Object.values(ROW_VALUES), sql`, `);
const rowUpdates = sql.raw(
  rowColumns
    .filter((column) => column !== 'line_item_id')
    .map((column) => `${column} = excluded.${column}`)
    .join(', '),
);

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
    insert into line_item_rows (${rowColumnList})
    select ${rowValueList}
    from line_items li
    join shipments s on s.id = li.shipment_id
    left join lateral (
      select count(*)::int as number_of_parts,
             string_agg(part_number, ', ' order by id) as part_numbers,
             sum(coalesce(qty, 0))::bigint as total_qty
      from parts where parts.line_item_id = li.id
    ) p on true
    left join lateral purchase_order_row_basis(li.title) pb on true
    where ${scopeCondition(scope)}
    on conflict (line_item_id) do update set ${rowUpdates}
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
