import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openContext } from './support/browser.ts';
import { openSidebar } from './support/sidebar.ts';
import { signIn, users } from './support/sign-in.ts';

let browser: Browser;

/** The search box's suggestion list (the dashboard's selects have options too). */
const suggestions = (page: Page) => page.getByRole('listbox').getByRole('option');
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('the shipment search suggests from 4 characters and opens the shipment chosen', async () => {
  const page = await (await openContext(browser)).newPage();
  await signIn(page, users().admin);
  await openSidebar(page);
  const search = page.getByLabel('Search shipments');

  await search.fill('QS-');
  await page.waitForTimeout(600); // past the debounce: three characters ask for nothing
  expect(await suggestions(page).count()).toBe(0);

  await search.fill('qs-0000'); // case-insensitive
  await page.getByRole('option', { name: 'QS-0000001' }).click();
  await page.waitForURL('**/shipment-details/QS-0000001');
  await page.getByRole('heading', { name: 'Shipment: QS-0000001' }).waitFor();

  await openSidebar(page);
  await search.fill('ZZZZ-no-such');
  await page.getByText('No matches found').waitFor();
  await search.press('Enter'); // Enter with typed text goes to that shipment
  await page.waitForURL('**/shipment-details/ZZZZ-no-such');
  // The search is over: the navigation is not left dimmed (SPEC.md: only focusing the search dims it).
  const links = (await openSidebar(page)).getByRole('list').first();
  await expect.poll(() => links.evaluate((list) => getComputedStyle(list).opacity)).toBe('1');
});

test('a forwarder’s suggestions hold only its own company’s shipments', async () => {
  const page = await (await openContext(browser)).newPage();
  await signIn(page, users().forwarder);
  await openSidebar(page);
  await page.getByLabel('Search shipments').fill('QS-00');
  await suggestions(page).first().waitFor();
  const suggested = await suggestions(page).allInnerTexts();
  expect(suggested.length).toBeGreaterThan(0);
  for (const shipment of suggested) {
    const answer = await page.request.get(`/api/Shipments?shipment=${encodeURIComponent(shipment)}`);
    const [found] = (await answer.json()).shipments;
    expect(found['Forwarder Name']).toBe(users().forwarder.company);
  }
});

test('below 768 px the sidebar is a drawer behind a toggle, over a dark overlay', async () => {
  const page = await (await openContext(browser, { viewport: { width: 600, height: 900 } })).newPage();
  await signIn(page, users().admin);
  await page.getByRole('heading', { name: 'Line Items Dashboard' }).waitFor();
  expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);

  await page.getByRole('button', { name: 'Open navigation' }).click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByText('User management').waitFor(); // expanded: labels show
  const overlay = page.locator('.MuiBackdrop-root');
  expect(await overlay.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgba(0, 0, 0, 0.6)');
  await expectNoSeriousA11yViolations(page);

  await nav.getByRole('link', { name: 'Reports' }).click();
  await page.getByRole('heading', { name: 'Recent Documents (last 7 days)' }).waitFor();
  await nav.waitFor({ state: 'detached' }); // choosing a page closes the drawer
});
