import { COMMON_PASSWORD_MESSAGE } from '@quayside/domain/auth-messages';
import { FIRST_ADMIN_MESSAGES } from '@quayside/domain/first-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, people, setupToken } from '../db/schema.ts';
import { bearer, createTestApp, signInRequest, type TestApp } from '../testing/test-app.ts';
import { firstAdminSetUpLink } from './first-admin.ts';

const ORIGIN = 'http://localhost:3000';
const ADMIN = {
  full_name: 'First Admin',
  email: 'First@Example.com',
  company_name: 'NAPCO',
  password: 'the first admin password',
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const setUp = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/set-up', headers: { origin: ORIGIN }, payload: body });
const tokenOf = (link: string | null) => new URL(link ?? 'http://x/').searchParams.get('token') ?? '';
const setupNeeded = async () => (await t.app.inject({ url: '/api/site' })).json<{ setupNeeded: boolean }>().setupNeeded;

describe('the first run: a one-time set-up link creates the first Admin', () => {
  it('makes one link while the people list is empty, the same on every start', async () => {
    const link = await firstAdminSetUpLink(t.db, ORIGIN);
    expect(link).toMatch(/^http:\/\/localhost:3000\/setup\?token=[\w-]{43}$/);
    expect(await firstAdminSetUpLink(t.db, ORIGIN)).toBe(link);
    expect(await setupNeeded()).toBe(true);
  });

  it('refuses without the right token, bad details and common passwords, creating nobody', async () => {
    const token = tokenOf(await firstAdminSetUpLink(t.db, ORIGIN));
    const wrong = await setUp({ ...ADMIN, token: `${token.slice(0, -1)}x` });
    expect([wrong.statusCode, wrong.json().message]).toEqual([403, FIRST_ADMIN_MESSAGES.linkInvalid]);
    expect((await setUp({ ...ADMIN, token: '' })).statusCode).toBe(403);
    expect((await setUp({ ...ADMIN, password: 'password1', token })).json().message).toBe(COMMON_PASSWORD_MESSAGE);
    const short = await setUp({ ...ADMIN, password: 'Zq9-x4', token });
    expect([short.statusCode, short.json().message]).toEqual([400, 'Use a password of at least 8 characters.']);
    expect((await setUp({ ...ADMIN, full_name: '', token })).statusCode).toBe(400);
    expect((await setUp({ ...ADMIN, email: 'not an address', token })).statusCode).toBe(400);
    expect(await t.db.select().from(people)).toEqual([]);
    expect(await setupNeeded()).toBe(true);
  });

  it('creates the Admin with a confirmed account and signs them in; the link then stops working', async () => {
    const token = tokenOf(await firstAdminSetUpLink(t.db, ORIGIN));
    const created = await setUp({ ...ADMIN, token });
    expect(created.statusCode).toBe(200);
    expect(created.headers['set-cookie']).toEqual(expect.arrayContaining([expect.stringContaining('session_token')]));
    const session = created.json<{ token: string }>().token;

    const listed = await t.app.inject({ url: '/api/Peoples?email=first@example.com', headers: bearer(session) });
    expect(listed.json<{ peoples: unknown[] }>().peoples).toEqual([
      expect.objectContaining({
        email: 'first@example.com',
        full_name: 'First Admin',
        role: 'Admin',
        company_name: 'NAPCO',
      }),
    ]);
    expect((await signInRequest(t.app, ADMIN.email, ADMIN.password)).statusCode).toBe(200);
    const audited = await t.db.select().from(auditLog);
    expect(audited.map((entry) => [entry.action, entry.entity, entry.actor_email])).toEqual([
      ['create', 'person', 'first@example.com'],
      ['register', 'person', 'first@example.com'],
    ]);

    const again = await setUp({ ...ADMIN, email: 'second@example.com', token });
    expect([again.statusCode, again.json().message]).toEqual([409, FIRST_ADMIN_MESSAGES.alreadySetUp]);
    expect(await t.db.select().from(setupToken)).toEqual([]);
    expect(await setupNeeded()).toBe(false);
    expect(await firstAdminSetUpLink(t.db, ORIGIN)).toBeNull();
  });
});
