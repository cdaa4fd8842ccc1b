import { COMMON_PASSWORD_MESSAGE } from '@quayside/domain/auth-messages';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, openContext } from './support/browser.ts';
import { addPerson, signIn, uniqueEmail, users } from './support/sign-in.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('registration with one of the most common passwords says so, and what to do', async () => {
  const email = uniqueEmail('predictable');
  const adminContext = await openContext(browser);
  await signIn(await adminContext.newPage(), users().admin);
  await addPerson(adminContext, { full_name: 'Pat Predictable', email, role: 'Employee', company_name: 'NAPCO' });

  const visitor = await (await openContext(browser)).newPage();
  await visitor.goto('/register');
  await visitor.getByLabel('Email').fill(email);
  await visitor.getByLabel('Password', { exact: true }).fill('password123');
  await visitor.getByLabel('Confirm password').fill('password123');
  await visitor.getByRole('button', { name: 'Register' }).click();
  const refusal = visitor.getByRole('alert');
  await refusal.waitFor();
  expect(await refusal.innerText()).toBe(COMMON_PASSWORD_MESSAGE);
});
