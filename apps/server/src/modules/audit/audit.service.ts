import type { Queryable } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

export type AuditActor = { personId: number | null; email: string | null };
export type AuditEntry = {
  action: 'create' | 'update' | 'delete' | 'register';
  entity: string;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
};

/** Records one write. Call it inside the write's transaction, so a write is never unaudited. */
export async function recordAudit(db: Queryable, actor: AuditActor, entry: AuditEntry) {
  await db.insert(auditLog).values({
    actor_person_id: actor.personId,
    actor_email: actor.email,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId === null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export const actorOf = (principal: { personId: number; email: string }): AuditActor => ({
  personId: principal.personId,
  email: principal.email,
});
