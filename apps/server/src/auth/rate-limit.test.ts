import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInRequest, type TestApp } from '../testing/test-app.ts';
import { clientAddress } from './rate-limit.ts';

const tight = { window: 60, max: 3 };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    authRateLimits: { signIn: tight, signUp: tight, passwordReset: tight, eligibility: tight },
  });
});
afterAll(() => t.close());

describe('rate limits (kept in the database, per client address)', () => {
  it('refuses sign-ins past the per-address limit, even with the right password, and a forged X-Forwarded-For does not help', async () => {
    await t.signedInAs({ email: 'target@example.com', role: 'Employee' }); // one sign-in already counted
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((await signInRequest(t.app, 'target@example.com', 'guess number one')).statusCode).toBe(401);
    }
    const blocked = await signInRequest(t.app, 'target@example.com', 'a sturdy test password');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many failed attempts. Please try again later.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const spoofed = await signInRequest(t.app, 'target@example.com', 'guess', { 'x-forwarded-for': '203.0.113.9' });
    expect(spoofed.statusCode).toBe(429);
  });

  it('limits the registration eligibility check', async () => {
    const ask = () => t.app.inject({ url: '/api/Peoples/eligibility?email=probe@example.com' });
    for (let attempt = 0; attempt < 3; attempt++) expect((await ask()).statusCode).toBe(200);
    const blocked = await ask();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many attempts. Please try again later.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits password-reset requests', async () => {
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email: 'someone@example.com' },
      });
    for (let attempt = 0; attempt < 3; attempt++) expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(429);
  });

  it('keeps its counters in the database, so every server instance shares them, under short digests', async () => {
    const rows = await t.database.pool.query<{ key: string; count: number }>('select key, count from rate_limits');
    expect(rows.rows.some((row) => row.key.startsWith('eligibility:') && row.count >= 4)).toBe(true);
    expect(rows.rows.some((row) => row.key.startsWith('auth:'))).toBe(true);
    for (const { key } of rows.rows) {
      expect(key).toMatch(/^[a-z-]+:[\w-]{43}$/);
      expect(key).not.toMatch(/127\.0\.0\.1|example\.com|\/sign-in/);
    }
  });

  it('counts nothing for a path better-auth does not serve here, however long: 404, no row', async () => {
    const count = async () => (await t.database.pool.query('select count(*)::int as n from rate_limits')).rows[0].n;
    const before = await count();
    for (const url of ['/api/auth/no-such-endpoint', `/api/auth/${'a'.repeat(3000)}`, '/api/auth/list-sessions']) {
      for (const method of ['GET', 'POST'] as const) {
        const answer = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
        expect(answer.statusCode, `${method} ${url.slice(0, 40)}`).toBe(404);
      }
    }
    expect(await count()).toBe(before);
  });

  it('deletes counters whose window is long over', async () => {
    const fresh = await createTestApp();
    try {
      await fresh.database.pool.query(
        `insert into rate_limits (key, count, window_started_at) values
           ('auth:stale', 3, now() - interval '2 hours'), ('eligibility:stale', 3, now() - interval '2 hours'),
           ('sign-in-account:recent', 6, now() - interval '2 hours'),
           ('sign-in-account:stale', 6, now() - interval '2 days')`,
      );
      await fresh.app.inject({ url: '/api/auth/get-session' });
      const rows = await fresh.database.pool.query<{ key: string }>('select key from rate_limits');
      const keys = rows.rows.map((row) => row.key);
      expect(keys).toContain('sign-in-account:recent');
      expect(keys).not.toContain('auth:stale');
      expect(keys).not.toContain('eligibility:stale');
      expect(keys).not.toContain('sign-in-account:stale');
    } finally {
      await fresh.close();
    }
  });
});

describe('behind a proxy (TRUST_PROXY=true)', () => {
  it("counts each client by the proxy's X-Forwarded-For, so one client's failures do not lock out another", async () => {
    const proxied = await createTestApp({
      trustProxy: true,
      authRateLimits: { signIn: tight, signUp: tight, passwordReset: tight, eligibility: tight },
    });
    try {
      const from = (address: string) => ({ 'x-forwarded-for': address });
      for (let attempt = 0; attempt < 3; attempt++) {
        const guess = await signInRequest(proxied.app, 'nobody@example.com', 'guess', from('203.0.113.7'));
        expect(guess.statusCode).toBe(401);
      }
      expect((await signInRequest(proxied.app, 'nobody@example.com', 'guess', from('203.0.113.7'))).statusCode).toBe(
        429,
      );
      expect((await signInRequest(proxied.app, 'nobody@example.com', 'guess', from('198.51.100.4'))).statusCode).toBe(
        401,
      );
    } finally {
      await proxied.close();
    }
  });
});

describe('the client address a counter counts', () => {
  it('takes a whole IPv6 /64 as one client (one host holds them all), and IPv4 as it is', () => {
    expect(clientAddress('2001:db8:1:2:aaaa::1')).toBe(clientAddress('2001:db8:1:2:bbbb:cccc:dddd:eeee'));
    expect(clientAddress('2001:db8:1:2::1')).not.toBe(clientAddress('2001:db8:1:3::1'));
    expect(clientAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress('::ffff:203.0.113.7')).toBe('::ffff:203.0.113.7');
  });
});
