import { ALREADY_REGISTERED_MESSAGE, notListedMessage, SIGN_UP_REFUSALS } from '@quayside/domain/auth-messages';
import { APIError } from 'better-auth/api';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { authUser, people } from '../db/schema.ts';
import { withWrite } from '../write/with-write.ts';

/**
 * Whether `email` may register now. Registration is open only to people an administrator has
 * added and who have no confirmed account. An unconfirmed (pending) account for the address is
 * removed, so whoever registered first cannot block the owner: the newest registration replaces
 * it, and only someone who reads the mailbox *and* knows that registration's password can finish.
 */
export async function admitRegistration(db: Database, orgName: string, email: string) {
  const address = email.trim().toLowerCase();
  await assertRegistrable(db, orgName, address);
  const [account] = await db.select().from(authUser).where(eq(authUser.email, address));
  if (account?.emailVerified) {
    throw new APIError('FORBIDDEN', { message: ALREADY_REGISTERED_MESSAGE, code: SIGN_UP_REFUSALS.alreadyRegistered });
  }
  // Its credentials and any sessions go with it (foreign keys cascade).
  if (account) await db.delete(authUser).where(and(eq(authUser.id, account.id), eq(authUser.emailVerified, false)));
}

/** Refuses an address that is not in the people list, or whose person already has an account. */
export async function assertRegistrable(db: Database, orgName: string, address: string) {
  const [person] = await db.select().from(people).where(eq(people.email, address.toLowerCase()));
  if (!person) {
    throw new APIError('FORBIDDEN', { message: notListedMessage(orgName), code: SIGN_UP_REFUSALS.notListed });
  }
  if (person.fireauth_id) {
    throw new APIError('FORBIDDEN', { message: ALREADY_REGISTERED_MESSAGE, code: SIGN_UP_REFUSALS.alreadyRegistered });
  }
}

/**
 * Binds a confirmed account to its person: sets fireauth_id (the person turns Active) and writes
 * the 'register' audit entry. Does nothing for an unconfirmed account or an already bound person.
 */
export async function bindConfirmedAccount(db: Database, user: { id: string; email: string; emailVerified: boolean }) {
  if (!user.emailVerified) return;
  // The entry's actor is the person, known only once the update has found them (entry.actor).
  await withWrite(db, { personId: null, email: user.email.toLowerCase() }, async (write) => {
    const [linked] = await write.tx
      .update(people)
      .set({ fireauth_id: user.id, updated_at: new Date() })
      .where(and(eq(people.email, user.email.toLowerCase()), isNull(people.fireauth_id)))
      .returning();
    if (!linked) return;
    write.audit({
      action: 'register',
      entity: 'person',
      entityId: linked.id,
      after: { fireauth_id: user.id },
      actor: { personId: linked.id, email: linked.email },
    });
  });
}
