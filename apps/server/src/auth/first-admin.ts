// The first run, as Jenkins and Grafana do it: while the people list is empty the server prints a
// one-time set-up link, and POST /api/auth/set-up with its token creates the first Admin with a
// sign-in account and signs them in. The token is stored in the database (one row), so every
// server instance prints and accepts the same link; it stops working once anyone is on the list.
import { randomBytes } from 'node:crypto';
import { FIRST_ADMIN_CODES, FIRST_ADMIN_MESSAGES, setUpPath } from '@quayside/domain/first-admin';
import { FirstAdminBody } from '@quayside/domain/first-admin-body';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { eq } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client.ts';
import { people, setupToken } from '../db/schema.ts';
import { isSameSecret } from '../lib/same-secret.ts';
import { writePerson } from '../modules/people/people.service.ts';
import { withWrite } from '../write/with-write.ts';
import { PASSWORD_LENGTH } from './password.ts';
import { createConfirmedAccount } from './verified-account.ts';

const hasNobody = async (db: Queryable) => (await db.select({ id: people.id }).from(people).limit(1)).length === 0;

/** Whether nobody is on the people list yet: the sign-in screen then points to the set-up link. */
export const isSetUpNeeded = (db: Database) => hasNobody(db);

/**
 * At start: the set-up link while the people list is empty (made once, then the same on every
 * start and every instance), else null, and a token left from before is removed.
 */
export async function firstAdminSetUpLink(db: Database, publicUrl: string): Promise<string | null> {
  if (!(await hasNobody(db))) {
    await db.delete(setupToken);
    return null;
  }
  await db
    .insert(setupToken)
    .values({ token: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(setupToken);
  return row ? `${publicUrl}${setUpPath(row.token)}` : null;
}

const refusal = (status: 'BAD_REQUEST' | 'FORBIDDEN' | 'CONFLICT', message: string, code?: string) =>
  new APIError(status, { message, ...(code ? { code } : {}) });

/** POST /api/auth/set-up {token, full_name, email, company_name, password}: the first Admin, signed in. */
export function firstAdminSetUp(options: { db: Database }): BetterAuthPlugin {
  const { db } = options;
  return {
    id: 'first-admin-set-up',
    endpoints: {
      setUp: createAuthEndpoint('/set-up', { method: 'POST', body: FirstAdminBody }, async (ctx) => {
        const { token, password, ...details } = ctx.body;
        if (password.length < PASSWORD_LENGTH.min) {
          throw refusal(
            'BAD_REQUEST',
            `Use a password of at least ${PASSWORD_LENGTH.min} characters.`,
            'PASSWORD_TOO_SHORT',
          );
        }
        if (password.length > PASSWORD_LENGTH.max) {
          throw refusal(
            'BAD_REQUEST',
            `Use a password of at most ${PASSWORD_LENGTH.max} characters.`,
            'PASSWORD_TOO_LONG',
          );
        }
        const person = { ...details, role: 'Admin' as const };

        // The token row is locked, so of two set-ups at once the second finds it gone.
        await withWrite(db, { personId: null, email: person.email }, async (write) => {
          const [stored] = await write.tx.select().from(setupToken).for('update');
          if (!stored || !(await hasNobody(write.tx))) {
            throw refusal('CONFLICT', FIRST_ADMIN_MESSAGES.alreadySetUp, FIRST_ADMIN_CODES.alreadySetUp);
          }
          if (!isSameSecret(token, stored.token)) {
            throw refusal('FORBIDDEN', FIRST_ADMIN_MESSAGES.linkInvalid, FIRST_ADMIN_CODES.linkInvalid);
          }
          await writePerson(write, person, undefined);
          await write.tx.delete(setupToken);
        });
        let user: Awaited<ReturnType<typeof createConfirmedAccount>>;
        try {
          user = await createConfirmedAccount(ctx.context, { email: person.email, password, name: person.full_name });
        } catch (error) {
          // No Admin without an account: take the person back off the list, and the link works again.
          await withWrite(db, { personId: null, email: person.email }, async (write) => {
            const [removed] = await write.tx.delete(people).where(eq(people.email, person.email)).returning();
            if (removed) write.audit({ action: 'delete', entity: 'person', entityId: removed.id, before: removed });
            await write.tx.insert(setupToken).values({ token }).onConflictDoNothing();
          });
          throw error;
        }
        const session = await ctx.context.internalAdapter.createSession(user.id);
        await setSessionCookie(ctx, { session, user });
        return ctx.json({ token: session.token, user: { id: user.id, email: user.email, name: user.name } });
      }),
    },
  };
}
