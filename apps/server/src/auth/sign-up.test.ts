import { ALREADY_REGISTERED_MESSAGE, notListedMessage } from '@quayside/domain/auth-messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { people } from '../db/schema.ts';
import {
  bearer,
  createTestApp,
  signInRequest,
  signUpRequest,
  TEST_PASSWORD,
  type TestApp,
} from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('registration', () => {
  it('refuses an e-mail that is not in the people list, with the spec message', async () => {
    const response = await signUpRequest(t.app, 'stranger@example.com', TEST_PASSWORD);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'EMAIL_NOT_IN_PEOPLE_LIST',
      message: notListedMessage('NAPCO'),
    });
    const signIn = await signInRequest(t.app, 'stranger@example.com', TEST_PASSWORD);
    expect(signIn.statusCode).toBe(401);
  });

  it('lets a listed person register, and stores the account id as fireauth_id once the address is confirmed', async () => {
    await t.addPerson({ email: 'listed@example.com', role: 'Employee' });
    const response = await signUpRequest(t.app, 'Listed@Example.com', TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    const accountId = response.json<{ user: { id: string } }>().user.id;
    await t.confirmAddress('listed@example.com');

    const [person] = await t.db.select().from(people).where(eq(people.email, 'listed@example.com'));
    expect(person?.fireauth_id).toBe(accountId);

    const eligibility = await t.app.inject({ url: '/api/Peoples/eligibility?email=listed@example.com' });
    expect(eligibility.json()).toEqual({ eligible: false, reason: 'already_registered' });
  });

  it('refuses a second registration for a person who already has an account', async () => {
    await t.addPerson({ email: 'twice@example.com' });
    expect((await signUpRequest(t.app, 'twice@example.com', TEST_PASSWORD)).statusCode).toBe(200);
    await t.confirmAddress('twice@example.com');
    const again = await signUpRequest(t.app, 'twice@example.com', 'another password 123');
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 'EMAIL_ALREADY_REGISTERED', message: ALREADY_REGISTERED_MESSAGE });
    // The first password still works; the second was never set.
    expect((await signInRequest(t.app, 'twice@example.com', TEST_PASSWORD)).statusCode).toBe(200);
    expect((await signInRequest(t.app, 'twice@example.com', 'another password 123')).statusCode).toBe(401);
  });

  it('refuses a person whose record is already linked to an account, with the spec message', async () => {
    const person = await t.addPerson({ email: 'linked@example.com' });
    await t.db.update(people).set({ fireauth_id: 'some-old-account' }).where(eq(people.id, person.id));
    const response = await signUpRequest(t.app, 'linked@example.com', TEST_PASSWORD);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'EMAIL_ALREADY_REGISTERED', message: ALREADY_REGISTERED_MESSAGE });
  });

  it('answers the register screen eligibility check for each case', async () => {
    await t.addPerson({ email: 'newcomer@example.com' });
    const ask = (email: string) => t.app.inject({ url: `/api/Peoples/eligibility?email=${encodeURIComponent(email)}` });
    expect((await ask(' NewComer@example.com ')).json()).toEqual({ eligible: true });
    expect((await ask('nobody@example.com')).json()).toEqual({ eligible: false, reason: 'not_listed' });
    const bad = await ask('not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/e-mail/i);
  });
});

describe('sign-in, bearer access and sign-out', () => {
  it('signs in, reads with the bearer token, and the token stops working after sign-out', async () => {
    const token = await t.signedInAs({ email: 'reader@example.com', role: 'Employee' });
    const read = await t.app.inject({ url: '/api/Peoples', headers: bearer(token) });
    expect(read.statusCode).toBe(200);
    expect(read.json().peoples).toHaveLength(1);

    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { ...bearer(token), origin: t.config.publicUrl },
    });
    expect(signOut.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/Peoples', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('accepts the session cookie as well as the bearer token', async () => {
    await t.signedInAs({ email: 'cookie@example.com', role: 'Employee' });
    const signIn = await signInRequest(t.app, 'cookie@example.com', TEST_PASSWORD);
    const cookie = signIn.cookies.find((c) => c.name.endsWith('session_token'));
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    const read = await t.app.inject({ url: '/api/Peoples', cookies: { [cookie?.name ?? '']: cookie?.value ?? '' } });
    expect(read.statusCode).toBe(200);
    expect(read.json().peoples[0].email).toBe('cookie@example.com');
  });

  it('gives the same answer for a wrong password and an unknown user', async () => {
    await t.signedInAs({ email: 'known@example.com', role: 'Employee' });
    const wrongPassword = await signInRequest(t.app, 'known@example.com', 'not the password');
    const unknownUser = await signInRequest(t.app, 'unknown@example.com', 'not the password');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(wrongPassword.statusCode);
    expect(unknownUser.json()).toEqual(wrongPassword.json());
  });

  it('refuses every /api route without a session', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/Peoples' },
      { method: 'POST' as const, url: '/api/Peoples', payload: [] },
      { method: 'POST' as const, url: '/api/Peoples/delete', payload: [] },
    ]) {
      const response = await t.app.inject(request);
      expect(response.statusCode, request.url).toBe(401);
      expect(response.json().message).toBe('Please sign in to continue.');
    }
    expect((await t.app.inject({ url: '/api/Peoples', headers: bearer('forged.token') })).statusCode).toBe(401);
  });

  it('stores passwords as Argon2id with OWASP parameters', async () => {
    await t.signedInAs({ email: 'hashed@example.com', role: 'Employee' });
    const result = await t.database.pool.query(
      `select a.password from auth_account a join auth_user u on u.id = a.user_id where u.email = 'hashed@example.com'`,
    );
    expect(result.rows[0].password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});
