import type { ColumnKey } from '@quayside/domain/line-item-columns';
import type { Filter, RowQuery } from '@quayside/domain/line-item-query';
import type { ExceptionBasis, ExceptionContext } from '../../exceptions/exception-sql.ts';

/**
 * One dashboard row as the in-memory copy holds it: line_item_rows' columns, each dashboard cell
 * as displayed (domain's displayText): dates as YYYY-MM-DD or null, counts as numbers.
 */
export type RowRecord = {
  line_item_id: number;
  shipment_id: number;
  /** The forwarder company as compared (domain's companyKey of forwarder_name). */
  forwarder_key: string;
  is_hidden: boolean;
  title: string;
  related_shipment: string;
  forwarder_name: string;
  cosignee_name: string;
  origin_port: string;
  destination_port: string;
  transit_type: string;
  part_numbers: string;
  house: string;
  master: string;
  number_of_parts: number;
  total_qty: number;
  atd: string | null;
  dest_eta: string | null;
  ata: string | null;
  est_delivery: string | null;
} & ExceptionBases;

/**
 * What the row's exceptions are decided on (exception-sql.ts's EXCEPTION_RULES): dates as days
 * from 1970-01-01 (exception-sql.ts's boundNumber), counts as numbers; absent or null, no exception by it.
 */
export type ExceptionBases = Partial<Record<ExceptionBasis, number | null>>;

/** The record's field holding a dashboard column (the read model names numberOfParts number_of_parts). */
export const recordFieldOf = (key: ColumnKey): keyof RowRecord => (key === 'numberOfParts' ? 'number_of_parts' : key);

/** Whose rows a question reads: everything, nothing, or one forwarder company's rows that are not hidden. */
export type RowScope = { sees: 'everything' } | { sees: 'nothing' } | { sees: 'company'; key: string };

/** A page of matches: the line item ids in the query's order, and how many match in all. */
export type RowPage = { ids: number[]; total: number };

/**
 * What a question is decided as of: the day of the relative filters and the exceptions, the Admin's
 * ETA slip threshold, and for each of the query's 'changed in the last' filters the shipments whose
 * history has such a change (the database's shipment_date_changes, which the rows do not hold).
 */
export type RowContext = ExceptionContext & { changedShipments?: ReadonlyMap<Filter, readonly number[]> };

/**
 * What an engine of the copy answers: a page and an exact count, for the questions it can answer
 * (null for the others, which PostgreSQL answers: a missing document or an import, which read
 * tables the copy does not hold, and a 'changed in the last' filter whose shipments the context
 * does not give).
 */
export interface RowsEngine {
  page(scope: RowScope, query: RowQuery, context: RowContext, offset: number, limit: number): RowPage | null;
  count(scope: RowScope, query: RowQuery, context: RowContext): number | null;
}
