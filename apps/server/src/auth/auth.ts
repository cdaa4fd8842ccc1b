import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, bearer } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { authAccount, authSession, authUser, authVerification } from '../db/schema.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { assertRegistrable, bindConfirmedAccount } from './account-binding.ts';
import { refuseCommonPasswords } from './common-passwords.ts';
import { LINK_ONLY_VERIFICATION_PATH, registrationByMail, registrationMailOptions } from './email-verification.ts';
import { firstAdminSetUp } from './first-admin.ts';
import { hashPassword, PASSWORD_LENGTH, verifyPassword } from './password.ts';
import { consumeRateLimit } from './rate-limit.ts';
import { resolveAuthSecret } from './secret.ts';

/**
 * The client address, as Fastify resolved it (honouring TRUST_PROXY). The auth bridge sets it
 * on every request and overwrites any value a client sent, so better-auth's rate limits key on it.
 */
export const CLIENT_IP_HEADER = 'x-quayside-client-ip';

export type Auth = ReturnType<typeof createAuth>;

/** The sign-in provider as configured: mail through SMTP or the outbox, secret from config or DATA_DIR. */
export function createAuthFromConfig(config: AppConfig, db: Database, log: FastifyBaseLogger) {
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log });
  return createAuth({ config, db, secret: resolveAuthSecret(config.authSecret, config.dataDir), mailer, log });
}

export function createAuth(options: {
  config: AppConfig;
  db: Database;
  secret: string;
  mailer: Mailer;
  log: FastifyBaseLogger;
}) {
  const { config, db, mailer, log } = options;
  const limits = config.authRateLimits;

  return betterAuth({
    appName: 'Quayside',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: options.secret,
    trustedOrigins: [config.publicUrl, ...config.trustedOrigins],
    telemetry: { enabled: false },
    // Into our logger, so redaction and LOG_LEVEL apply; extra arguments may carry user data.
    logger: { level: 'info', log: (level, message) => log[level]({ source: 'better-auth' }, message) },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: authUser, session: authSession, account: authAccount, verification: authVerification },
    }),
    // Reset (and other mailed) tokens are stored as digests: a copy of the table opens no account.
    verification: { storeIdentifier: 'hashed' },
    emailAndPassword: {
      enabled: true,
      // No session, and no person bound, until the address is confirmed (email-verification.ts).
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_LENGTH.min,
      maxPasswordLength: PASSWORD_LENGTH.max,
      password: { hash: hashPassword, verify: verifyPassword },
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, token }) => {
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        try {
          await mailer.send({
            to: user.email,
            subject: 'Reset your Quayside password',
            text: `Someone asked to reset the password of your Quayside account.\n\nTo choose a new password, open this link within an hour:\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.`,
          });
        } catch (error) {
          // The screen shows the same message whether or not the address exists, so only log.
          log.error({ err: error, to: user.email }, 'password reset mail could not be sent');
        }
      },
    },
    emailVerification: registrationMailOptions({ publicUrl: config.publicUrl, mailer, log }),
    // Confirming an address by the link alone is off: the registration's password must come with it.
    disabledPaths: [LINK_ONLY_VERIFICATION_PATH],
    // Sessions are never extended: a session ends at most `sessionLifetimeSeconds` after sign-in.
    session: { expiresIn: config.sessionLifetimeSeconds, disableSessionRefresh: true },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': limits.signIn,
        '/sign-up/email': limits.signUp,
        '/request-password-reset': limits.passwordReset,
        '/reset-password': limits.passwordReset,
        '/send-verification-email': limits.passwordReset,
        '/confirm-email': limits.signIn,
        '/set-up': limits.signIn,
      },
      customStorage: { consume: (key, rule) => consumeRateLimit(db, 'auth', key, rule) },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // quayside.session_token: the cookie names the product, not the library behind it.
      cookiePrefix: 'quayside',
      useSecureCookies: config.publicUrl.startsWith('https://'),
    },
    databaseHooks: {
      user: {
        create: {
          // Registration is open only to people an administrator has added and who have no account yet.
          before: async (user) => {
            await assertRegistrable(db, config.orgName, user.email);
          },
          // Made confirmed (by the CLI): bound at once. Otherwise bound when the address is confirmed.
          after: (user) => bindConfirmedAccount(db, user),
        },
        update: { after: (user) => bindConfirmedAccount(db, user) },
      },
    },
    plugins: [
      bearer(),
      admin(),
      registrationByMail({ db, orgName: config.orgName }),
      refuseCommonPasswords(),
      firstAdminSetUp({ db }),
    ],
  });
}
