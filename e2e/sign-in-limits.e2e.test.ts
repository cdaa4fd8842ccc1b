import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, openContext, sameOrigin } from './support/browser.ts';
import { registerThroughMail } from './support/mailbox.ts';
import { addPerson, signIn, signInWithForm, uniqueEmail, users } from './support/sign-in.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'the owner’s long password';

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
}

test("a stranger's wrong passwords lock other browsers out, but not the one the owner signed in with", async () => {
  const email = uniqueEmail('locked-out');
  const adminContext = await openContext(browser);
  await signIn(await adminContext.newPage(), users().admin);
  await addPerson(adminContext, { full_name: 'Lee Lockedout', email, role: 'Employee', company_name: 'NAPCO' });

  // The owner registers and logs in once with this browser, which it then remembers.
  const owner = await (await openContext(browser)).newPage();
  await registerThroughMail(owner, email, PASSWORD);
  await owner.getByRole('heading', { name: 'Line Items Dashboard' }).waitFor();
  await logOut(owner);
  await signInWithForm(owner, { email, password: PASSWORD });
  await logOut(owner);

  // A stranger guesses until the account makes unknown browsers wait...
  const strangerContext = await openContext(browser);
  const guesses = [];
  for (let n = 0; n < 6; n++) {
    const guess = await strangerContext.request.post('/api/auth/sign-in/email', {
      headers: sameOrigin(),
      data: { email, password: `guess ${n}` },
    });
    guesses.push(guess.status());
  }
  expect(guesses).toEqual([401, 401, 401, 401, 401, 429]);
  // ...so even the right password, from a browser the account does not know, is refused.
  const stranger = await strangerContext.newPage();
  await stranger.goto('/login');
  await stranger.getByLabel('Email').fill(email);
  await stranger.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await stranger.getByRole('button', { name: 'Log in' }).click();
  const refusal = stranger.getByRole('alert');
  await refusal.waitFor();
  expect(await refusal.innerText()).toBe('Too many failed attempts. Please try again later.');

  // The owner's own browser logs in at once.
  await signInWithForm(owner, { email, password: PASSWORD });
  await owner.getByRole('heading', { name: 'Line Items Dashboard' }).waitFor();
});
