import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AUTH_RATE_LIMITS, DEFAULT_SIGN_IN_THROTTLE } from '../config.ts';
import { AppError } from '../errors.ts';
import { createTestApp, signInRequest, TEST_PASSWORD, type TestApp } from '../testing/test-app.ts';
import { createSignInThrottle } from './sign-in-throttle.ts';

// The limits a server runs with, not the relaxed ones of other tests.
const REAL_LIMITS = { authRateLimits: DEFAULT_AUTH_RATE_LIMITS, signInThrottle: DEFAULT_SIGN_IN_THROTTLE };
const TOO_MANY = 'Too many failed attempts. Please try again later.';
const from = (address: string) => ({ 'x-forwarded-for': address });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ...REAL_LIMITS, trustProxy: true });
});
afterAll(() => t.close());

/** A listed person with a confirmed account, not signed in (each registered from an address of its own). */
let registrations = 0;
async function accountFor(email: string) {
  registrations += 1;
  await t.addPerson({ email });
  const signUp = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { email, password: TEST_PASSWORD, name: email },
    headers: from(`10.0.${Math.floor(registrations / 200)}.${registrations % 200}`),
  });
  expect(signUp.statusCode).toBe(200);
  await t.confirmAddress(email);
}

/** How many of the doubling waits after the free failures end within `seconds`. */
function waitsWithin(seconds: number) {
  let waits = 0;
  for (let wait = DEFAULT_SIGN_IN_THROTTLE.firstWaitSeconds, ended = wait; ended <= seconds; wait *= 2, ended += wait)
    waits += 1;
  return waits;
}

describe('sign-in limits with the default settings', () => {
  it('lets 50 colleagues behind one office address sign in within a minute', async () => {
    const colleagues = Array.from({ length: 50 }, (_, n) => `colleague${n}@office.example`);
    for (const email of colleagues) await accountFor(email);
    const answers = [];
    for (const email of colleagues)
      answers.push((await signInRequest(t.app, email, TEST_PASSWORD, from('198.51.100.1'))).statusCode);
    expect(answers).toEqual(colleagues.map(() => 200));
  });

  it('refuses guesses at one account from 30 addresses after a few, and its owner only waits a few seconds', async () => {
    const owner = 'owner@office.example';
    await accountFor(owner);
    const answers = [];
    for (let n = 1; n <= 30; n++) {
      const guess = await signInRequest(t.app, owner, `guess number ${n}`, from(`203.0.113.${n}`));
      answers.push(guess.statusCode);
      if (guess.statusCode === 429) {
        expect(guess.json().message).toBe(TOO_MANY);
        expect(Number(guess.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(answers.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(answers.slice(5)).toEqual(Array(25).fill(429));

    // The owner, from the office: the right password waits too (or it would be no throttle)...
    const during = await signInRequest(t.app, owner, TEST_PASSWORD, from('198.51.100.1'));
    expect(during.statusCode).toBe(429);
    expect(during.json().message).toBe(TOO_MANY);
    const wait = Number(during.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(DEFAULT_SIGN_IN_THROTTLE.firstWaitSeconds);

    // ...but only that long.
    await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 200));
    expect((await signInRequest(t.app, owner, TEST_PASSWORD, from('198.51.100.1'))).statusCode).toBe(200);
    // Signing in forgets the failures: the next typo is an ordinary wrong password.
    expect((await signInRequest(t.app, owner, 'a typo', from('198.51.100.1'))).statusCode).toBe(401);
  });

  it('gives a burst of parallel guesses no more tries than the same guesses one by one', async () => {
    const target = 'burst@office.example';
    await accountFor(target);
    const started = Date.now();
    const guesses = Array.from({ length: 20 }, (_, n) =>
      signInRequest(t.app, target, `parallel guess ${n}`, from(`203.0.113.${100 + n}`)),
    );
    const answers = (await Promise.all(guesses)).map((answer) => answer.statusCode);
    // The security property: never more wrong passwords checked than the free ones, plus one for
    // each wait the burst outlasted (on a loaded machine it may take longer than the first wait,
    // and a guess after the wait is one the same guesses one by one would get too).
    const checked = answers.filter((status) => status === 401).length;
    const tries = DEFAULT_SIGN_IN_THROTTLE.freeFailures + waitsWithin((Date.now() - started) / 1000);
    expect(checked, `statuses: ${answers.join(' ')}`).toBeLessThanOrEqual(tries);
    expect(answers.filter((status) => status === 429).length, `statuses: ${answers.join(' ')}`).toBeGreaterThanOrEqual(
      10,
    );
  });

  it('refuses attempts in the same clock tick as the last free one (one transaction: one now())', async () => {
    const outcomes = await t.db.transaction(async (tx) => {
      const throttle = createSignInThrottle(tx, DEFAULT_SIGN_IN_THROTTLE);
      const answers: string[] = [];
      for (let n = 0; n < 8; n++) {
        try {
          await throttle.begin({ email: 'same-instant@office.example', address: `203.0.113.${200 + n}`, device: null });
          answers.push('checked');
        } catch (error) {
          if (!(error instanceof AppError) || error.kind !== 'rate_limited') throw error;
          answers.push('refused');
        }
      }
      return answers;
    });
    const free = DEFAULT_SIGN_IN_THROTTLE.freeFailures;
    expect(outcomes).toEqual([...Array(free).fill('checked'), ...Array(8 - free).fill('refused')]);
  });

  it('refuses one address that guesses at many accounts, while other addresses sign in', async () => {
    const sprayer = from('192.0.2.66');
    const { max } = DEFAULT_SIGN_IN_THROTTLE.perAddress;
    for (let n = 0; n < max; n++) {
      expect((await signInRequest(t.app, `someone${n}@office.example`, 'Summer2026!', sprayer)).statusCode).toBe(401);
    }
    const refused = await signInRequest(t.app, 'colleague1@office.example', 'Summer2026!', sprayer);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TOO_MANY);
    expect(
      (await signInRequest(t.app, 'colleague1@office.example', TEST_PASSWORD, from('198.51.100.1'))).statusCode,
    ).toBe(200);
  });
});
