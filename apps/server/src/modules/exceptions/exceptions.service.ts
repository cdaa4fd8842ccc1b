import {
  EXCEPTION_KINDS,
  type ExceptionKind,
  type ExceptionSettings,
  type ExceptionSummaryResponse,
  type Milestone,
  type RequiredDocument,
} from '@quayside/domain/exceptions';
import { COUNT_LIMIT } from '@quayside/domain/line-items';
import { asc, sql } from 'drizzle-orm';
import { canEditExceptionRules } from '../../auth/permissions.ts';
import type { Principal } from '../../auth/principal.ts';
import { lineItemCountScope, lineItemRowScope } from '../../auth/visibility.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { exceptionSettings, requiredDocuments } from '../../db/schema.ts';
import { allowLongStatements } from '../../db/statement-timeout.ts';
import { AppError } from '../../errors.ts';
import { withWrite } from '../../write/with-write.ts';
import { actorOf } from '../audit/audit.service.ts';
import { refreshDocumentsDue } from '../line-items/line-item-rows.ts';
import { anyException, countedCondition, dayOf, type ExceptionContext } from './exception-sql.ts';

export const EXCEPTION_RULES_FORBIDDEN = 'Only an administrator can change the exception rules.';

/** The Admin's rules: the ETA slip threshold and the document checklist. */
export async function readExceptionSettings(db: Queryable): Promise<ExceptionSettings> {
  const [settings] = await db.select().from(exceptionSettings);
  const checklist = await db
    .select()
    .from(requiredDocuments)
    .orderBy(asc(requiredDocuments.mode), asc(requiredDocuments.document_type));
  return {
    etaSlipDays: settings?.eta_slip_days ?? 3,
    // The table's checks and the settings' schema admit the same values.
    checklist: checklist.map((row) => ({
      mode: row.mode as RequiredDocument['mode'],
      documentType: row.document_type as RequiredDocument['documentType'],
      after: row.after as Milestone,
    })),
  };
}

/** What the exceptions are decided on now: today's date by `clock`, and the threshold. */
export async function exceptionContext(db: Queryable, clock: () => Date): Promise<ExceptionContext> {
  const [settings] = await db.select({ days: exceptionSettings.eta_slip_days }).from(exceptionSettings);
  return { today: dayOf(clock()), etaSlipDays: settings?.days ?? 3 };
}

/**
 * At least how many line items the principal sees have any of `kinds` (the sum of each kind's
 * count, from exception_counts): cheap, and enough to tell a rare choice from a common one.
 */
export async function exceptionMatchesBound(
  db: Queryable,
  principal: Principal,
  kinds: readonly ExceptionKind[],
  context: ExceptionContext,
): Promise<number> {
  const chosen = sql.join(
    kinds.map((kind) => countedCondition(kind, context)),
    sql` or `,
  );
  const result = await db.execute<{ n: number }>(
    sql`select coalesce(sum(count), 0)::int as n from exception_counts where ${lineItemCountScope(principal)} and (${chosen})`,
  );
  return result.rows[0]?.n ?? 0;
}

/**
 * How many line items the principal sees have each exception, summed from exception_counts (a
 * few rows per company and day instead of a million line items), and how many have any, counted
 * up to COUNT_LIMIT + 1 (the dashboard shows "more than 1,000" past it).
 */
export async function exceptionSummary(
  db: Queryable,
  principal: Principal,
  context: ExceptionContext,
): Promise<ExceptionSummaryResponse> {
  const counts = sql.join(
    EXCEPTION_KINDS.map(
      (kind) =>
        sql`coalesce(sum(count) filter (where ${countedCondition(kind, context)}), 0)::int as ${sql.identifier(kind)}`,
    ),
    sql`, `,
  );
  const result = await db.execute<Record<ExceptionKind, number>>(
    sql`select ${counts} from exception_counts where ${lineItemCountScope(principal)}`,
  );
  const byKind = result.rows[0];
  if (!byKind) throw new Error('the summary gave no row');
  const any = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from (
      select 1 from line_item_rows r
      where ${lineItemRowScope(principal)} and ${anyException(EXCEPTION_KINDS, context)}
      limit ${COUNT_LIMIT + 1}) matches`);
  const total = any.rows[0]?.n ?? 0;
  return {
    asOf: context.today,
    etaSlipDays: context.etaSlipDays,
    counts: byKind,
    total,
    totalExact: total <= COUNT_LIMIT,
  };
}

/**
 * Replaces the rules. A changed checklist re-decides every shipment's missing documents in the
 * same transaction; a changed threshold needs nothing recomputed (it is compared as asked).
 */
export async function saveExceptionSettings(
  db: Database,
  principal: Principal,
  settings: ExceptionSettings,
  statementTimeoutMs?: number,
): Promise<ExceptionSettings> {
  if (!canEditExceptionRules(principal)) throw new AppError('forbidden', EXCEPTION_RULES_FORBIDDEN);
  return withWrite(db, actorOf(principal), async (write) => {
    const { tx } = write;
    const before = await readExceptionSettings(tx);
    await tx
      .insert(exceptionSettings)
      .values({ id: 1, eta_slip_days: settings.etaSlipDays })
      .onConflictDoUpdate({
        target: exceptionSettings.id,
        set: { eta_slip_days: settings.etaSlipDays, updated_at: new Date() },
      });
    const checklistOf = (rules: ExceptionSettings) =>
      JSON.stringify(rules.checklist.map((row) => [row.mode, row.documentType, row.after]).sort());
    if (checklistOf(before) !== checklistOf(settings)) {
      await tx.delete(requiredDocuments);
      if (settings.checklist.length > 0) {
        await tx
          .insert(requiredDocuments)
          .values(
            settings.checklist.map((row) => ({ mode: row.mode, document_type: row.documentType, after: row.after })),
          );
      }
      await allowLongStatements(tx, statementTimeoutMs);
      await refreshDocumentsDue(tx);
    }
    const after = await readExceptionSettings(tx);
    write.audit({ action: 'update', entity: 'exception_settings', entityId: 1, before, after });
    return after;
  });
}
