import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSmtpPeer } from '../testing/smtp-peer.ts';
import { bearer, createTestApp, signInRequest, TEST_PASSWORD, type TestApp } from '../testing/test-app.ts';

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

it('resets a password through the link in a real mail, and ends the old sessions', async () => {
  const email = 'forgetful@example.com';
  const oldSession = await t.signedInAs({ email, role: 'Employee' });
  expect((await t.app.inject({ url: '/api/Peoples', headers: bearer(oldSession) })).statusCode).toBe(200);

  const request = await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email } });
  expect(request.statusCode).toBe(200);

  const mail = await smtp.mailTo(email, /reset-password/);
  const link = mail.text.match(/http:\/\/localhost:3000\/reset-password\?token=([\w%-]+)/);
  expect(link, `the mail links to the web app reset screen:\n${mail.text}`).not.toBeNull();
  const token = decodeURIComponent(link?.[1] ?? '');

  const newPassword = 'a brand new password';
  const reset = await t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, newPassword },
  });
  expect(reset.statusCode).toBe(200);

  expect((await t.app.inject({ url: '/api/Peoples', headers: bearer(oldSession) })).statusCode).toBe(401);
  expect((await signInRequest(t.app, email, TEST_PASSWORD)).statusCode).toBe(401);
  expect((await signInRequest(t.app, email, newPassword)).statusCode).toBe(200);

  // A reset link works once.
  const reused = await t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, newPassword: 'yet another password' },
  });
  expect(reused.statusCode).toBe(400);
});

it('answers an unknown address exactly like a known one, and sends nothing', async () => {
  const before = smtp.received.length;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    payload: { email: 'nobody-here@example.com' },
  });
  expect(response.statusCode).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(smtp.received.length).toBe(before);
});
