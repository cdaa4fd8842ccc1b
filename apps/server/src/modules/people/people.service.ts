import {
  DEFAULT_ROLE,
  type EligibilityResponse,
  EMAIL_IMMUTABLE_MESSAGE,
  FORWARDER_NEEDS_COMPANY,
  type Person,
  type PersonInput,
  type Role,
} from '@quayside/domain/people';
import { isSupplier } from '@quayside/domain/permissions';
import { MANAGED_AS_SUPPLIER_CONTACT } from '@quayside/domain/suppliers';
import { companyKey } from '@quayside/domain/text';
import { and, asc, eq, ne } from 'drizzle-orm';
import { canManagePeople } from '../../auth/permissions.ts';
import type { Principal } from '../../auth/principal.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { authUser, people } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type Write, withWrite } from '../../write/with-write.ts';
import { dropFollowsOutOfSight } from '../alerts/alerts.service.ts';
import { actorOf } from '../audit/audit.service.ts';
import { unshareViewsOnMove } from '../views/views.service.ts';

export type PersonRow = typeof people.$inferSelect;

export function toPerson(row: PersonRow): Person {
  return {
    id: row.id,
    full_name: row.full_name,
    email: row.email,
    role: row.role as Person['role'],
    company_name: row.company_name,
    department: row.department,
    fireauth_id: row.fireauth_id ?? '',
    status: row.fireauth_id ? 'Active' : 'Inactive',
  };
}

const ONLY_ADMINS = 'Only administrators can manage users.';

/**
 * Admins see the whole list but supplier contacts (kept on the Suppliers screen: user management's
 * list is the spec's, of its roles); everyone else sees only their own record.
 */
export async function listPeople(db: Queryable, principal: Principal, query: { email?: string | undefined }) {
  const email = query.email?.toLowerCase();
  const rows = await db
    .select()
    .from(people)
    .where(
      and(
        email ? eq(people.email, email) : undefined,
        canManagePeople(principal) ? ne(people.role, 'Supplier') : eq(people.id, principal.personId),
      ),
    )
    .orderBy(asc(people.full_name), asc(people.email));
  return rows.map(toPerson);
}

/** Adds or updates people, all or none. An existing person is matched by id, else by e-mail. */
export async function savePeople(db: Database, principal: Principal, inputs: PersonInput[]) {
  if (!canManagePeople(principal)) throw new AppError('forbidden', ONLY_ADMINS);
  return withWrite(db, actorOf(principal), async (write) => {
    const saved: Person[] = [];
    for (const input of inputs) saved.push(toPerson(await savePerson(write, principal, input)));
    return saved;
  });
}

async function savePerson(write: Write, principal: Principal, input: PersonInput): Promise<PersonRow> {
  const { tx } = write;
  const [existing] = await tx
    .select()
    .from(people)
    .where(input.id !== undefined ? eq(people.id, input.id) : eq(people.email, input.email));
  if (!existing && input.id !== undefined) throw new AppError('not_found', 'This user no longer exists.');
  if (existing && existing.email !== input.email) throw new AppError('invalid', EMAIL_IMMUTABLE_MESSAGE);
  if (existing && isSupplier(existing.role as Role)) throw new AppError('invalid', MANAGED_AS_SUPPLIER_CONTACT);
  // An administrator demoting themselves could leave nobody able to manage users.
  if (existing?.id === principal.personId && input.role !== undefined && input.role !== existing.role) {
    throw new AppError('invalid', 'You cannot change your own role.');
  }
  return writePerson(write, input, existing);
}

/**
 * Adds `input` as a new person, or applies it to `existing` (fields left out keep their value),
 * and audits the write. Permission checks are the caller's.
 */
export async function writePerson(
  write: Write,
  input: PersonInput,
  existing: PersonRow | undefined,
): Promise<PersonRow> {
  const { tx } = write;
  const role = input.role ?? existing?.role ?? DEFAULT_ROLE;
  const company = input.company_name ?? existing?.company_name ?? '';
  if (role === 'Forwarder' && companyKey(company) === '') throw new AppError('invalid', FORWARDER_NEEDS_COMPANY);
  if (!existing) {
    const [created] = await tx
      .insert(people)
      .values({
        email: input.email,
        full_name: input.full_name,
        role,
        company_name: company,
        department: input.department ?? '',
      })
      .returning();
    if (!created) throw new Error('insert returned no row');
    write.audit({ action: 'create', entity: 'person', entityId: created.id, after: created });
    return created;
  }
  const [updated] = await tx
    .update(people)
    .set({
      full_name: input.full_name,
      role,
      company_name: company,
      department: input.department ?? existing.department,
      updated_at: new Date(),
    })
    .where(eq(people.id, existing.id))
    .returning();
  if (!updated) throw new Error('update returned no row');
  write.audit({
    action: 'update',
    entity: 'person',
    entityId: existing.id,
    before: existing,
    after: updated,
  });
  // What they owned is judged again in this write: a moved person takes nothing across the wall.
  if (updated.role !== existing.role || updated.company_name !== existing.company_name) {
    await unshareViewsOnMove(write, existing, updated);
    await dropFollowsOutOfSight(write, updated);
  }
  return updated;
}

/** Removes a person and their sign-in account, which ends every session they have at once. */
export async function deletePerson(db: Database, principal: Principal, email: string) {
  if (!canManagePeople(principal)) throw new AppError('forbidden', ONLY_ADMINS);
  await withWrite(db, actorOf(principal), async (write) => {
    const [existing] = await write.tx.select().from(people).where(eq(people.email, email));
    if (!existing) throw new AppError('not_found', 'This user no longer exists.');
    if (existing.id === principal.personId) throw new AppError('invalid', 'You cannot delete your own user.');
    if (isSupplier(existing.role as Role)) throw new AppError('invalid', MANAGED_AS_SUPPLIER_CONTACT);
    await removePersonAndAccount(write, email);
  });
}

/**
 * Removes the person of this e-mail (only one of `role`, when given) with their sign-in account,
 * and audits it; false when there is none. Permission checks are the caller's.
 */
export async function removePersonAndAccount(write: Write, email: string, role?: Role): Promise<boolean> {
  const { tx } = write;
  const [existing] = await tx
    .select()
    .from(people)
    .where(and(eq(people.email, email), role === undefined ? undefined : eq(people.role, role)));
  if (!existing) return false;
  await tx.delete(people).where(eq(people.id, existing.id));
  if (existing.fireauth_id) await tx.delete(authUser).where(eq(authUser.id, existing.fireauth_id));
  // A registration still waiting for its mailed link goes too: the link must not outlive the person.
  await tx.delete(authUser).where(and(eq(authUser.email, existing.email), eq(authUser.emailVerified, false)));
  write.audit({ action: 'delete', entity: 'person', entityId: existing.id, before: existing });
  return true;
}

/** May this e-mail register? Public, so it says no more than the register screen must show. */
export async function checkEligibility(db: Queryable, email: string): Promise<EligibilityResponse> {
  const [person] = await db.select({ fireauth_id: people.fireauth_id }).from(people).where(eq(people.email, email));
  if (!person) return { eligible: false, reason: 'not_listed' };
  if (person.fireauth_id) return { eligible: false, reason: 'already_registered' };
  return { eligible: true };
}
