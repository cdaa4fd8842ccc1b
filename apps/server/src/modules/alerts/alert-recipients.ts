import type { AlertChannel } from '@quayside/domain/alerts';
import { ROLES } from '@quayside/domain/people';
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import type { Queryable } from '../../db/client.ts';
import { alertPreferences, notifications, people } from '../../db/schema.ts';

/**
 * A person as the principal their own requests would have, to judge what they see; null for an
 * unknown role (who sees nothing).
 */
export function principalOfPerson(person: typeof people.$inferSelect): Principal | null {
  const role = ROLES.find((known) => known === person.role);
  if (!role) return null;
  return {
    personId: person.id,
    userId: person.fireauth_id ?? '',
    email: person.email,
    fullName: person.full_name,
    role,
    company: person.company_name,
  };
}

/**
 * Of these people, those who can be told anything, as principals (what each one sees is decided
 * as for their own requests): a confirmed account and a known role.
 */
export async function alertablePeople(db: Queryable, ids: readonly number[]): Promise<Map<number, Principal>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(people)
    .where(and(inArray(people.id, [...ids]), isNotNull(people.fireauth_id)));
  const principals = new Map<number, Principal>();
  for (const person of rows) {
    const principal = principalOfPerson(person);
    if (principal) principals.set(person.id, principal);
  }
  return principals;
}

/** The channels these people chose, by `${personId}:${eventKind}` (a kind not chosen is absent). */
export async function chosenChannels(db: Queryable, personIds: readonly number[]): Promise<Map<string, AlertChannel>> {
  if (personIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(alertPreferences)
    .where(inArray(alertPreferences.person_id, [...personIds]));
  return new Map(rows.map((row) => [`${row.person_id}:${row.event_kind}`, row.channel as AlertChannel]));
}

/** Writes these notifications, each (person, event) once however many ways it was reached; how many were new. */
export async function insertNotifications(db: Queryable, rows: readonly (typeof notifications.$inferInsert)[]) {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(notifications)
    .values([...rows])
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  return inserted.length;
}
