import type { LineItem } from '@quayside/domain/line-items';
import { type SQL, sql } from 'drizzle-orm';

// Where a line item's fields are kept: a column of the line item (`li`) or of its shipment (`s`).
// The API reads them from here (line-items.service.ts) and so does the CSV export (line-item-sql.ts).
// The fields computed from parts (part_numbers, total_qty, numberOfParts) are not columns.

export const SOURCE_COLUMN = {
  title: 'li.title',
  related_shipment: 's.shipment',
  forwarder_name: 's.forwarder_name',
  cosignee_name: 's.consignee_name',
  consignor_name: 's.consignor_name',
  origin_port: 's.origin',
  destination_port: 's.dest',
  transit_type: 's.trans',
  master: 's.master',
  house: 's.house',
  obl_received_date: 's.obl_received_date',
  atd: 's.atd',
  dest_eta: 's.dest_eta',
  ata: 's.ata',
  est_delivery: 's.est_delivery',
  act_delivery: 's.act_delivery',
  shipment_origin_etd: 's.origin_etd',
  created: 'li.created',
  weight: 's.weight',
  outer: 's.outer',
  volume: 's.volume',
  po_review_required: 'li.po_review_required',
  ignore_po_character_count: 'li.ignore_po_character_count',
  hide_lineitem: 'li.hide_lineitem',
} as const satisfies { [Field in keyof LineItem]?: `li.${string}` | `s.${string}` };

export type SourceField = keyof typeof SOURCE_COLUMN;

/** The field's column, as SQL. */
export const sourceOf = (field: SourceField): SQL => sql.raw(SOURCE_COLUMN[field]);
