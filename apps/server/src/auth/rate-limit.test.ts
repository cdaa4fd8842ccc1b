import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInRequest, type TestApp } from '../testing/test-app.ts';

const tight = { window: 60, max: 3 };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    authRateLimits: { signIn: tight, signUp: tight, passwordReset: tight, eligibility: tight },
  });
});
afterAll(() => t.close());

describe('rate limits (kept in the database, per client address)', () => {
  it('refuses sign-in after repeated failures, even with the right password, and a forged X-Forwarded-For does not help', async () => {
    await t.signedInAs({ email: 'target@example.com', role: 'Employee' }); // one sign-in already counted
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((await signInRequest(t.app, 'target@example.com', 'guess number one')).statusCode).toBe(401);
    }
    const blocked = await signInRequest(t.app, 'target@example.com', 'a sturdy test password');
    expect(blocked.statusCode).toBe(429);
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

  it('keeps its counters in the database, so every server instance shares them', async () => {
    const rows = await t.database.pool.query<{ key: string; count: number }>('select key, count from rate_limits');
    expect(rows.rows.some((row) => row.key.startsWith('eligibility:') && row.count >= 4)).toBe(true);
    expect(rows.rows.some((row) => row.key.startsWith('auth:') && row.key.includes('sign-in'))).toBe(true);
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
