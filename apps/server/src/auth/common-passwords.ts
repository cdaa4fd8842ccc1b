import { COMMON_PASSWORD_CODE, COMMON_PASSWORD_MESSAGE } from '@quayside/domain/auth-messages';
import { dictionary } from '@zxcvbn-ts/language-common';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';

/**
 * The ~49,000 most common passwords of leaked password lists (zxcvbn-ts's, MIT), compared without
 * regard to case: the first ones an attacker tries.
 */
const COMMON_PASSWORDS = new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));

export const isCommonPassword = (password: string) => COMMON_PASSWORDS.has(password.toLowerCase());

/** Where a new password is chosen, and the body field that holds it (/set-up: the first run, first-admin.ts). */
const NEW_PASSWORD_FIELD: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/set-up': 'password',
};

/** Refuses a very common password at registration, at reset and at set-up, with words a person can act on. */
export function refuseCommonPasswords(): BetterAuthPlugin {
  return {
    id: 'refuse-common-passwords',
    hooks: {
      before: [
        {
          matcher: (context) => context.path !== undefined && context.path in NEW_PASSWORD_FIELD,
          handler: createAuthMiddleware(async (ctx) => {
            const field = NEW_PASSWORD_FIELD[ctx.path];
            const password: unknown = field ? (ctx.body as Record<string, unknown> | undefined)?.[field] : undefined;
            if (typeof password === 'string' && isCommonPassword(password)) {
              throw new APIError('BAD_REQUEST', { message: COMMON_PASSWORD_MESSAGE, code: COMMON_PASSWORD_CODE });
            }
          }),
        },
      ],
    },
  };
}
