import {
  EXCEPTION_KINDS,
  EXCEPTION_LABELS,
  type ExceptionKind,
  type ShipmentExceptionKind,
  STALE_AFTER_DAYS,
} from '@quayside/domain/exceptions';
import { shiftDay } from '@quayside/domain/line-item-query';
import { dayNumber } from '@quayside/domain/text';
import { type SQL, sql } from 'drizzle-orm';

// The exception rules (domain's exceptions.ts), once, as conditions on the dashboard's read model
// (line_item_rows as `r`). The read model carries the dates each rule is decided on
// (line-item-rows.ts), so every rule is a range of one indexed column as of `today`, and stays
// right as days pass without any write. A purchase order's rules compare the PO's figures the row
// carries (its po_* columns, kept by purchase-orders.sql), each null while the PO is closed.

/**
 * The day the rules are decided on, and the Admin's ETA slip threshold. `now` (ISO timestamp) is
 * the moment the dashboard's 'changed in the last' filters count back from; without it, the start
 * of `today`.
 */
export type ExceptionContext = { today: string; etaSlipDays: number; now?: string };

/** The moment 'changed in the last' counts back from. */
export const nowOf = (context: ExceptionContext) => context.now ?? `${context.today}T00:00:00.000Z`;

/** The UTC day of `moment`, as YYYY-MM-DD. */
export const dayOf = (moment: Date) => moment.toISOString().slice(0, 10);

/** `day` moved by `days` days, as YYYY-MM-DD: domain's shiftDay, which the relative date filters use. */
export const addDays = shiftDay;

/** The read-model columns the rules compare: dates, and counts (of days, of units). */
export const EXCEPTION_BASES = {
  departure_due: 'date',
  arrival_due: 'date',
  delivery_due: 'date',
  eta_slip_days: 'count',
  documents_due: 'date',
  in_transit_updated: 'date',
  po_overdue_from: 'date',
  po_booking_due: 'date',
  po_cargo_ready_slip_days: 'count',
  po_short_qty: 'count',
  po_over_shipped_qty: 'count',
  po_unknown_skus: 'count',
} as const;
export type ExceptionBasis = keyof typeof EXCEPTION_BASES;

/**
 * Each rule as a comparison of one read-model column with a bound as of the context: the same
 * columns exception_counts (exception-counts.sql's exception_bases) counts by value, and the
 * in-memory copy of the rows compares (line-items/columnar).
 */
export type ExceptionRule = {
  column: ExceptionBasis;
  compare: '<' | '<=' | '>=';
  /** A day (YYYY-MM-DD) for a date column, a number (of days, of units) for the others. */
  bound: (context: ExceptionContext) => string | number;
};
export const EXCEPTION_RULES: Record<ExceptionKind, ExceptionRule> = {
  late_departure: { column: 'departure_due', compare: '<', bound: ({ today }) => today },
  late_arrival: { column: 'arrival_due', compare: '<', bound: ({ today }) => today },
  late_delivery: { column: 'delivery_due', compare: '<', bound: ({ today }) => today },
  eta_slipped: { column: 'eta_slip_days', compare: '>=', bound: ({ etaSlipDays }) => etaSlipDays },
  missing_documents: { column: 'documents_due', compare: '<', bound: ({ today }) => today },
  stale: { column: 'in_transit_updated', compare: '<=', bound: ({ today }) => addDays(today, -STALE_AFTER_DAYS) },
  po_overdue: { column: 'po_overdue_from', compare: '<', bound: ({ today }) => today },
  po_not_booked: { column: 'po_booking_due', compare: '<', bound: ({ today }) => today },
  po_cargo_ready_slipped: { column: 'po_cargo_ready_slip_days', compare: '>=', bound: () => 1 },
  po_received_short: { column: 'po_short_qty', compare: '>=', bound: () => 1 },
  po_over_shipped: { column: 'po_over_shipped_qty', compare: '>=', bound: () => 1 },
  po_unknown_sku: { column: 'po_unknown_skus', compare: '>=', bound: () => 1 },
};

/**
 * The rule's bound as of the context as a number, as exception_counts and the in-memory copy hold
 * their bases: a day as days from 1970-01-01 (domain's dayNumber), a count as it is.
 */
export function boundNumber(kind: ExceptionKind, context: ExceptionContext): number {
  const bound = EXCEPTION_RULES[kind].bound(context);
  return typeof bound === 'number' ? bound : dayNumber(bound);
}

const boundSql = (bound: string | number) => (typeof bound === 'number' ? sql`${bound}::int` : sql`${bound}::date`);

/**
 * Whether the row has `kind` as of the context's day: a row of line_item_rows as `r`, or of
 * shipment_facts as `f`, which carries the same six dates per shipment (not a PO's figures).
 */
export function exceptionCondition(kind: ShipmentExceptionKind, context: ExceptionContext, table: 'r' | 'f'): SQL;
export function exceptionCondition(kind: ExceptionKind, context: ExceptionContext, table?: 'r'): SQL;
export function exceptionCondition(kind: ExceptionKind, context: ExceptionContext, table: 'r' | 'f' = 'r'): SQL {
  const { column, compare, bound } = EXCEPTION_RULES[kind];
  return sql`${sql.raw(table)}.${sql.identifier(column)} ${sql.raw(compare)} ${boundSql(bound(context))}`;
}

