import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openContext } from './support/browser.ts';
import { openSidebar } from './support/sidebar.ts';
import { signIn, uniqueEmail, users } from './support/sign-in.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('an admin adds, searches, edits (e-mail read-only) and deletes a user', async () => {
  const page = await (await openContext(browser)).newPage();
  await signIn(page, users().admin);
  await (await openSidebar(page)).getByRole('link', { name: 'User management' }).click();
  await page.getByRole('heading', { name: 'User Management' }).waitFor();
  await page.getByRole('columnheader', { name: 'Email' }).waitFor();
  await expectNoSeriousA11yViolations(page);

  const email = uniqueEmail('added');
  await page.getByRole('button', { name: 'Add User' }).click();
  const add = page.getByRole('dialog', { name: 'Add New User' });
  await add.getByLabel('Full Name').fill('Addie Added');
  await add.getByLabel('Email').fill(email);
  expect(await add.getByLabel('Role').inputValue()).toBe('Employee'); // the default role
  await add.getByLabel('Role').selectOption('Forwarder');
  await add.getByLabel('Company').fill('Kestrel Freight');
  await add.getByLabel('Company').press('Escape'); // closes the suggestions, keeps the text
  await expectNoSeriousA11yViolations(page);
  await add.getByRole('button', { name: 'Create User' }).click();
  await add.waitFor({ state: 'detached' });

  const search = page.getByLabel('Search users');
  await search.fill(email);
  const row = page.getByRole('row', { name: new RegExp(email) });
  await row.waitFor();
  expect(await page.getByRole('row').count()).toBe(2); // the header and the one match
  expect(await row.innerText()).toMatch(/Addie Added[\s\S]*Forwarder[\s\S]*Kestrel Freight[\s\S]*Inactive/);
  await page
    .getByText('of', { exact: false })
    .filter({ hasText: /^Showing 1 of \d+ users$/ })
    .waitFor();

  await row.getByRole('button', { name: `Edit ${email}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  const emailField = edit.getByLabel('Email');
  expect(await emailField.getAttribute('readonly')).not.toBeNull();
  await edit.getByText('Email addresses cannot be changed').waitFor();
  await edit.getByLabel('Name').fill('Addie Renamed');
  await edit.getByLabel('Role').selectOption('Employee');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await edit.waitFor({ state: 'detached' });
  await row.getByText('Addie Renamed').waitFor();
  expect(await row.innerText()).toContain('Employee');

  await row.getByRole('button', { name: `Delete ${email}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete User' });
  await confirm.getByText(`Addie Renamed (${email})`).waitFor();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await confirm.waitFor({ state: 'detached' });
  await page.getByText('No users found').waitFor();
  await page.getByText('Try adjusting your search criteria').waitFor();

  await page.getByRole('button', { name: 'Clear' }).click();
  expect(await search.inputValue()).toBe('');
  expect(await page.getByRole('row').count()).toBeGreaterThan(3);
});
