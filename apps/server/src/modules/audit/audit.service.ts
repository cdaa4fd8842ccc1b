import type { Queryable } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

export type AuditActor = {
  personId: number | null;
  email: string | null;
  /** Through what: screen, api, cli, import:<id> (the date history records it); 'system' when unsaid. */
  source?: string;
};
export type AuditEntry = {
  /** 'restore' brings back a deletion; its `after` names the deletion's audit entry as `deletion_id`. */
  action: 'create' | 'update' | 'delete' | 'register' | 'restore';
  entity: string;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
  /** Who, when it is not the write's actor (a registration is its person's own act). */
  actor?: AuditActor;
};

/** Records writes in one statement. Only the write door (write/with-write.ts) calls it, before its commit. */
export async function recordAudits(db: Queryable, actor: AuditActor, entries: readonly AuditEntry[]) {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(
    entries.map((entry) => ({
      actor_person_id: (entry.actor ?? actor).personId,
      actor_email: (entry.actor ?? actor).email,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId === null ? null : String(entry.entityId),
      before: entry.before ?? null,
      after: entry.after ?? null,
    })),
  );
}

export const actorOf = (principal: { personId: number; email: string; via?: string }): AuditActor => ({
  personId: principal.personId,
  email: principal.email,
  source: principal.via ?? 'screen',
});
