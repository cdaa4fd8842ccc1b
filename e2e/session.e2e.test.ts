import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, openContext, sameOrigin } from './support/browser.ts';
import { registerThroughMail } from './support/mailbox.ts';
import { openSidebar } from './support/sidebar.ts';
import { addPerson, signIn, signInWithForm, uniqueEmail, users } from './support/sign-in.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('deleting a signed-in user’s person record signs them out within about 5 seconds', async () => {
  const email = uniqueEmail('leaver');
  const adminContext = await openContext(browser);
  await signIn(await adminContext.newPage(), users().admin);
  await addPerson(adminContext, { full_name: 'Lee Leaver', email, role: 'Employee' });

  const leaver = await (await openContext(browser)).newPage();
  await registerThroughMail(leaver, email, 'a long password');
  await leaver.getByRole('heading', { name: 'Line Items Dashboard' }).waitFor();

  const deleted = await adminContext.request.post('/api/Peoples/delete', { headers: sameOrigin(), data: [{ email }] });
  expect(deleted.status()).toBe(200);
  const started = Date.now();
  await leaver.waitForURL('**/login', { timeout: 10_000 });
  expect(Date.now() - started).toBeLessThan(7_000);
});

test('logging out clears what this browser kept of the user, so the next one starts clean', async () => {
  const context = await openContext(browser);
  const page = await context.newPage();
  await signInWithForm(page, users().admin);
  await (await openSidebar(page)).getByRole('link', { name: 'User management' }).click();
  await page.getByRole('columnheader', { name: 'Email' }).waitFor();
  const stored = () =>
    page.evaluate(() => ({
      flag: localStorage.getItem('isAuthenticated'),
      profile: localStorage.getItem('user-data'),
      cache: localStorage.getItem('quayside-query-cache'),
    }));
  // The persister writes on a short throttle.
  await expect.poll(async () => (await stored()).cache?.includes(users().admin.email)).toBe(true);
  const signedIn = await stored();
  expect(signedIn.flag).toBe('true');
  expect(JSON.parse(signedIn.profile ?? '{}')).toMatchObject({ email: users().admin.email, role: 'Admin' });

  await openSidebar(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
  // The login page may already keep its own public settings again, under no one's name.
  const mentionsAdmin = (cache: string | null) => cache?.includes(users().admin.email) ?? false;
  await expect
    .poll(async () => {
      const { flag, profile, cache } = await stored();
      return { flag, profile, mentionsAdmin: mentionsAdmin(cache) };
    })
    .toEqual({ flag: null, profile: null, mentionsAdmin: false });
  const { cache } = await stored();
  expect(cache === null ? null : JSON.parse(cache).buster).toBeOneOf([null, 'anonymous']);

  // The next user of this browser sees their own role, never the cached one.
  await signInWithForm(page, users().forwarder);
  await page.getByRole('heading', { name: 'Line Items Dashboard' }).waitFor();
  await openSidebar(page);
  await page.getByText(users().forwarder.email).waitFor();
  expect(await page.getByRole('link', { name: 'User management' }).count()).toBe(0);
});
