import { DEFAULT_SHOWN_COLUMNS, LINE_ITEM_COLUMNS } from '@quayside/domain/line-item-columns';
import type { LineItem, LineItemsResponse } from '@quayside/domain/line-items';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openContext } from './support/browser.ts';
import { signIn, users } from './support/sign-in.ts';

// A grid people can live in — read at 1440 px, a real link per row, the keyboard alone,
// columns of one's own choosing, and cards on a phone.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const grid = (page: Page) => page.getByRole('grid', { name: 'Line items' });

async function apiList(page: Page, params: Record<string, string | number>): Promise<LineItemsResponse> {
  const response = await page.request.get('/api/LineItems', { params: { page: 1, pageSize: 50, ...params } });
  expect(response.status()).toBe(200);
  return (await response.json()) as LineItemsResponse;
}

const lineItemUrl = (lineItem: LineItem) => (url: URL) =>
  url.pathname === `/line-item/${encodeURIComponent(lineItem.title)}` &&
  url.searchParams.get('shipment') === lineItem.related_shipment;

/** What has the keyboard focus: its name, text and place in the grid, for the assertions below. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const labels = (element as HTMLInputElement | null)?.labels;
    return {
      name: element?.getAttribute('aria-label') ?? labels?.[0]?.textContent?.trim() ?? '',
      text: element?.innerText?.trim() ?? '',
      row: element?.dataset.row,
      col: element?.dataset.col,
    };
  });

/** Presses `key` until the focused element passes `isThere`; how many presses it took. */
async function pressUntil(
  page: Page,
  isThere: (focus: Awaited<ReturnType<typeof focused>>) => boolean,
  { key = 'Tab', limit = 40 } = {},
): Promise<number> {
  for (let presses = 1; presses <= limit; presses += 1) {
    await page.keyboard.press(key);
    if (isThere(await focused(page))) return presses;
  }
  throw new Error(`not reached in ${limit} presses of ${key}`);
}

const inGrid = (focus: { row?: string }) => focus.row !== undefined;

test('the keyboard alone: search, filter, sort, a page change, then open a line item', async () => {
  const page = await (await openContext(browser, { viewport: { width: 1440, height: 900 } })).newPage();
  await signIn(page, users().admin);
  await grid(page).waitFor();
  const forwarder = (await apiList(page, {})).lineItems[0]?.forwarder_name ?? '';
  const [word = ''] = forwarder.split(' ');
  const query = {
    q: word,
    filters: JSON.stringify([{ column: 'forwarder_name', operator: 'contains', value: forwarder }]),
    logic: 'AND',
    sort: JSON.stringify([{ key: 'dest_eta', direction: 'asc' }]),
  };
  expect((await apiList(page, query)).total).toBeGreaterThan(50);

  // Search: Tab to the box, type, Enter.
  await pressUntil(page, (focus) => focus.name === 'Search across all columns');
  await page.keyboard.type(word);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('q') === word);

  // Filter: back to the Filter button, Enter; the first row's column by typing, its value, Enter applies.
  await pressUntil(page, (focus) => focus.text === 'Filter', { key: 'Shift+Tab', limit: 10 });
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Filter Data' });
  await panel.waitFor();
  await pressUntil(page, (focus) => focus.name === 'Column', { limit: 6 });
  await page.keyboard.type('Forwarder');
  await pressUntil(page, (focus) => focus.name === 'Value', { limit: 3 });
  await page.keyboard.type(forwarder);
  await page.keyboard.press('Enter');
  await panel.waitFor({ state: 'hidden' });
  await page.waitForURL((url) => url.searchParams.get('filters') === query.filters);

  // Into the grid, one Tab stop: it starts on the first line item's PO #. (Past the header's controls
  // and each 'Needs attention' and 'When' chip: the demo's purchase orders add five.)
  await pressUntil(page, inGrid, { limit: 30 });
  expect(await focused(page)).toMatchObject({ row: '1', col: '1' });
  // Up to the header, right to Dest. ETA; Enter sorts by it (the default was descending: now ascending).
  await page.keyboard.press('ArrowUp');
  const destEta = DEFAULT_SHOWN_COLUMNS.default.indexOf('dest_eta') + 1;
  for (let col = 1; col < destEta; col += 1) await page.keyboard.press('ArrowRight');
  expect((await focused(page)).text).toContain(LINE_ITEM_COLUMNS.dest_eta.label);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('sort') === query.sort);

  // The pager is a few Tabs past the grid, not ~130.
  const tabsToNext = await pressUntil(page, (focus) => focus.text === 'Next', { limit: 12 });
  expect(tabsToNext).toBeLessThanOrEqual(8);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('page') === '2');

  // Back into the grid once page 2 is drawn, to its second line item; Enter opens it at its own address.
  const second = (await apiList(page, { ...query, page: 2 })).lineItems[1] as LineItem;
  await grid(page).locator('tbody tr').nth(1).locator('th', { hasText: second.title }).waitFor();
  await pressUntil(page, inGrid, { key: 'Shift+Tab', limit: 12 });
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  expect(await focused(page)).toMatchObject({ row: '2', col: '0' });
  await page.keyboard.press('Enter');
  await page.waitForURL(lineItemUrl(second));
  await page.getByRole('heading', { name: `Line Item: ${second.title}` }).waitFor();
});

