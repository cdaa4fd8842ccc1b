import { TRANSIT_TYPE_OTHER } from '@quayside/domain/constants';
import type { ExceptionKind } from '@quayside/domain/exceptions';
import type { LineItem } from '@quayside/domain/line-items';
import { companyKey } from '@quayside/domain/text';
import { EXCEPTION_RULES, type ExceptionContext } from '../../exceptions/exception-sql.ts';
import type { RowRecord } from './row-record.ts';

// What the copy's engines are held to, in their property tests (columnar-rows.test.ts,
// duckdb-rows.test.ts) and in the harness that weighs them (bench/columnar-choice.ts): domain's
// reference reads LineItems, and leaves exceptions out.

/** The LineItem that displays exactly the record's cells (part numbers as one text: displayed the same). */
export function lineItemOf(record: RowRecord): LineItem {
  const timestamp = (day: string | null) => (day === null ? null : `${day}T00:00:00.000Z`);
  return {
    _id: String(record.line_item_id),
    title: record.title,
    related_shipment: record.related_shipment,
    forwarder_name: record.forwarder_name,
    cosignee_name: record.cosignee_name,
    consignor_name: '',
    origin_port: record.origin_port,
    destination_port: record.destination_port,
    transit_type: record.transit_type,
    master: record.master,
    house: record.house,
    obl_received_date: null,
    atd: timestamp(record.atd),
    dest_eta: timestamp(record.dest_eta),
    ata: timestamp(record.ata),
    est_delivery: timestamp(record.est_delivery),
    act_delivery: null,
    shipment_origin_etd: null,
    created: '2024-01-01T00:00:00.000Z',
    weight: null,
    outer: null,
    volume: null,
    part_numbers: record.part_numbers === '' ? [] : [record.part_numbers],
    parts: [],
    total_qty: record.total_qty,
    numberOfParts: record.number_of_parts,
    po_review_required: 0,
    ignore_po_character_count: false,
    hide_lineitem: record.is_hidden,
    filter_record_out: record.is_hidden,
  };
}

/**
 * Whether the record has any of the kinds as of the context, read off the rules' table with its own
 * comparison (not the engines'): a null basis has none, a day bound is days from 1970-01-01.
 */
export function hasException(record: RowRecord, kinds: readonly ExceptionKind[], context: ExceptionContext) {
  return kinds.some((kind) => {
    const { column, compare, bound } = EXCEPTION_RULES[kind];
    const value = record[column];
    if (value === null || value === undefined) return false;
    const limit = bound(context);
    const than = typeof limit === 'number' ? limit : Date.parse(`${limit}T00:00:00.000Z`) / 86_400_000;
    return compare === '<' ? value < than : compare === '<=' ? value <= than : value >= than;
  });
}

/** A record of its own shipment with every cell empty (no dates, transit type Other, one part of one) but the cells given. */
export function blankRecord(id: number, cells: Partial<RowRecord>): RowRecord {
  const record = {
    line_item_id: id,
    shipment_id: id,
    is_hidden: false,
    title: '',
    related_shipment: '',
    forwarder_name: '',
    cosignee_name: '',
    origin_port: '',
    destination_port: '',
    transit_type: TRANSIT_TYPE_OTHER,
    part_numbers: '',
    house: '',
    master: '',
    number_of_parts: 1,
    total_qty: 1,
    atd: null,
    dest_eta: null,
    ata: null,
    est_delivery: null,
    ...cells,
  };
  return { ...record, forwarder_key: companyKey(record.forwarder_name) };
}
