import {
  EMAIL_VERIFICATION_CODES,
  EMAIL_VERIFICATION_MESSAGES,
  REGISTRATION_LINK_HOURS,
  registrationMail,
} from '@quayside/domain/email-verification';
import type { BetterAuthOptions, BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint, createAuthMiddleware } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import type { FastifyBaseLogger } from 'fastify';
import * as z from 'zod';
import type { Database } from '../db/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import { admitRegistration } from './account-binding.ts';
import { readRegistrationToken } from './registration-token.ts';

/**
 * better-auth's e-mail verification, as we use it: a link to the web app's /verify-email page is
 * mailed at registration (and on a resend), valid for REGISTRATION_LINK_HOURS.
 */
export function registrationMailOptions(options: {
  publicUrl: string;
  mailer: Mailer;
  log: FastifyBaseLogger;
}): NonNullable<BetterAuthOptions['emailVerification']> {
  const { publicUrl, mailer, log } = options;
  return {
    sendOnSignUp: true,
    sendOnSignIn: false,
    expiresIn: REGISTRATION_LINK_HOURS * 60 * 60,
    sendVerificationEmail: async ({ user, token }) => {
      const link = `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
      try {
        await mailer.send({ to: user.email, ...registrationMail(link) });
      } catch (error) {
        // The screen offers a resend; the answer must not differ for a listed address.
        log.error({ err: error, to: user.email }, 'registration mail could not be sent');
      }
    },
  };
}

/** better-auth's GET /verify-email confirms with the link alone; ours needs the password too. */
export const LINK_ONLY_VERIFICATION_PATH = '/verify-email';

type Refusal = keyof Omit<typeof EMAIL_VERIFICATION_CODES, 'notConfirmed'>;
const refusal = (status: 'BAD_REQUEST' | 'UNAUTHORIZED', kind: Refusal) =>
  new APIError(status, { message: EMAIL_VERIFICATION_MESSAGES[kind], code: EMAIL_VERIFICATION_CODES[kind] });

/**
 * Registration by mail. A sign-up is admitted only for a listed person without an account, and
 * replaces an unconfirmed one. POST /api/auth/confirm-email {token, password} then confirms the
 * address — the link proves the mailbox, the password proves it is the same registration (so an
 * owner who follows a link an attacker's registration caused gives nothing away) — and signs in.
 * Binding the person happens on the account's update to verified (databaseHooks in auth.ts).
 */
export function registrationByMail(options: { db: Database; orgName: string }): BetterAuthPlugin {
  const { db, orgName } = options;
  return {
    id: 'registration-by-mail',
    hooks: {
      before: [
        {
          matcher: (context) => context.path === '/sign-up/email',
          handler: createAuthMiddleware(async (ctx) => {
            const email: unknown = (ctx.body as { email?: unknown } | undefined)?.email;
            if (typeof email === 'string') await admitRegistration(db, orgName, email);
          }),
        },
      ],
    },
    endpoints: {
      confirmEmail: createAuthEndpoint(
        '/confirm-email',
        {
          method: 'POST',
          body: z.object({ token: z.string().max(4096), password: z.string().max(1024) }),
        },
        async (ctx) => {
          const link = readRegistrationToken(ctx.body.token, ctx.context.secret);
          if (link.status === 'expired') throw refusal('BAD_REQUEST', 'linkExpired');
          if (link.status === 'invalid') throw refusal('BAD_REQUEST', 'linkInvalid');
          const found = await ctx.context.internalAdapter.findUserByEmail(link.email, { includeAccounts: true });
          if (!found) throw refusal('BAD_REQUEST', 'linkInvalid');
          if (found.user.id !== link.userId) throw refusal('BAD_REQUEST', 'linkReplaced');
          if (found.user.emailVerified) throw refusal('BAD_REQUEST', 'alreadyConfirmed');

          const credential = found.accounts.find(
            (account) => account.providerId === 'credential' && account.accountId === found.user.id,
          );
          const isRegistrantsPassword = credential?.password
            ? await ctx.context.password.verify({ hash: credential.password, password: ctx.body.password })
            : false;
          if (!isRegistrantsPassword) throw refusal('UNAUTHORIZED', 'wrongPassword');

          const user = await ctx.context.internalAdapter.updateUser(found.user.id, { emailVerified: true });
          const session = await ctx.context.internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ token: session.token, user: { id: user.id, email: user.email, name: user.name } });
        },
      ),
    },
  };
}
