import type { Auth } from './auth.ts';

/**
 * A sign-in account whose address counts as confirmed, for people made by whoever runs the
 * server (`cli create-user`, `seed-demo`): no mail is sent. The person must be listed already;
 * the account is bound to it at once (databaseHooks in auth.ts).
 */
export async function createConfirmedAccount(auth: Auth, account: { email: string; password: string; name: string }) {
  const context = await auth.$context;
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
