import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openContext } from './support/browser.ts';
import { openSidebar } from './support/sidebar.ts';
import { signInWithForm, users } from './support/sign-in.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function sidebarLinks(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
  const labels = await nav
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('aria-label')));
  // The bell's name carries its unread count, which other journeys move.
  return labels.map((label) => label?.replace(/^Alerts, \d+ unread$/, 'Alerts'));
}

describe('each role sees its own sidebar', () => {
  test.each([
    [
      'admin',
      [
        'Dashboard',
        'Purchase Orders',
        'Bookings',
        'Import',
        'Reports',
        'Analytics',
        'User management',
        'Suppliers',
        'Alerts',
        'Exception rules',
        'Webhooks',
        'Carrier events',
        'Recently deleted',
        'Support',
      ],
    ],
    ['employee', ['Dashboard', 'Purchase Orders', 'Bookings', 'Reports', 'Analytics', 'Alerts', 'Support']],
    ['forwarder', ['Dashboard', 'Purchase Orders', 'Bookings', 'Import', 'Analytics', 'Alerts', 'Support']],
  ] as const)('%s', async (who, links) => {
    const context = await openContext(browser);
    const page = await context.newPage();
    const user = users()[who];
    await signInWithForm(page, user);

    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('heading', { name: 'Line Items Dashboard' }).waitFor();
    await openSidebar(page);
    await page.getByText(user.email).waitFor();
    expect(await sidebarLinks(page)).toEqual(links);
    // The role badge: the full role while expanded.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByText(user.role, { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page);
  });
});

test('a forwarder typing /reports or /user-management lands on the dashboard', async () => {
  const context = await openContext(browser);
  const page = await context.newPage();
  await signInWithForm(page, users().forwarder);
  for (const path of ['/reports', '/user-management']) {
    await page.goto(path);
    await page.getByRole('heading', { name: 'Line Items Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  }
});

test('an employee sees no user management and is sent away from it, but may read the reports', async () => {
  const context = await openContext(browser);
  const page = await context.newPage();
  await signInWithForm(page, users().employee);
  await page.goto('/user-management');
  await page.getByRole('heading', { name: 'Line Items Dashboard' }).waitFor();
  expect(await page.getByRole('link', { name: 'User management' }).count()).toBe(0);

  await (await openSidebar(page)).getByRole('link', { name: 'Reports' }).click();
  await page.getByRole('heading', { name: 'Recent Documents (last 7 days)' }).waitFor();
  // Demo data uploads documents over the last days; the search narrows them.
  await page.getByRole('columnheader', { name: 'Document' }).waitFor();
  await page.getByRole('searchbox', { name: 'Search documents' }).fill('no such document anywhere');
  await page.getByText('No documents matching your search').waitFor();
  await expectNoSeriousA11yViolations(page);
});

test('a signed-out visitor is sent to /login and brought back to the page asked for', async () => {
  const context = await openContext(browser);
  const page = await context.newPage();
  await page.goto('/analytics');
  await page.waitForURL('**/login');
  await page.getByText('Contact support at').waitFor();
  expect(await page.getByRole('link', { name: 'support@example.com' }).getAttribute('href')).toBe(
    'mailto:support@example.com',
  );
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Email').fill(`  ${users().admin.email}  `); // trimmed
  await page.getByLabel('Password', { exact: true }).fill(users().admin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/analytics');
  await expectNoSeriousA11yViolations(page);

  await page.goto('/no/such/page');
  await page.getByRole('heading', { name: 'Line Items Dashboard' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/');
});

test('a wrong password gets the spec’s message with a link to reset it', async () => {
  const context = await openContext(browser);
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(users().admin.email);
  await page.getByLabel('Password', { exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Log in' }).click();
  const alert = page.getByRole('alert');
  await alert.waitFor();
  expect(await alert.innerText()).toBe(
    'Invalid username or password. If you forgot your password, please reset it here.',
  );
  await alert.getByRole('link', { name: 'here' }).click();
  await page.waitForURL('**/reset-password');
});
