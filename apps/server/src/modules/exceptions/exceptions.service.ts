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
import { syncShipmentFacts } from '../analytics/shipment-facts.ts';
import { actorOf } from '../audit/audit.service.ts';
import { countRows } from '../line-items/count-rows.ts';
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
  const now = clock();
  return { today: dayOf(now), etaSlipDays: settings?.days ?? 3, now: now.toISOString() };
}

/** How many line items the principal sees have each of `kinds`, summed from exception_counts. */
async function countsByKind<Kind extends ExceptionKind>(
  db: Queryable,
  principal: Principal,
  kinds: readonly Kind[],
  context: ExceptionContext,
): Promise<Record<Kind, number>> {
  const counts = sql.join(
    kinds.map(
      (kind) =>
        sql`coalesce(sum(count) filter (where ${countedCondition(kind, context)}), 0)::int as ${sql.identifier(kind)}`,
    ),
    sql`, `,
  );
  const result = await db.execute<Record<Kind, number>>(
    sql`select ${counts} from exception_counts where ${lineItemCountScope(principal)}`,
  );
  const byKind = result.rows[0];
  if (!byKind) throw new Error('the exception counts gave no row');
  return byKind;
}

/**
 * Between how few and how many line items the principal sees have any of `kinds` (one or more),
 * from exception_counts at once, whatever the table's size: a line item may have several kinds,
 * so at least the commonest kind's count and at most their sum.
 */
export async function exceptionMatchRange(
  db: Queryable,
  principal: Principal,
  kinds: readonly ExceptionKind[],
  context: ExceptionContext,
): Promise<{ atLeast: number; atMost: number }> {
  const counts = Object.values<number>(await countsByKind(db, principal, kinds, context));
  return { atLeast: Math.max(...counts), atMost: counts.reduce((sum, count) => sum + count, 0) };
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
  const counts = await countsByKind(db, principal, EXCEPTION_KINDS, context);
  // Past COUNT_LIMIT the dashboard says "more than that", so the commonest kind can settle it unread.
  const total =
    Math.max(...Object.values(counts)) > COUNT_LIMIT
      ? COUNT_LIMIT + 1
      : await countRows(
          db,
          sql`${lineItemRowScope(principal)} and ${anyException(EXCEPTION_KINDS, context)}`,
          COUNT_LIMIT + 1,
        );
  return {
    asOf: context.today,
    etaSlipDays: context.etaSlipDays,
    counts,
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
      // Document timeliness (analytics) follows the same checklist.
      await syncShipmentFacts(tx, 'all');
    }
    const after = await readExceptionSettings(tx);
    write.audit({ action: 'update', entity: 'exception_settings', entityId: 1, before, after });
    return after;
  });
}
