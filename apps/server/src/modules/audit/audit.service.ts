import { type SQL, sql } from 'drizzle-orm';
import { insertMany } from '../../db/array-parameters.ts';
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
  const rows = entries.map((entry) => ({
    actor_person_id: (entry.actor ?? actor).personId,
    actor_email: (entry.actor ?? actor).email,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId === null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  }));
  await db.execute(insertMany(auditLog, AUDIT_COLUMNS, rows));
}

const AUDIT_COLUMNS = ['actor_person_id', 'actor_email', 'action', 'entity', 'entity_id', 'before', 'after'] as const;

/**
 * Records one entry per row of `entries`, a query of (action, entity, entity_id, before, after), in
 * one statement: a bulk change audits thousands of rows without bringing them into Node. Only the
 * write door calls it.
 */
export async function recordAuditsOf(db: Queryable, actor: AuditActor, entries: SQL) {
  await db.execute(sql`
    insert into audit_log (actor_person_id, actor_email, action, entity, entity_id, before, after)
    select ${actor.personId}::bigint, ${actor.email}::text, e.action, e.entity, e.entity_id::text, e.before, e.after
    from (${entries}) e`);
}

export const actorOf = (principal: { personId: number; email: string; via?: string }): AuditActor => ({
  personId: principal.personId,
  email: principal.email,
  source: principal.via ?? 'screen',
});
