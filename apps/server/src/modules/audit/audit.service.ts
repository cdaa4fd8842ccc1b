import type { Queryable } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

export type AuditActor = { personId: number | null; email: string | null };
export type AuditEntry = {
  /** 'restore' brings back a deletion; its `after` names the deletion's audit entry as `deletion_id`. */
  action: 'create' | 'update' | 'delete' | 'register' | 'restore';
  entity: string;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
};

/** Records one write. Call it inside the write's transaction, so a write is never unaudited. */
export async function recordAudit(db: Queryable, actor: AuditActor, entry: AuditEntry) {
  await recordAudits(db, actor, [entry]);
}

/** Records several writes in one statement (an import audits each shipment it changes). */
export async function recordAudits(db: Queryable, actor: AuditActor, entries: readonly AuditEntry[]) {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(
    entries.map((entry) => ({
      actor_person_id: actor.personId,
      actor_email: actor.email,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId === null ? null : String(entry.entityId),
      before: entry.before ?? null,
      after: entry.after ?? null,
    })),
  );
}

export const actorOf = (principal: { personId: number; email: string }): AuditActor => ({
  personId: principal.personId,
  email: principal.email,
});
