import { EMAIL_VERIFICATION_CODES, EMAIL_VERIFICATION_MESSAGES } from '@quayside/domain/email-verification';
import { signJWT } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, people } from '../db/schema.ts';
import { startSmtpPeer } from '../testing/smtp-peer.ts';
import {
  bearer,
  createTestApp,
  signInRequest,
  signUpRequest,
  TEST_PASSWORD,
  type TestApp,
} from '../testing/test-app.ts';
import { resolveAuthSecret } from './secret.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let adminToken: string;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ smtpUrl: smtp.url });
  adminToken = await t.signedInAs({ email: 'admin@napco.example', role: 'Admin' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const LINK = /http:\/\/localhost:3000\/verify-email\?token=([\w.%-]+)/;

/** The token of the newest registration link mailed to `email` after `count` mails had arrived. */
async function newestLinkTo(email: string, afterCount: number): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = smtp.received
      .slice(afterCount)
      .reverse()
      .find((m) => m.to.includes(email) && LINK.test(m.text));
    if (mail) return decodeURIComponent(mail.text.match(LINK)?.[1] ?? '');
    if (Date.now() > deadline) throw new Error(`no registration mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const confirm = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token, password } });

const personOf = async (email: string) => (await t.db.select().from(people).where(eq(people.email, email)))[0];

const eligibilityOf = async (email: string) =>
  (await t.app.inject({ url: `/api/Peoples/eligibility?email=${encodeURIComponent(email)}` })).json();

describe('registration by mail', () => {
  it('gives no session and binds no one until the mailed link is followed with the password', async () => {
    const email = 'nia@napco.example';
    await t.addPerson({ email, role: 'Employee' });
    const before = smtp.received.length;

    const signUp = await signUpRequest(t.app, email, TEST_PASSWORD);
    expect(signUp.statusCode).toBe(200);
    expect(signUp.json().token).toBeNull();
    expect(signUp.cookies.some((cookie) => cookie.name.endsWith('session_token'))).toBe(false);

    const signIn = await signInRequest(t.app, email, TEST_PASSWORD);
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().code).toBe(EMAIL_VERIFICATION_CODES.notConfirmed);
    expect((await personOf(email))?.fireauth_id).toBeNull();
    const listed = await t.app.inject({ url: `/api/Peoples?email=${email}`, headers: bearer(adminToken) });
    expect(listed.json().peoples[0].fireauth_id ?? '').toBe(''); // Inactive on the user management screen
    expect(await eligibilityOf(email)).toEqual({ eligible: true });

    const token = await newestLinkTo(email, before);
    const confirmed = await confirm(token, TEST_PASSWORD);
    expect(confirmed.statusCode).toBe(200);
    const session = confirmed.json<{ token: string; user: { id: string } }>();
    expect((await t.app.inject({ url: '/api/Peoples', headers: bearer(session.token) })).statusCode).toBe(200);

    const person = await personOf(email);
    expect(person?.fireauth_id).toBe(session.user.id);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'register'), eq(auditLog.entity_id, String(person?.id))));
    expect(audit).toHaveLength(1);
    expect(await eligibilityOf(email)).toEqual({ eligible: false, reason: 'already_registered' });
    expect((await signInRequest(t.app, email, TEST_PASSWORD)).statusCode).toBe(200);

    // The link works once; after that the address is simply confirmed.
    const again = await confirm(token, TEST_PASSWORD);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: EMAIL_VERIFICATION_CODES.alreadyConfirmed,
      message: EMAIL_VERIFICATION_MESSAGES.alreadyConfirmed,
    });
  });

  it("does not let a stranger who knows an invited Admin's address take the account, nor block its owner", async () => {
    const email = 'new-admin@napco.example';
    await t.addPerson({ email, role: 'Admin' });
    const strangersPassword = 'the strangers password';
    const ownersPassword = 'the owners own password';

    // The stranger registers first. The mail goes to the owner's mailbox, which the stranger cannot read.
    const beforeStranger = smtp.received.length;
    expect((await signUpRequest(t.app, email, strangersPassword)).statusCode).toBe(200);
    const strangersLink = await newestLinkTo(email, beforeStranger);
    expect((await signInRequest(t.app, email, strangersPassword)).statusCode).toBe(403);
    // A link of the stranger's own making is refused; the link's own check is not skipped.
    const forged = `${strangersLink.split('.').slice(0, 2).join('.')}.${'A'.repeat(43)}`;
    expect((await confirm(forged, strangersPassword)).json().code).toBe(EMAIL_VERIFICATION_CODES.linkInvalid);
    // better-auth's confirm-by-link-alone is switched off.
    const linkOnly = await t.app.inject({ url: `/api/auth/verify-email?token=${encodeURIComponent(strangersLink)}` });
    expect(linkOnly.statusCode).toBe(404);

    // The owner, reading that mail, follows it with their own password: refused, nothing confirmed.
    const ownerFollowsStrangersLink = await confirm(strangersLink, ownersPassword);
    expect(ownerFollowsStrangersLink.statusCode).toBe(401);
    expect(ownerFollowsStrangersLink.json().code).toBe(EMAIL_VERIFICATION_CODES.wrongPassword);
    expect((await personOf(email))?.fireauth_id).toBeNull();

    // The owner registers: that replaces the stranger's pending account.
    const beforeOwner = smtp.received.length;
    expect((await signUpRequest(t.app, email, ownersPassword)).statusCode).toBe(200);
    const ownersLink = await newestLinkTo(email, beforeOwner);
    expect((await signInRequest(t.app, email, strangersPassword)).statusCode).toBe(401);
    const stale = await confirm(strangersLink, strangersPassword);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().code).toBe(EMAIL_VERIFICATION_CODES.linkReplaced);

    const confirmed = await confirm(ownersLink, ownersPassword);
    expect(confirmed.statusCode).toBe(200);
    const adminSession = confirmed.json<{ token: string }>().token;
    const people = await t.app.inject({ url: '/api/Peoples', headers: bearer(adminSession) });
    expect(people.statusCode).toBe(200);
    expect((await signInRequest(t.app, email, ownersPassword)).statusCode).toBe(200);
    // Registered now: a later sign-up for the address is refused with the spec message.
    expect((await signUpRequest(t.app, email, strangersPassword)).json().code).toBe('EMAIL_ALREADY_REGISTERED');
  });

  it('refuses an expired link, and a resend mails a fresh one that works', async () => {
    const email = 'slow@napco.example';
    await t.addPerson({ email, role: 'Employee' });
    const before = smtp.received.length;
    expect((await signUpRequest(t.app, email, TEST_PASSWORD)).statusCode).toBe(200);
    const token = await newestLinkTo(email, before);

    // The same link as the server would have mailed 25 hours ago.
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    const secret = resolveAuthSecret(t.config.authSecret, t.config.dataDir);
    const expired = await signJWT({ email: claims.email, userId: claims.userId }, secret, -60 * 60);
    const refused = await confirm(expired, TEST_PASSWORD);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: EMAIL_VERIFICATION_CODES.linkExpired,
      message: EMAIL_VERIFICATION_MESSAGES.linkExpired,
    });
    expect((await personOf(email))?.fireauth_id).toBeNull();

    const beforeResend = smtp.received.length;
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      payload: { email },
    });
    expect(resend.statusCode).toBe(200);
    const fresh = await newestLinkTo(email, beforeResend);
    expect((await confirm(fresh, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await personOf(email))?.fireauth_id).not.toBeNull();
  });

  it('lets no pending registration outlive its person: a link mailed before the person was deleted stays dead', async () => {
    const email = 'short-lived@napco.example';
    await t.addPerson({ email, role: 'Employee' });
    const before = smtp.received.length;
    expect((await signUpRequest(t.app, email, TEST_PASSWORD)).statusCode).toBe(200);
    const token = await newestLinkTo(email, before);

    const removal = await t.app.inject({
      method: 'POST',
      url: '/api/Peoples/delete',
      headers: bearer(adminToken),
      payload: [{ email }],
    });
    expect(removal.statusCode).toBe(200);
    await t.addPerson({ email, role: 'Admin' }); // added again, later, perhaps for someone else
    const late = await confirm(token, TEST_PASSWORD);
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe(EMAIL_VERIFICATION_CODES.linkInvalid);
    expect((await personOf(email))?.fireauth_id).toBeNull();
  });

  it('mails nothing on a resend for an address with no pending registration', async () => {
    const before = smtp.received.length;
    for (const email of ['nobody@napco.example', 'admin@napco.example']) {
      const resend = await t.app.inject({
        method: 'POST',
        url: '/api/auth/send-verification-email',
        payload: { email },
      });
      expect(resend.statusCode).toBe(200);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.length).toBe(before);
  });
});

describe('resending the link', () => {
  it('is rate-limited per client address', async () => {
    const tight = { window: 60, max: 2 };
    const limited = await createTestApp({
      smtpUrl: smtp.url,
      authRateLimits: { signIn: tight, signUp: tight, passwordReset: tight, eligibility: tight },
    });
    try {
      const resend = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/send-verification-email',
          payload: { email: 'anyone@napco.example' },
        });
      expect((await resend()).statusCode).toBe(200);
      expect((await resend()).statusCode).toBe(200);
      expect((await resend()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