/** The exception_counts rows that count line items with `kind` (dates there are days since 1970-01-01). */
export function countedCondition(kind: ExceptionKind, context: ExceptionContext): SQL {
  const { column, compare, bound } = EXCEPTION_RULES[kind];
  const value = bound(context);
  const asInteger = typeof value === 'number' ? sql`${value}::int` : sql`(${value}::date - date '1970-01-01')`;
  return sql`(basis = ${column} and value ${sql.raw(compare)} ${asInteger})`;
}

/** Rows with any of `kinds` (of line_item_rows `r`, or of shipment_facts `f` for the shipment's own kinds). */
export function anyException(kinds: readonly ShipmentExceptionKind[], context: ExceptionContext, table: 'r' | 'f'): SQL;
export function anyException(kinds: readonly ExceptionKind[], context: ExceptionContext, table?: 'r'): SQL;
export function anyException(kinds: readonly ExceptionKind[], context: ExceptionContext, table: 'r' | 'f' = 'r'): SQL {
  return kinds.length === 0
    ? sql`true`
    : sql`(${sql.join(
        kinds.map((kind) => exceptionCondition(kind as ShipmentExceptionKind, context, table)),
        sql` or `,
      )})`;
}

/** The row's exceptions, as a text[] of kinds (or of their labels) in EXCEPTION_KINDS order. */
export const exceptionsOf = (context: ExceptionContext, as: 'kinds' | 'labels' = 'kinds'): SQL =>
  sql`array_remove(array[${sql.join(
    EXCEPTION_KINDS.map(
      (kind) =>
        sql`case when ${exceptionCondition(kind, context)} then ${as === 'kinds' ? kind : EXCEPTION_LABELS[kind]} end`,
    ),
    sql`, `,
  )}]::text[], null)`;

/**
 * The required document types the shipment of row `r` lacks with their milestone passed as of the
 * context (domain's 'missing_documents'; line-item-rows.ts's documents_due is the earliest such
 * milestone), optionally only `documentType`. Looked up by the shipment's key and the documents'
 * shipment index: a handful of rows per line item.
 */
const missingDocumentRows = (context: ExceptionContext, documentType?: string) => sql`
  from shipments s join required_documents rd on rd.mode in ('*', s.mode)
  where s.id = r.shipment_id
    ${documentType === undefined ? sql`` : sql`and rd.document_type = ${documentType}`}
    and (case rd.after when 'atd' then (s.atd at time zone 'UTC')::date
                       else (s.act_delivery at time zone 'UTC')::date end) < ${context.today}::date
    and not exists (select 1 from documents d where d.shipment_id = s.id and d.document_type = rd.document_type)`;

/**
 * Whether row `r`'s shipment lacks `documentType` (`missingDocument=`): only rows with missing
 * documents (documents_due, indexed) are looked at, so the lookup runs for those alone.
 */
export const missingDocumentCondition = (documentType: string, context: ExceptionContext): SQL =>
  sql`(${exceptionCondition('missing_documents', context)} and exists (select 1 ${missingDocumentRows(context, documentType)}))`;

/** Days from `column` (a date) to the context's day. */
const daysSince = (column: string, { today }: ExceptionContext) => sql`(${today}::date - r.${sql.identifier(column)})`;

/**
 * The size of each of row `r`'s exceptions as of the context, as jsonb (domain's ExceptionFacts):
 * days late, days the ETA or a PO's cargo-ready date slipped, days without a change, the document
 * types missing, the units a PO is short or over, its unknown SKUs. For a page
 * of rows read by id, never for a scan: the missing documents are looked up per row.
 */
export const exceptionFactsOf = (context: ExceptionContext): SQL => {
  const size: Record<ExceptionKind, SQL> = {
    late_departure: daysSince('departure_due', context),
    late_arrival: daysSince('arrival_due', context),
    late_delivery: daysSince('delivery_due', context),
    eta_slipped: sql`r.eta_slip_days`,
    missing_documents: sql`(select jsonb_agg(distinct rd.document_type order by rd.document_type) ${missingDocumentRows(context)})`,
    stale: daysSince('in_transit_updated', context),
    po_overdue: daysSince('po_overdue_from', context),
    po_not_booked: daysSince('po_booking_due', context),
    po_cargo_ready_slipped: sql`r.po_cargo_ready_slip_days`,
    po_received_short: sql`r.po_short_qty`,
    po_over_shipped: sql`r.po_over_shipped_qty`,
    po_unknown_sku: sql`r.po_unknown_skus`,
  };
  return sql`jsonb_strip_nulls(jsonb_build_object(${sql.join(
    EXCEPTION_KINDS.map(
      (kind) => sql`${sql.raw(`'${kind}'`)}, case when ${exceptionCondition(kind, context)} then ${size[kind]} end`,
    ),
    sql`, `,
  )}))`;
};
