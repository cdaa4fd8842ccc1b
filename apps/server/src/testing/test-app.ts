import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Role } from '@quayside/domain/people';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { bindConfirmedAccount } from '../auth/account-binding.ts';
import { type AppConfig, DEFAULT_SIGN_IN_THROTTLE, loadConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { requestPoolLimits } from '../db/open-from-config.ts';
import { authUser, people } from '../db/schema.ts';
import { withWrite } from '../write/with-write.ts';
import { createTestDatabase } from './test-database.ts';

export const TEST_PASSWORD = 'a sturdy test password';

/** Limits high enough that ordinary tests never trip them; rate-limit tests pass their own. */
const RELAXED_LIMITS: AppConfig['authRateLimits'] = {
  signIn: { window: 60, max: 1000 },
  signUp: { window: 60, max: 1000 },
  passwordReset: { window: 60, max: 1000 },
  eligibility: { window: 60, max: 1000 },
};
const RELAXED_THROTTLE: AppConfig['signInThrottle'] = {
  ...DEFAULT_SIGN_IN_THROTTLE,
  freeFailures: 1000,
  perAddress: { window: 60, max: 1000 },
};

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type PersonFields = { email: string; role?: Role; company_name?: string; full_name?: string };

/**
 * A real app on a real, freshly migrated database of the engine under test. Close it in afterAll.
 * `openDatabase` replaces that database (e.g. PGlite's files in the config's DATA_DIR, as the server keeps them).
 */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  { openDatabase }: { openDatabase?: (config: AppConfig) => Promise<DatabaseHandle> } = {},
) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quayside-test-'));
  const config: AppConfig = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000' }),
    authRateLimits: RELAXED_LIMITS,
    signInThrottle: RELAXED_THROTTLE,
    // A suite about jobs starts the queue; the others need no background work.
    jobs: { run: false, pollingIntervalSeconds: 0.5 },
    // Every suite asks its questions of the rows in memory where they answer them, on its own
    // thread: a suite's few rows are never worth a helper's (the copy's own tests start them).
    rowsInMemory: true,
    rowsInMemoryHelpers: 0,
    ...overrides,
  };
  const database: DatabaseHandle = openDatabase
    ? await openDatabase(config)
    : await createTestDatabase({ limits: requestPoolLimits(config) });
  const app = await buildApp(config, database);
  await app.ready();
  // Questions go to the database until the copy has loaded: a test asks once it has.
  await app.rowsCopy?.start();

  /** Adds a person to the people list, as an administrator would. */
  const addPerson = async (person: PersonFields) => {
    const [row] = await withWrite(database.db, { personId: null, email: 'test-fixture' }, ({ tx }) =>
      tx
        .insert(people)
        .values({
          email: person.email.toLowerCase(),
          full_name: person.full_name ?? person.email,
          role: person.role ?? 'Employee',
          company_name: person.company_name ?? '',
        })
        .returning(),
    );
    if (!row) throw new Error('person not inserted');
    return row;
  };

  /**
   * Test-only shortcut for following the mailed registration link (which
   * auth/email-verification.test.ts goes through for real): confirms the address and binds the person.
   */
  const confirmAddress = async (email: string) => {
    const [user] = await database.db
      .update(authUser)
      .set({ emailVerified: true })
      .where(eq(authUser.email, email.toLowerCase()))
      .returning();
    if (!user) throw new Error(`no account for ${email} to confirm`);
    await bindConfirmedAccount(database.db, user);
  };

  return {
    app,
    db: database.db,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
    addPerson,
    confirmAddress,
    /** A listed person with a confirmed account, signed in: returns the bearer token. */
    signedInAs: async (person: PersonFields & { role: Role }) => {
      await addPerson(person);
      const signUp = await signUpRequest(app, person.email, TEST_PASSWORD);
      if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.body}`);
      await confirmAddress(person.email);
      return signIn(app, person.email, TEST_PASSWORD);
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export const signUpRequest = (app: FastifyInstance, email: string, password: string, headers = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers,
    payload: { email, password, name: email },
  });

export const signInRequest = (app: FastifyInstance, email: string, password: string, headers = {}) =>
  app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers, payload: { email, password } });

export async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await signInRequest(app, email, password);
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  const token = response.json<{ token?: string }>().token;
  if (!token) throw new Error('sign-in answered no token');
  return token;
}

/** The usual cast, signed in: an Admin and an Employee of NAPCO, and forwarders of two companies. */
export async function signInCast(t: TestApp) {
  return {
    admin: await t.signedInAs({ email: 'admin@napco.example', role: 'Admin', company_name: 'NAPCO' }),
    employee: await t.signedInAs({ email: 'employee@napco.example', role: 'Employee', company_name: 'NAPCO' }),
    blue: await t.signedInAs({ email: 'ops@blue.example', role: 'Forwarder', company_name: 'Blue Anchor' }),
    kestrel: await t.signedInAs({ email: 'ops@kestrel.example', role: 'Forwarder', company_name: 'Kestrel' }),
  };
}
