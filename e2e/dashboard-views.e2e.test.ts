import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openContext } from './support/browser.ts';
import { registerThroughMail } from './support/mailbox.ts';
import { addPerson, signIn, uniqueEmail, users } from './support/sign-in.ts';

// Named views kept on the server, shared by link within one company (a forwarder with its
// own people), and nobody else's to open.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'a long password';
const grid = (page: Page) => page.getByRole('grid', { name: 'Line items' });

async function newForwarder(admin: BrowserContext, name: string, company: string) {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, '-'));
  await addPerson(admin, { full_name: name, email, role: 'Forwarder', company_name: company });
  const page = await (await openContext(browser, { permissions: ['clipboard-read', 'clipboard-write'] })).newPage();
  await registerThroughMail(page, email, PASSWORD);
  await grid(page).waitFor();
  return { page, email };
}

const openViews = async (page: Page) => {
  await page.getByRole('button', { name: 'Views', exact: true }).click();
  const menu = page.getByRole('dialog', { name: 'Views' });
  await menu.waitFor();
  return menu;
};

test('a forwarder shares a view by link with a colleague; another company and staff cannot open it', async () => {
  const adminContext = await openContext(browser);
  await signIn(await adminContext.newPage(), users().admin);
  const company = users().forwarder.company;
  const { page: colleague, email: colleagueEmail } = await newForwarder(adminContext, 'Cole Colleague', company);
  const { page: stranger } = await newForwarder(adminContext, 'Stan Stranger', 'Kestrel Freight');

  // The owner narrows the dashboard, then saves it under a name, shared with the company.
  const owner = await (await openContext(browser, { permissions: ['clipboard-read', 'clipboard-write'] })).newPage();
  await signIn(owner, users().forwarder);
  await owner.goto('/?q=QS-&sort=%5B%7B%22key%22%3A%22ata%22%2C%22direction%22%3A%22asc%22%7D%5D&pageSize=25');
  await grid(owner).waitFor();
  let menu = await openViews(owner);
  await menu.getByText('No saved views yet.', { exact: false }).waitFor();
  await menu.getByRole('button', { name: 'Save view' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Save view' });
  await dialog.getByLabel('Name').fill('Arrivals to watch');
  await dialog.getByLabel('Share with my company').check();
  await expectNoSeriousA11yViolations(owner);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await owner.getByText('View “Arrivals to watch” saved.').waitFor();

  menu = await openViews(owner);
  const entry = menu.getByRole('listitem').filter({ hasText: 'Arrivals to watch' });
  await entry.getByText('Shared by you').waitFor();
  await expectNoSeriousA11yViolations(owner);
  await entry.getByRole('button', { name: 'Copy link to Arrivals to watch' }).click();
  const link = await owner.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/\?view=\d+$/);
  const path = new URL(link).pathname + new URL(link).search;

  // The colleague opens the link: the same search, sort and page size.
  await colleague.goto(path);
  await colleague.getByRole('button', { name: 'Search: QS-' }).waitFor();
  await colleague.waitForURL((url) => url.searchParams.get('pageSize') === '25' && !url.searchParams.has('view'));
  expect(new URL(colleague.url()).searchParams.get('sort')).toBe('[{"key":"ata","direction":"asc"}]');
  menu = await openViews(colleague);
  const shared = menu.getByRole('listitem').filter({ hasText: 'Arrivals to watch' });
  await shared.getByText('Shared by Fran Forwarder').waitFor();
  // Not theirs to delete; theirs to make a default, which a fresh sign-in then opens.
  expect(await shared.getByRole('button', { name: 'Delete Arrivals to watch' }).count()).toBe(0);
  await shared.getByRole('button', { name: 'Arrivals to watch: my default' }).click();
  await expect
    .poll(() => shared.getByRole('button', { name: 'Arrivals to watch: my default' }).getAttribute('aria-pressed'))
    .toBe('true');
  const fresh = await (await openContext(browser)).newPage();
  await signIn(fresh, { email: colleagueEmail, password: PASSWORD });
  await fresh.getByRole('button', { name: 'Search: QS-' }).waitFor();

  // Another company's forwarder, and an Admin, get 'View not found' and their own dashboard.
  const admin = await adminContext.newPage();
  for (const other of [stranger, admin]) {
    await other.goto(path);
    await other.getByText('View not found').waitFor();
    await other.waitForURL((url) => !url.searchParams.has('view'));
    expect(await other.getByRole('button', { name: 'Search: QS-' }).count()).toBe(0);
    const theirs = await openViews(other);
    expect(await theirs.getByText('Arrivals to watch').count()).toBe(0);
    await other.keyboard.press('Escape');
  }
});
