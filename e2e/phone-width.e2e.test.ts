import type { LineItemsResponse } from '@quayside/domain/line-items';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openContext } from './support/browser.ts';
import { signIn, users } from './support/sign-in.ts';

// What a walkthrough on a phone tripped over: at a phone's width the dashboard's toolbar buttons
// keep their labels on one line and line up when they wrap, and a filter's operator is readable.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('at 375 px the toolbar keeps whole labels and a filter row keeps readable fields', async () => {
  const page = await (await openContext(browser, { viewport: { width: 375, height: 812 } })).newPage();
  await signIn(page, users().admin);
  await page.getByRole('heading', { name: 'Line Items Dashboard' }).waitFor();

  const newShipment = page.getByRole('link', { name: 'New Shipment' });
  const filter = page.getByRole('button', { name: 'Filter', exact: true });
  const toolbar = [
    page.getByRole('button', { name: 'Export', exact: true }),
    page.getByRole('button', { name: 'Follow this view' }),
    filter,
    newShipment,
  ];
  const boxes = await Promise.all(
    toolbar.map(async (locator) => (await locator.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 }),
  );
  // One line each: every button as tall as the first.
  expect(boxes.map((box) => box.height)).toEqual(boxes.map(() => boxes[0]?.height));
  // Rows that wrap start where the first row starts.
  const rowStarts = new Map<number, number>();
  for (const box of boxes) rowStarts.set(box.y, Math.min(rowStarts.get(box.y) ?? box.x, box.x));
  expect(new Set(rowStarts.values()).size).toBe(1);

  await filter.click();
  const panel = page.getByRole('dialog', { name: 'Filter Data' });
  await panel.getByRole('button', { name: 'Add Filter' }).click();
  const operator = panel.getByRole('group', { name: 'Filter 1' }).getByLabel('Operator');
  expect(await operator.inputValue()).toBe('contains');
  expect((await operator.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(120);
  await expectNoSeriousA11yViolations(page);
});

/** A phone's first screen. */
const PHONE = { width: 375, height: 667 };

async function phonePage() {
  const page = await (await openContext(browser, { viewport: PHONE })).newPage();
  await signIn(page, users().admin);
  return page;
}

/** Where a control is, or a box off every screen when it is not drawn. */
const boxOf = async (locator: Locator) => (await locator.boundingBox()) ?? { x: -1, y: -1, width: 0, height: 0 };
const isWithinWidth = async (locator: Locator) => {
  const box = await boxOf(locator);
  return box.x >= 0 && box.x + box.width <= PHONE.width;
};
const isOnScreen = async (page: Page, locator: Locator) => {
  const box = await boxOf(locator);
  const viewport = page.viewportSize() ?? PHONE;
  return box.y >= 0 && box.y + box.height <= viewport.height && (await isWithinWidth(locator));
};

test('at 375 px documents, reports, parts and users are cards: every value, whole names, and the actions on screen', async () => {
  const page = await phonePage();

  // Reports: a card per document, its whole file name on a line and View beside the screen's edge, not past it.
  await page.goto('/reports');
  const reports = page.getByRole('list', { name: 'Recent Documents (last 7 days)' });
  const firstReport = reports.getByRole('listitem').first();
  await firstReport.waitFor();
  expect(await page.locator('main table').count()).toBe(0);
  for (const label of ['Type', 'Shipment', 'Date', 'Size']) {
    expect(await firstReport.getByText(label, { exact: true }).count()).toBe(1);
  }
  const view = firstReport.getByRole('link', { name: /^View / });
  expect(await isWithinWidth(view)).toBe(true);
  const fileName = ((await view.getAttribute('aria-label')) ?? '').replace(/^View /, '');
  expect((await boxOf(firstReport.getByText(fileName, { exact: true }))).width).toBeGreaterThan(150);
  await page.getByRole('button', { name: 'Size' }).click();
  expect(await page.getByRole('button', { name: /^Size, ascending$/ }).getAttribute('aria-pressed')).toBe('true');

  // A shipment's Documents tab, the same cards.
  const shipment = (await firstReport.getByRole('link').first().textContent()) ?? '';
  await page.goto(`/shipment-details/${encodeURIComponent(shipment)}`);
  await page.getByRole('tab', { name: 'Documents' }).click();
  const documents = page.getByRole('list', { name: 'Documents' });
  await documents.getByRole('listitem').first().waitFor();
  expect(await isWithinWidth(documents.getByRole('link', { name: /^View / }).first())).toBe(true);

  // Users: Role, Status and the actions of each person.
  await page.goto('/user-management');
  const person = page
    .getByRole('list', { name: 'Users' })
    .getByRole('listitem')
    .filter({ hasText: users().admin.email });
  await person.waitFor();
  for (const label of ['Email', 'Role', 'Company', 'Status']) {
    expect(await person.getByText(label, { exact: true }).count()).toBe(1);
  }
  expect(await person.getByText('Admin', { exact: true }).isVisible()).toBe(true);
  expect(await person.getByText('Active', { exact: true }).isVisible()).toBe(true);
  expect(await isWithinWidth(person.getByRole('button', { name: `Edit ${users().admin.email}` }))).toBe(true);
  expect(await isWithinWidth(person.getByRole('button', { name: `Delete ${users().admin.email}` }))).toBe(true);

  // A line item's parts.
  const answer = await page.request.get('/api/LineItems', { params: { page: 1, pageSize: 50 } });
  const lineItem = ((await answer.json()) as LineItemsResponse).lineItems.find((item) => item.numberOfParts > 0);
  if (!lineItem) throw new Error('the demo data has no line item with parts');
  await page.goto(
    `/line-item/${encodeURIComponent(lineItem.title)}?shipment=${encodeURIComponent(lineItem.related_shipment)}`,
  );
  await page.getByRole('tab', { name: 'Parts' }).click();
  const parts = page.getByRole('list', { name: `Parts of PO ${lineItem.title}` });
  const part = parts.getByRole('listitem').first();
  await part.waitFor();
  for (const label of ['Quantity', 'PO Number', 'Shipment']) {
    expect(await part.getByText(label, { exact: true }).count()).toBe(1);
  }
  expect(await isWithinWidth(part.getByRole('button', { name: /^Edit quantity of / }))).toBe(true);
  await expectNoSeriousA11yViolations(page);
});

