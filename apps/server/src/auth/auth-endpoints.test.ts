import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUser, authVerification } from '../db/schema.ts';
import { startSmtpPeer } from '../testing/smtp-peer.ts';
import { bearer, createTestApp, signIn, TEST_PASSWORD, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let admin: string;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ smtpUrl: smtp.url });
  admin = await t.signedInAs({ email: 'chief@napco.example', role: 'Admin' });
  // What better-auth's admin plugin would take for an administrator of its own.
  await t.db.update(authUser).set({ role: 'admin' }).where(eq(authUser.email, 'chief@napco.example'));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('better-auth endpoints the app does not use', () => {
  it('answers 404 for them, even to a signed-in administrator', async () => {
    const unused = [
      ['GET', '/api/auth/list-sessions'],
      ['GET', '/api/auth/admin/list-users'],
      ['POST', '/api/auth/admin/set-role'],
      ['POST', '/api/auth/admin/impersonate-user'],
      ['POST', '/api/auth/admin/create-user'],
      ['POST', '/api/auth/update-user'],
      ['POST', '/api/auth/change-email'],
      ['POST', '/api/auth/change-password'],
      ['POST', '/api/auth/delete-user'],
      ['POST', '/api/auth/revoke-sessions'],
      ['GET', '/api/auth/list-accounts'],
      ['GET', '/api/auth/verify-email?token=x'],
      ['GET', '/api/auth/reset-password/some-token'],
      ['POST', '/api/auth/sign-in/social'],
      ['GET', '/api/auth/ok'],
    ] as const;
    for (const [method, url] of unused) {
      const answer = await t.app.inject({
        method,
        url,
        headers: bearer(admin),
        payload: method === 'POST' ? {} : undefined,
      });
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it("never hands out another session's token", async () => {
    const other = await signIn(t.app, 'chief@napco.example', TEST_PASSWORD);
    const listed = await t.app.inject({ url: '/api/auth/list-sessions', headers: bearer(admin) });
    expect(listed.statusCode).toBe(404);
    expect(listed.body).not.toContain(other);
  });

  it('still serves what the web app and API clients use', async () => {
    const session = await t.app.inject({ url: '/api/auth/get-session', headers: bearer(admin) });
    expect(session.statusCode).toBe(200);
    expect(session.json().user.email).toBe('chief@napco.example');
    const spare = await signIn(t.app, 'chief@napco.example', TEST_PASSWORD);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: bearer(spare) })).statusCode).toBe(
      200,
    );
  });
});

it('stores a password-reset token only as a digest', async () => {
  const email = 'resetting@napco.example';
  await t.signedInAs({ email, role: 'Employee' });
  await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email } });
  const mail = await smtp.mailTo(email, /reset-password/);
  const token = decodeURIComponent(mail.text.match(/reset-password\?token=([\w%-]+)/)?.[1] ?? '');
  expect(token.length).toBeGreaterThan(10);

  const stored = await t.db.select().from(authVerification);
  expect(stored.length).toBeGreaterThan(0);
  for (const row of stored) {
    expect(row.identifier).not.toContain(token);
    expect(row.value).not.toContain(token);
  }
  const reset = await t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, newPassword: 'quay lights in the fog' },
  });
  expect(reset.statusCode).toBe(200);
});

it('tells caches not to keep answers made for a signed-in person', async () => {
  for (const url of ['/api/Peoples', '/api/Shipments', '/api/LineItems', '/api/auth/get-session']) {
    const answer = await t.app.inject({ url, headers: bearer(admin) });
    expect(answer.statusCode, url).toBe(200);
    expect(answer.headers['cache-control'], url).toBe('no-store');
  }
});

describe('the API documentation, as a stranger sees it', () => {
  it('needs no sign-in', async () => {
    expect((await t.app.inject({ url: '/api/docs' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/docs/json' })).statusCode).toBe(200);
  });

  it('lists only the public API, and names no setting, internal constant or server software', async () => {
    const answer = await t.app.inject({ url: '/api/docs/json' });
    const doc = answer.json<{ info: object; paths: Record<string, unknown>; servers?: unknown }>();
    expect(doc.info).toEqual({ title: 'Quayside API', version: expect.any(String), description: expect.any(String) });
    // The address people open, which every client of the API knows anyway.
    expect(doc.servers).toEqual([{ url: 'http://localhost:3000' }]);
    const paths = Object.keys(doc.paths);
    expect(paths.every((path) => path.startsWith('/api/'))).toBe(true);
    expect(paths.filter((path) => /^\/api\/docs|livez|readyz|metrics/.test(path))).toEqual([]);
    // Of the sign-in service, only the calls an API client needs.
    expect(paths.filter((path) => path.startsWith('/api/auth/')).sort()).toEqual([
      '/api/auth/get-session',
      '/api/auth/sign-in/email',
      '/api/auth/sign-out',
    ]);
    // Setting names (UPLOAD_MAX_BYTES...) and constants (COUNT_LIMIT) are the operator's business.
    expect(answer.body.match(/\b[A-Z]{2,}(?:_[A-Z]+)+\b/g) ?? []).toEqual([]);
    expect(answer.body).not.toMatch(/fastify|better-auth|postgres|pglite|drizzle|node\.js|DATA_DIR/i);
  });
});
