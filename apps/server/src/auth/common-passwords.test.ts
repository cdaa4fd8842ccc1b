import { COMMON_PASSWORD_MESSAGE } from '@quayside/domain/auth-messages';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSmtpPeer } from '../testing/smtp-peer.ts';
import { createTestApp, signInRequest, signUpRequest, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

it('refuses a very common password at registration, saying what to do, and takes an uncommon one', async () => {
  await t.addPerson({ email: 'newcomer@example.com' });
  for (const common of ['password123', 'Qwertyuiop', 'iloveyou']) {
    const refused = await signUpRequest(t.app, 'newcomer@example.com', common);
    expect(refused.statusCode, common).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON', message: COMMON_PASSWORD_MESSAGE });
  }
  expect((await signUpRequest(t.app, 'newcomer@example.com', 'tide tables at dawn')).statusCode).toBe(200);
});

it('refuses a very common password at reset, and the link still works for an uncommon one', async () => {
  const email = 'resetter@example.com';
  await t.signedInAs({ email, role: 'Employee' });
  await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email } });
  const mail = await smtp.mailTo(email, /reset-password/);
  const token = decodeURIComponent(mail.text.match(/reset-password\?token=([\w%-]+)/)?.[1] ?? '');

  const refused = await t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, newPassword: 'letmein123' },
  });
  expect(refused.statusCode).toBe(400);
  expect(refused.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON', message: COMMON_PASSWORD_MESSAGE });
  expect((await signInRequest(t.app, email, 'letmein123')).statusCode).toBe(401);

  const reset = await t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, newPassword: 'harbour cranes at night' },
  });
  expect(reset.statusCode).toBe(200);
  expect((await signInRequest(t.app, email, 'harbour cranes at night')).statusCode).toBe(200);
});