test("at 375 px a shipment's Save stays on screen while its form scrolls, and its tabs show there are more", async () => {
  const page = await phonePage();
  const answer = await page.request.get('/api/LineItems', { params: { page: 1, pageSize: 25 } });
  const [lineItem] = ((await answer.json()) as LineItemsResponse).lineItems;
  if (!lineItem) throw new Error('the demo data has no line items');
  await page.goto(`/shipment-details/${encodeURIComponent(lineItem.related_shipment)}`);

  // Five tabs do not fit: the arrow at the end says there are more, and shows them.
  const tabs = page.getByRole('tablist', { name: 'Shipment details' });
  await tabs.waitFor();
  expect(await tabs.evaluate((list) => list.scrollWidth > list.clientWidth)).toBe(true);
  // MUI's arrows (not named buttons: the tabs are reached by the arrow keys): the end one only, at the start.
  const more = page.locator('.MuiTabScrollButton-root').last();
  expect(await page.locator('.MuiTabScrollButton-root:not(.Mui-disabled)').count()).toBe(1);
  expect(await more.getAttribute('class')).not.toContain('Mui-disabled');
  const history = page.getByRole('tab', { name: 'History' });
  expect(await isWithinWidth(history)).toBe(false);
  // Each press scrolls by what the bar shows, until the last tab is in view.
  await expect
    .poll(
      async () => {
        if (!(await more.getAttribute('class'))?.includes('Mui-disabled')) await more.click();
        return isWithinWidth(history);
      },
      { interval: 500 },
    )
    .toBe(true);

  await page.getByRole('button', { name: 'Edit' }).click();
  const save = page.getByRole('button', { name: 'Save', exact: true });
  for (const y of [0, 400, 100_000]) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await expect.poll(() => isOnScreen(page, save)).toBe(true);
  }
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
  await expectNoSeriousA11yViolations(page);
});

test('at 375 px the menu button has a bar of its own and the first line item is on the first screen', async () => {
  const page = await phonePage();
  const menu = page.getByRole('button', { name: 'Open navigation' });
  const firstCard = page.getByRole('list', { name: 'Line items' }).getByRole('listitem').first();
  await firstCard.waitFor();
  // Nothing of the screen is under the bar, at rest or scrolled.
  const bar = await boxOf(page.locator('header', { has: menu }));
  const heading = page.getByRole('heading', { level: 1, name: 'Line Items Dashboard' });
  expect((await boxOf(heading)).y).toBeGreaterThanOrEqual(bar.y + bar.height);
  await page.evaluate(() => window.scrollTo(0, 300));
  const menuBox = await boxOf(menu);
  const atMenu = await page.evaluate(
    ([x, y]) => Boolean(document.elementFromPoint(x ?? 0, y ?? 0)?.closest('header')),
    [menuBox.x + menuBox.width / 2, menuBox.y + menuBox.height / 2],
  );
  expect(atMenu).toBe(true);
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await isOnScreen(page, firstCard.getByRole('link').first())).toBe(true);
});