/** Where an element sits on screen. */
const boxOf = async (page: Page, selector: string) => {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not on screen`);
  return box;
};

test("at 1440 px: the dates in view, the header and PO # stay while the rows scroll, columns of one's own", async () => {
  const context = await openContext(browser, { viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, users().admin);
  await grid(page).waitFor();
  await page.getByLabel('Rows per page').selectOption('100');
  await expect.poll(() => grid(page).locator('tbody tr').count()).toBe(100);
  await expectNoSeriousA11yViolations(page);

  // Dest. ETA (the default sort) and every date are on screen without scrolling sideways.
  for (const column of ['atd', 'dest_eta', 'ata', 'est_delivery'] as const) {
    const header = grid(page).getByRole('columnheader', { name: new RegExp(`^${LINE_ITEM_COLUMNS[column].label}`) });
    const box = await header.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(1440);
  }
  // The whole header cell sorts, with a pointer.
  expect(
    await grid(page)
      .locator('thead th')
      .nth(3)
      .evaluate((cell) => getComputedStyle(cell).cursor),
  ).toBe('pointer');

  // Scrolled down, the header is still at the top of the table; scrolled sideways, PO # is still at its left.
  const scroller = grid(page).locator('xpath=..');
  const headerTop = (await boxOf(page, '[role="grid"] thead th')).y;
  await scroller.evaluate((element) => element.scrollBy(0, 1500));
  expect(Math.abs((await boxOf(page, '[role="grid"] thead th')).y - headerTop)).toBeLessThan(2);
  // Every column, so the table is wider than the screen.
  await page.getByRole('button', { name: 'Columns' }).click();
  const chooser = page.getByRole('dialog', { name: 'Columns' });
  for (const column of ['cosignee_name', 'origin_port', 'destination_port', 'part_numbers', 'house', 'master'] as const)
    await chooser.getByLabel(LINE_ITEM_COLUMNS[column].label, { exact: true }).check();
  // The chooser is modal: the table is readable again once it closes.
  await page.keyboard.press('Escape');
  await expect.poll(() => grid(page).getByRole('columnheader').count()).toBe(17);
  const poLeft = (await boxOf(page, '[role="grid"] tbody tr th')).x;
  await scroller.evaluate((element) => element.scrollBy(2000, 0));
  expect(await scroller.evaluate((element) => element.scrollLeft)).toBeGreaterThan(500);
  expect(Math.abs((await boxOf(page, '[role="grid"] tbody tr th')).x - poLeft)).toBeLessThan(2);
  // The sideways scrollbar is never 100 rows down: with the table scrolled into view it is on screen.
  await scroller.evaluate((element) => element.scrollIntoView());
  const container = await scroller.boundingBox();
  expect(container && container.y + container.height).toBeLessThanOrEqual(900);

  // Hide a column, move one left by keyboard and one by dragging, choose comfortable rows: all kept after a reload.
  await page.getByRole('button', { name: 'Columns' }).click();
  await chooser.getByLabel('Master', { exact: true }).uncheck();
  await chooser.getByRole('button', { name: 'Move ATD left' }).click();
  // Both ends in view before the drag (a list scrolling under a held mouse would move the wrong one).
  await chooser.getByRole('list').evaluate((list) => list.scrollTo(0, 0));
  await chooser.locator('[data-column="house"]').dragTo(chooser.locator('[data-column="related_shipment"]'));
  await chooser.getByRole('button', { name: 'Comfortable' }).click();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  const headers = () =>
    grid(page)
      .locator('thead th')
      .evaluateAll((cells) => cells.map((cell) => (cell as HTMLElement).innerText.split('\n')[0]?.trim()));
  const chosen = await headers();
  expect(chosen).not.toContain('Master');
  expect(chosen.slice(1, 3)).toEqual(['PO #', 'House']);
  expect(chosen.indexOf('ATD')).toBeLessThan(chosen.indexOf('Total Qty'));
  const rowHeight = async () => (await boxOf(page, '[role="grid"] tbody tr')).height;
  const comfortable = await rowHeight();
  await page.reload();
  await grid(page).waitFor();
  await expect.poll(headers).toEqual(chosen);
  expect(await rowHeight()).toBe(comfortable);
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('button', { name: 'Compact' }).click();
  await page.getByRole('button', { name: 'Reset columns' }).click();
  await page.keyboard.press('Escape');
  await expect.poll(() => grid(page).getByRole('columnheader').count()).toBe(DEFAULT_SHOWN_COLUMNS.default.length + 1);
  expect(await rowHeight()).toBeLessThan(comfortable);
});

test('rows are links: Ctrl-click opens a new tab a colleague could open too; the Shipment cell opens the shipment', async () => {
  const context = await openContext(browser, { viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, users().admin);
  await grid(page).waitFor();
  const { lineItems } = await apiList(page, {});
  const third = lineItems[2] as LineItem;

  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    grid(page)
      .locator('tbody tr')
      .nth(2)
      .locator('td')
      .last()
      .click({ modifiers: ['Control'] }),
  ]);
  await tab.waitForURL(lineItemUrl(third));
  await tab.getByRole('heading', { name: `Line Item: ${third.title}` }).waitFor();
  expect(page.url()).not.toContain('/line-item/');
  // The PO # is a link with the same address (for 'Copy link', a middle click).
  // (Beside it, when the PO has a record, a small link opens the purchase order.)
  const poLink = grid(page).locator('tbody tr').nth(2).getByRole('link', { name: third.title, exact: true });
  expect(await poLink.getAttribute('href')).toBe(
    `/line-item/${encodeURIComponent(third.title)}?shipment=${encodeURIComponent(third.related_shipment)}`,
  );

  // A colleague opens the address in their own browser: the same line item, not 'not found'.
  const colleague = await (await openContext(browser)).newPage();
  await signIn(colleague, users().employee);
  await colleague.goto(tab.url());
  await colleague.getByRole('heading', { name: `Line Item: ${third.title}` }).waitFor();
  await colleague.getByText(third.related_shipment).first().waitFor();

  await grid(page).locator('tbody tr').nth(2).getByRole('link', { name: third.related_shipment }).click();
  await page.waitForURL(`**/shipment-details/${encodeURIComponent(third.related_shipment)}`);
});

test('below 768 px the rows are cards, each a link with the chosen columns', async () => {
  const page = await (await openContext(browser, { viewport: { width: 375, height: 800 } })).newPage();
  await signIn(page, users().admin);
  const cards = page.getByRole('list', { name: 'Line items' });
  await cards.waitFor();
  expect(await page.getByRole('grid', { name: 'Line items' }).count()).toBe(0);
  const { lineItems } = await apiList(page, {});
  const first = lineItems[0] as LineItem;
  const card = cards.getByRole('listitem').first();
  await card.getByText(LINE_ITEM_COLUMNS.dest_eta.label).waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoSeriousA11yViolations(page);
  await card.getByRole('link', { name: `PO ${first.title}` }).click();
  await page.waitForURL(lineItemUrl(first));
});
