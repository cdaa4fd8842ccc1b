import { EXCEPTION_KINDS, EXCEPTION_LABELS, type ExceptionKind, STALE_AFTER_DAYS } from '@quayside/domain/exceptions';
import { type SQL, sql } from 'drizzle-orm';

// The exception rules (domain's exceptions.ts), once, as conditions on the dashboard's read model
// (line_item_rows as `r`). The read model carries the dates each rule is decided on
// (line-item-rows.ts), so every rule is a range of one indexed column as of `today`, and stays
// right as days pass without any write.

/** The day the rules are decided on, and the Admin's ETA slip threshold. */
export type ExceptionContext = { today: string; etaSlipDays: number };

/** The UTC day of `moment`, as YYYY-MM-DD. */
export const dayOf = (moment: Date) => moment.toISOString().slice(0, 10);

/** `day` moved by `days` days, as YYYY-MM-DD. */
export function addDays(day: string, days: number) {
  const moment = new Date(`${day}T00:00:00Z`);
  moment.setUTCDate(moment.getUTCDate() + days);
  return dayOf(moment);
}

/** Whether the row has `kind` as of the context's day. */
export function exceptionCondition(kind: ExceptionKind, context: ExceptionContext): SQL {
  const today = sql`${context.today}::date`;
  switch (kind) {
    case 'late_departure':
      return sql`r.departure_due < ${today}`;
    case 'late_arrival':
      return sql`r.arrival_due < ${today}`;
    case 'late_delivery':
      return sql`r.delivery_due < ${today}`;
    case 'eta_slipped':
      return sql`r.eta_slip_days >= ${context.etaSlipDays}::int`;
    case 'missing_documents':
      return sql`r.documents_due < ${today}`;
    case 'stale':
      return sql`r.in_transit_updated <= ${addDays(context.today, -STALE_AFTER_DAYS)}::date`;
  }
}

/** Rows with any of `kinds`. */
export const anyException = (kinds: readonly ExceptionKind[], context: ExceptionContext): SQL =>
  kinds.length === 0
    ? sql`true`
    : sql`(${sql.join(
        kinds.map((kind) => exceptionCondition(kind, context)),
        sql` or `,
      )})`;

/** The row's exceptions, as a text[] of kinds (or of their labels) in EXCEPTION_KINDS order. */
export const exceptionsOf = (context: ExceptionContext, as: 'kinds' | 'labels' = 'kinds'): SQL =>
  sql`array_remove(array[${sql.join(
    EXCEPTION_KINDS.map(
      (kind) =>
        sql`case when ${exceptionCondition(kind, context)} then ${as === 'kinds' ? kind : EXCEPTION_LABELS[kind]} end`,
    ),
    sql`, `,
  )}]::text[], null)`;
