import type { AuthContext } from 'better-auth';

/**
 * A sign-in account whose address counts as confirmed, for people made by whoever runs the
 * server (`cli create-user`, `seed-demo`) or by the first run's set-up link: no mail is sent. The
 * person must be listed already; the account is bound to it at once (databaseHooks in auth.ts).
 * `context` is better-auth's: `await auth.$context`, or an endpoint's `ctx.context`.
 */
export async function createConfirmedAccount(
  context: {
    password: Pick<AuthContext['password'], 'hash'>;
    internalAdapter: Pick<AuthContext['internalAdapter'], 'createUser' | 'linkAccount'>;
  },
  account: { email: string; password: string; name: string },
) {
  const hash = await context.password.hash(account.password);
  const user = await context.internalAdapter.createUser(
    {
      email: account.email.toLowerCase(),
      name: account.name,
      emailVerified: true,
    },
    { method: 'email-password' },
  );
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: hash,
  });
  return user;
}
