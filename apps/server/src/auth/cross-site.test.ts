import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { shipments } from '../db/schema.ts';
import { bearer, createTestApp, signInRequest, TEST_PASSWORD, type TestApp } from '../testing/test-app.ts';
import { CROSS_SITE_REFUSED } from './authenticate.ts';

// Cookies and cross-site requests: the browser's session cookie must not let another site act
// for the user, and it is never readable by scripts nor sent over plain HTTP behind HTTPS.

describe('the session cookie and writes from other sites', () => {
  let t: TestApp;
  let cookies: Record<string, string>;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.signedInAs({ email: 'admin@cross.example', role: 'Admin' });
    const signIn = await signInRequest(t.app, 'admin@cross.example', TEST_PASSWORD);
    cookies = Object.fromEntries(signIn.cookies.map((cookie) => [cookie.name, cookie.value]));
  });
  afterAll(() => t.close());

  const create = (shipment: string, headers: Record<string, string>, withCookie = true) =>
    t.app.inject({
      method: 'POST',
      url: '/api/Shipments',
      payload: [{ Shipment: shipment }],
      headers,
      ...(withCookie ? { cookies } : {}),
    });
  const stored = async (shipment: string) =>
    (await t.db.select().from(shipments).where(eq(shipments.shipment, shipment))).length;

  it('refuses a cookie-carried write from another origin, or naming none, and changes nothing', async () => {
    const sent: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { referer: 'https://evil.example/page' },
      { origin: 'null' },
      {},
    ];
    for (const headers of sent) {
      const response = await create('XS-1', headers);
      expect([response.statusCode, response.json().message]).toEqual([403, CROSS_SITE_REFUSED]);
    }
    expect(await stored('XS-1')).toBe(0);
  });

  it('accepts the write from our own pages, by Origin or Referer, and any bearer-token client', async () => {
    expect((await create('XS-2', { origin: t.config.publicUrl })).statusCode).toBe(200);
    expect((await create('XS-3', { referer: `${t.config.publicUrl}/create-shipment` })).statusCode).toBe(200);
    expect((await create('XS-4', bearer(token), false)).statusCode).toBe(200);
    expect(await stored('XS-2')).toBe(1);
    // Reads need no origin: another site cannot read the answer anyway.
    const read = await t.app.inject({ url: '/api/Shipments?shipment=XS-2', cookies });
    expect(read.statusCode).toBe(200);
  });
});

describe('with PUBLIC_URL unset', () => {
  it('takes sign-in and writes from every loopback spelling of PORT, and names PUBLIC_URL to another address', async () => {
    const { publicUrl, trustedOrigins } = loadConfig({ PORT: '4301' });
    expect(publicUrl).toBe('http://localhost:4301');
    const t = await createTestApp({ publicUrl, trustedOrigins });
    try {
      await t.signedInAs({ email: 'loopback@cross.example', role: 'Admin' });
      for (const [index, origin] of ['http://localhost:4301', 'http://127.0.0.1:4301', 'http://[::1]:4301'].entries()) {
        const signIn = await signInRequest(t.app, 'loopback@cross.example', TEST_PASSWORD, { origin });
        expect(signIn.statusCode).toBe(200);
        const cookies = Object.fromEntries(signIn.cookies.map((cookie) => [cookie.name, cookie.value]));
        const write = await t.app.inject({
          method: 'POST',
          url: '/api/Shipments',
          payload: [{ Shipment: `LOOP-${index}` }],
          headers: { origin },
          cookies,
        });
        expect(write.statusCode).toBe(200);
      }
      // A LAN address (HOST=0.0.0.0) without PUBLIC_URL set to it: the browser's writes are
      // refused, in words that say what to set.
      const lan = await signInRequest(t.app, 'loopback@cross.example', TEST_PASSWORD);
      const write = await t.app.inject({
        method: 'POST',
        url: '/api/Shipments',
        payload: [{ Shipment: 'LAN' }],
        headers: { origin: 'http://192.168.1.5:4301' },
        cookies: Object.fromEntries(lan.cookies.map((cookie) => [cookie.name, cookie.value])),
      });
      expect([write.statusCode, write.json().message]).toEqual([403, CROSS_SITE_REFUSED]);
      expect(CROSS_SITE_REFUSED).toContain('PUBLIC_URL');
    } finally {
      await t.close();
    }
  });
});

describe('behind HTTPS', () => {
  it('marks the session cookie Secure, HttpOnly and SameSite=Lax', async () => {
    const t = await createTestApp({ publicUrl: 'https://portal.example' });
    try {
      await t.signedInAs({ email: 'secure@cross.example', role: 'Employee' });
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: 'secure@cross.example', password: TEST_PASSWORD },
        headers: { origin: 'https://portal.example' },
      });
      expect(signIn.statusCode).toBe(200);
      const session = signIn.cookies.find((cookie) => cookie.name.endsWith('session_token'));
      expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
      expect(session?.name.startsWith('__Secure-')).toBe(true);
    } finally {
      await t.close();
    }
  });
});
