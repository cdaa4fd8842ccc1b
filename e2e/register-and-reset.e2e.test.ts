import { EMAIL_VERIFICATION_MESSAGES } from '@quayside/domain/email-verification';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openContext } from './support/browser.ts';
import { confirmThroughMail, mailedLink } from './support/mailbox.ts';
import { addPerson, signIn, signInWithForm, uniqueEmail, users } from './support/sign-in.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function register(page: Page, email: string, password: string, confirmation = password) {
  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(confirmation);
  await page.getByRole('button', { name: 'Register' }).click();
}

test('registration: refused off the people list, then open once an admin adds the e-mail', async () => {
  const email = uniqueEmail('newcomer');
  const visitor = await (await openContext(browser)).newPage();

  await register(visitor, email, 'a long password', 'another password');
  expect(await visitor.getByRole('alert').innerText()).toBe('Passwords do not match.');

  await register(visitor, email, 'a long password');
  const refusal = visitor.getByRole('alert');
  await refusal.waitFor();
  expect(await refusal.innerText()).toBe(
    'Your email is not registered in our system. Please contact a NAPCO administrator to add you first.',
  );
  await expectNoSeriousA11yViolations(visitor);

  const adminContext = await openContext(browser);
  const admin = await adminContext.newPage();
  await signIn(admin, users().admin);
  await addPerson(adminContext, { full_name: 'Nia Newcomer', email, role: 'Employee', company_name: 'NAPCO' });
  await admin.goto('/user-management');
  await admin.getByRole('searchbox', { name: 'Search users' }).or(admin.getByLabel('Search users')).first().fill(email);
  const row = admin.getByRole('row', { name: new RegExp(email) });
  await row.getByText('Inactive').waitFor();

  const registered = Date.now();
  await register(visitor, email, 'a long password');
  await visitor.getByRole('heading', { name: EMAIL_VERIFICATION_MESSAGES.checkYourEmailTitle }).waitFor();
  await visitor.getByText(EMAIL_VERIFICATION_MESSAGES.checkYourEmail(email)).waitFor();
  await expectNoSeriousA11yViolations(visitor);

  // Until the mailed link is followed there is no account to log in to; the screen says so and offers a resend.
  await logIn(visitor, email, 'a long password');
  const unconfirmed = visitor.getByRole('alert');
  await unconfirmed.waitFor();
  expect(await unconfirmed.innerText()).toBe(EMAIL_VERIFICATION_MESSAGES.notConfirmed);
  await admin.reload();
  await admin.getByLabel('Search users').first().fill(email);
  await admin
    .getByRole('row', { name: new RegExp(email) })
    .getByText('Inactive')
    .waitFor();
  const resent = Date.now();
  await visitor.getByRole('button', { name: EMAIL_VERIFICATION_MESSAGES.resendButton }).click();
  await visitor.getByText(EMAIL_VERIFICATION_MESSAGES.resent(email)).waitFor();
  expect(await mailedLink(email, registered, 'verify-email')).toBeTruthy();

  await confirmThroughMail(visitor, email, 'a long password', resent);
  await visitor.getByRole('heading', { name: 'Line Items Dashboard' }).waitFor();

  // Registered: the same e-mail cannot register twice, and the admin now sees the person Active.
  const again = await (await openContext(browser)).newPage();
  await register(again, email, 'a long password');
  const already = again.getByRole('alert');
  await already.waitFor();
  expect(await already.innerText()).toContain('An account with this email already exists');
  expect(await already.getByRole('link', { name: 'Log in' }).count()).toBe(1);
  expect(await already.getByRole('link', { name: 'reset your password' }).count()).toBe(1);

  await admin.reload();
  await admin.getByLabel('Search users').first().fill(email);
  await admin
    .getByRole('row', { name: new RegExp(email) })
    .getByText('Active', { exact: true })
    .waitFor();
});

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('password reset: the mail’s link sets a new password, which then signs in', async () => {
  const email = uniqueEmail('forgetful');
  const adminContext = await openContext(browser);
  await signIn(await adminContext.newPage(), users().admin);
  await addPerson(adminContext, { full_name: 'Fay Forgetful', email, role: 'Employee' });
  const first = await (await openContext(browser)).newPage();
  const registered = Date.now();
  await register(first, email, 'the first password');
  await confirmThroughMail(first, email, 'the first password', registered);
  await first.getByRole('heading', { name: 'Line Items Dashboard' }).waitFor();

  const page = await (await openContext(browser)).newPage();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL('**/reset-password');
  const asked = Date.now();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page
    .getByText(
      'If the email address you entered matches an existing account, you will receive an email within 10 minutes with instructions on how to reset your password.',
    )
    .waitFor();
  await expectNoSeriousA11yViolations(page);

  const link = await mailedLink(email, asked, 'reset-password');
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('the second password');
  await page.getByLabel('Confirm new password').fill('the second password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await page.getByText('Your password has been changed.').waitFor();

  await signInWithForm(page, { email, password: 'the second password' });
  await page.getByRole('heading', { name: 'Line Items Dashboard' }).waitFor();
  // The reset ended the session signed in with the old password.
  await first.reload();
  await first.waitForURL('**/login');
});
