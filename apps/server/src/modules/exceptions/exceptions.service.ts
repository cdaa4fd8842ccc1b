import {
  EXCEPTION_KINDS,
  type ExceptionKind,
  type ExceptionSettings,
  type ExceptionSummaryResponse,
  type Milestone,
  type RequiredDocument,
} from '@quayside/domain/exceptions';
import { asc, sql } from 'drizzle-orm';
import { canEditExceptionRules } from '../../auth/permissions.ts';
import type { Principal } from '../../auth/principal.ts';
import { lineItemRowScope } from '../../auth/visibility.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { exceptionSettings, requiredDocuments } from '../../db/schema.ts';
import { allowLongStatements } from '../../db/statement-timeout.ts';
import { AppError } from '../../errors.ts';
import { withWrite } from '../../write/with-write.ts';
import { actorOf } from '../audit/audit.service.ts';
import { refreshDocumentsDue } from '../line-items/line-item-rows.ts';
import { anyException, dayOf, type ExceptionContext, exceptionCondition } from './exception-sql.ts';

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

/** How many line items the principal sees have each exception, and any. */
export async function exceptionSummary(
  db: Queryable,
  principal: Principal,
  context: ExceptionContext,
): Promise<ExceptionSummaryResponse> {
  const scope = lineItemRowScope(principal);
  // One count per kind, each an index range of its own column.
  const counts = sql.join(
    EXCEPTION_KINDS.map(
      (kind) =>
        sql`(select count(*)::int from line_item_rows r where ${scope} and ${exceptionCondition(kind, context)}) as ${sql.identifier(kind)}`,
    ),
    sql`, `,
  );
  const result = await db.execute<Record<ExceptionKind | 'total', number>>(sql`
    select ${counts},
      (select count(*)::int from line_item_rows r where ${scope} and ${anyException(EXCEPTION_KINDS, context)}) as total`);
  const row = result.rows[0];
  if (!row) throw new Error('the summary gave no row');
  const { total, ...byKind } = row;
  return { asOf: context.today, etaSlipDays: context.etaSlipDays, counts: byKind, total };
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
