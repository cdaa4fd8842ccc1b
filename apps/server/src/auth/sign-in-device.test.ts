import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AUTH_RATE_LIMITS, DEFAULT_SIGN_IN_THROTTLE } from '../config.ts';
import { createTestApp, signInRequest, signUpRequest, TEST_PASSWORD, type TestApp } from '../testing/test-app.ts';

// The limits a server runs with, not the relaxed ones of other tests.
const REAL_LIMITS = { authRateLimits: DEFAULT_AUTH_RATE_LIMITS, signInThrottle: DEFAULT_SIGN_IN_THROTTLE };
const TOO_MANY = 'Too many failed attempts. Please try again later.';
const DEVICE_COOKIE = 'quayside.sign_in_device';
const { freeFailures } = DEFAULT_SIGN_IN_THROTTLE;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ...REAL_LIMITS, trustProxy: true });
});
afterAll(() => t.close());

/** Requests from one client address, carrying a device cookie or none. */
let addresses = 0;
function client(deviceCookie: string | null = null) {
  addresses += 1;
  return {
    'x-forwarded-for': `198.51.${Math.floor(addresses / 200)}.${addresses % 200}`,
    ...(deviceCookie ? { cookie: `${DEVICE_COOKIE}=${deviceCookie}` } : {}),
  };
}

/** A listed person with a confirmed account who has signed in once: the device cookie that sign-in left. */
async function ownerWithDevice(email: string) {
  await t.addPerson({ email });
  expect((await signUpRequest(t.app, email, TEST_PASSWORD, client())).statusCode).toBe(200);
  await t.confirmAddress(email);
  const signIn = await signInRequest(t.app, email, TEST_PASSWORD, client());
  expect(signIn.statusCode).toBe(200);
  const device = signIn.cookies.find((cookie) => cookie.name === DEVICE_COOKIE)?.value;
  if (!device) throw new Error('sign-in set no device cookie');
  return device;
}

/** A stranger's wrong passwords, each from an address of its own, until the account's unknown devices wait. */
async function strangerGuessesAt(email: string) {
  const answers = [];
  for (let n = 0; n <= freeFailures; n++)
    answers.push((await signInRequest(t.app, email, `stranger guess ${n}`, client())).statusCode);
  expect(answers).toEqual([...Array(freeFailures).fill(401), 429]);
}

describe('devices that signed in before', () => {
  it("are not held up by a stranger's wrong passwords, while unknown devices wait", async () => {
    const admin = 'admin@office.example';
    const device = await ownerWithDevice(admin);
    await strangerGuessesAt(admin);

    // From an unknown device, even the right password waits...
    const unknown = await signInRequest(t.app, admin, TEST_PASSWORD, client());
    expect(unknown.statusCode).toBe(429);
    expect(unknown.json().message).toBe(TOO_MANY);
    expect(Number(unknown.headers['retry-after'])).toBeGreaterThan(0);

    // ...but the Admin's own browser signs in at once, however the address is written.
    const owner = await signInRequest(t.app, 'Admin@Office.example', TEST_PASSWORD, client(device));
    expect(owner.statusCode).toBe(200);
    expect(owner.json().token).toEqual(expect.any(String));

    // And the owner's sign-in gives the stranger no fresh tries.
    expect((await signInRequest(t.app, admin, TEST_PASSWORD, client())).statusCode).toBe(429);
  });

  it('wait on their own after their own wrong passwords', async () => {
    const email = 'typist@office.example';
    const device = await ownerWithDevice(email);
    const answers = [];
    for (let n = 0; n <= freeFailures; n++)
      answers.push((await signInRequest(t.app, email, `typo ${n}`, client(device))).statusCode);
    expect(answers).toEqual([...Array(freeFailures).fill(401), 429]);

    // That device waits even with the right password (a stolen cookie gets no more guesses)...
    const locked = await signInRequest(t.app, email, TEST_PASSWORD, client(device));
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(TOO_MANY);
    // ...while its failures were not counted against the account's other devices.
    expect((await signInRequest(t.app, email, TEST_PASSWORD, client())).statusCode).toBe(200);
  });

  it('count only with a cookie signed for the account named', async () => {
    const email = 'clerk@office.example';
    const device = await ownerWithDevice(email);
    const otherAccountsDevice = await ownerWithDevice('colleague@office.example');
    await strangerGuessesAt(email);

    const [nonce = '', signature = ''] = device.split('.');
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const forgeries = [
      otherAccountsDevice,
      `${nonce}.${flipped}`,
      `${nonce.endsWith('A') ? `${nonce.slice(0, -1)}B` : `${nonce.slice(0, -1)}A`}.${signature}`,
      `${device}.extra`,
      nonce,
    ];
    for (const forged of forgeries)
      expect((await signInRequest(t.app, email, TEST_PASSWORD, client(forged))).statusCode, forged).toBe(429);
    expect((await signInRequest(t.app, email, TEST_PASSWORD, client(device))).statusCode).toBe(200);
  });

  it('get the cookie at sign-in: for the sign-in endpoint only, out of scripts’ reach, for a year', async () => {
    await ownerWithDevice('new-starter@office.example');
    const signIn = await signInRequest(t.app, 'new-starter@office.example', TEST_PASSWORD, client());
    const setCookies = [signIn.headers['set-cookie'] ?? []].flat();
    const deviceCookie = setCookies.find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`));
    expect(deviceCookie).toMatch(
      new RegExp(
        `^${DEVICE_COOKIE}=[\\w-]{22}\\.[\\w-]{43}; Max-Age=31536000; Path=/api/auth/sign-in; HttpOnly; SameSite=Lax$`,
      ),
    );
    // The session cookie is still there beside it.
    expect(setCookies.some((cookie) => cookie.startsWith('quayside.session_token='))).toBe(true);

    // A wrong password or an unknown account gets none.
    for (const attempt of [
      await signInRequest(t.app, 'new-starter@office.example', 'not the password', client()),
      await signInRequest(t.app, 'nobody@office.example', TEST_PASSWORD, client()),
    ])
      expect([attempt.headers['set-cookie'] ?? []].flat().some((cookie) => cookie.includes(DEVICE_COOKIE))).toBe(false);
  });
});

describe('the device cookie over https', () => {
  let secure: TestApp;
  beforeAll(async () => {
    secure = await createTestApp({ publicUrl: 'https://quayside.example' });
  });
  afterAll(() => secure.close());

  it('is Secure, and named so that a plain-http page cannot set it', async () => {
    await secure.signedInAs({ email: 'remote@office.example', role: 'Employee' });
    const signIn = await signInRequest(secure.app, 'remote@office.example', TEST_PASSWORD);
    expect(signIn.statusCode).toBe(200);
    const deviceCookie = [signIn.headers['set-cookie'] ?? []]
      .flat()
      .find((cookie) => cookie.startsWith(`__Secure-${DEVICE_COOKIE}=`));
    expect(deviceCookie).toMatch(/; Path=\/api\/auth\/sign-in; HttpOnly; SameSite=Lax; Secure$/);
  });
});
