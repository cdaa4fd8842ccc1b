import { readFile } from 'node:fs/promises';
import {
  DEFAULT_SHOWN_COLUMNS,
  LINE_ITEM_COLUMNS,
  REPORT_COLUMNS,
  type Report,
} from '@quayside/domain/line-item-columns';
import type { Filter } from '@quayside/domain/line-item-query';
import type { LineItem, LineItemsResponse } from '@quayside/domain/line-items';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openContext } from './support/browser.ts';
import { registerThroughMail } from './support/mailbox.ts';
import { openSidebar } from './support/sidebar.ts';
import { addPerson, type Credentials, signIn, uniqueEmail, users } from './support/sign-in.ts';

// The dashboard around the table: the saved view per user, CSV export, what each role sees.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const table = (page: Page) => page.getByRole('grid', { name: 'Line items' });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search across all columns' });
const filtersChip = (page: Page) => page.getByText(/^Filters: \d+ active$/);

async function openDashboard(page: Page, user: Credentials) {
  await signIn(page, user);
  await page.getByRole('heading', { name: 'Line Items Dashboard' }).waitFor();
  await table(page).waitFor();
}

async function signOut(page: Page) {
  await openSidebar(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
}

/** Waits until the sidebar shows the signed-in role, so role-dependent controls have settled. */
async function roleShown(page: Page, role: string) {
  const nav = await openSidebar(page);
  await nav.getByText(role, { exact: true }).waitFor();
  await page.mouse.move(800, 10);
}

async function apiList(page: Page, params: Record<string, string | number>): Promise<LineItemsResponse> {
  const response = await page.request.get('/api/LineItems', { params });
  expect(response.status()).toBe(200);
  return (await response.json()) as LineItemsResponse;
}

/** The text of one column of every row on screen (found by its header). */
function shownColumn(page: Page, column: keyof typeof LINE_ITEM_COLUMNS): Promise<string[]> {
  return table(page).evaluate((grid, label) => {
    const headers = [...grid.querySelectorAll('thead th')].map((header) => (header as HTMLElement).innerText.trim());
    // A sorted header also holds its rank.
    const at = headers.findIndex((header) => header.startsWith(label));
    return [...grid.querySelectorAll('tbody tr')].map(
      (row) => (row.querySelectorAll('th, td')[at] as HTMLElement | undefined)?.innerText ?? '',
    );
  }, LINE_ITEM_COLUMNS[column].label);
}

async function applyFilters(page: Page, filters: Filter[], logic: 'AND' | 'OR' = 'AND') {
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Filter Data' });
  await panel.getByRole('button', { name: 'Clear All' }).click();
  for (const [index, filter] of filters.entries()) {
    await panel.getByRole('button', { name: 'Add Filter' }).click();
    const row = panel.getByRole('group', { name: `Filter ${index + 1}` });
    await row.getByLabel('Column').selectOption(filter.column);
    await row.getByLabel('Operator').selectOption(filter.operator);
    if (filter.value) await row.getByLabel('Value').fill(filter.value);
  }
  await panel.getByRole('button', { name: logic, exact: true }).click();
  await panel.getByRole('button', { name: 'Apply Filters' }).click();
  await panel.waitFor({ state: 'hidden' });
}

const csvHeader = (report: Report) =>
  REPORT_COLUMNS[report].map((column) => `"${LINE_ITEM_COLUMNS[column].label}"`).join(',');

async function exportCsv(page: Page): Promise<{ fileName: string; lines: string[] }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export', exact: true }).click(),
  ]);
  const text = await readFile(await download.path(), 'utf8');
  const lines = text.split('\r\n');
  if (lines.at(-1) === '') lines.pop();
  return { fileName: download.suggestedFilename(), lines };
}

test('the saved view is per user: not shown to the next user, back for its owner; reset keeps the page size', async () => {
  const context = await openContext(browser);
  const page = await context.newPage();
  await openDashboard(page, users().admin);
  const sea: Filter = { column: 'transit_type', operator: 'equals', value: 'SEA' };

  await searchBox(page).fill('PO-00');
  await page.getByText('Search: PO-00').waitFor();
  await applyFilters(page, [sea], 'OR');
  await page.getByText('Filters: 1 active').waitFor();
  await table(page).getByRole('button', { name: /^PO #/ }).click();
  await page.getByRole('button', { name: 'PO #, sorted ascending, rank 1' }).waitFor();
  await page.getByLabel('Rows per page').selectOption('100');

  await signOut(page);
  await openDashboard(page, users().employee);
  expect(await searchBox(page).inputValue()).toBe('');
  expect(await filtersChip(page).count()).toBe(0);
  expect(await page.getByLabel('Rows per page').inputValue()).toBe('50');
  await page.getByRole('button', { name: 'Dest. ETA, sorted descending, rank 1 (default)' }).waitFor();

  await signOut(page);
  await openDashboard(page, users().admin);
  expect(await searchBox(page).inputValue()).toBe('PO-00');
  await page.getByText('Search: PO-00').waitFor();
  await page.getByText('Filters: 1 active').waitFor();
  await page.getByRole('button', { name: 'PO #, sorted ascending, rank 1' }).waitFor();
  expect(await page.getByLabel('Rows per page').inputValue()).toBe('100');
  const expected = await apiList(page, {
    q: 'PO-00',
    filters: JSON.stringify([sea]),
    logic: 'OR',
    sort: JSON.stringify([{ key: 'title', direction: 'asc' }]),
    pageSize: 100,
  });
  await expect
    .poll(() => shownColumn(page, 'title'), { timeout: 10_000 })
    .toEqual(expected.lineItems.map((lineItem) => lineItem.title));
  // The panel opens on the saved filter and logic.
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Filter Data' });
  expect(await panel.getByLabel('Column').inputValue()).toBe('transit_type');
  expect(await panel.getByLabel('Value').inputValue()).toBe('SEA');
  expect(await panel.getByRole('button', { name: 'OR', exact: true }).getAttribute('aria-pressed')).toBe('true');
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'hidden' });

  await page.getByRole('button', { name: 'Reset view' }).click();
  await expect.poll(() => searchBox(page).inputValue()).toBe('');
  expect(await filtersChip(page).count()).toBe(0);
  await page.getByRole('button', { name: 'Dest. ETA, sorted descending, rank 1 (default)' }).waitFor();
  expect(await page.getByLabel('Rows per page').inputValue()).toBe('100');
  await page.reload();
  await table(page).waitFor();
  expect(await page.getByLabel('Rows per page').inputValue()).toBe('100');
  expect(await searchBox(page).inputValue()).toBe('');
});

describe('export', () => {
  test('with a filter: shipment-data-YYYY-MM-DD.csv, the report’s labels, and every matching row', async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await openDashboard(page, users().admin);
    const kestrel: Filter = { column: 'forwarder_name', operator: 'contains', value: 'Kestrel' };
    await applyFilters(page, [kestrel]);
    const { total, totalAll } = await apiList(page, { filters: JSON.stringify([kestrel]) });
    expect(total).toBeGreaterThan(50); // more than the page on screen
    expect(total).toBeLessThan(totalAll);
    await page.getByText(`of ${total} entries`).waitFor();

    const today = () => `shipment-data-${new Date().toISOString().slice(0, 10)}.csv`;
    const before = today();
    const defaultReport = await exportCsv(page);
    expect([before, today()]).toContain(defaultReport.fileName);
    expect(defaultReport.lines[0]).toBe(csvHeader('default'));
    expect(defaultReport.lines).toHaveLength(total + 1);
    expect(defaultReport.lines.slice(1).every((line) => line.includes('"Kestrel Freight"'))).toBe(true);

    await page.getByRole('tab', { name: 'DR Report' }).click();
    await expect.poll(() => table(page).getByRole('columnheader').count()).toBe(DEFAULT_SHOWN_COLUMNS.dr.length + 1);
    const drReport = await exportCsv(page);
    expect(drReport.lines[0]).toBe(csvHeader('dr'));
    expect(drReport.lines).toHaveLength(total + 1);

    // Nothing matches: the table says so, and so does Export.
    await applyFilters(page, [{ column: 'title', operator: 'equals', value: 'no such PO' }]);
    await page.getByText('No matching results found').waitFor();
    // Only filters are set: Clear Filters helps, Clear Search would clear nothing.
    expect(await page.getByRole('button', { name: 'Clear Search', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'No filtered data to export' }).waitFor();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await page.getByText(`of ${totalAll} entries`).waitFor();
  });

  test('a user who sees no line items: No data available, and Export says No data to export', async () => {
    const adminContext = await openContext(browser);
    await signIn(await adminContext.newPage(), users().admin);
    const email = uniqueEmail('empty-forwarder');
    await addPerson(adminContext, {
      full_name: 'Eve Empty',
      email,
      role: 'Forwarder',
      company_name: 'Empty Quay Freight',
    });

    const page = await (await openContext(browser)).newPage();
    await registerThroughMail(page, email, 'a long password');
    await page.getByRole('heading', { name: 'Line Items Dashboard' }).waitFor();
    await page.getByText('No data available').waitFor();
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'No data to export' }).waitFor();
  });
});

describe('what each role sees', () => {
  test('staff: transit chips, amber rows for POs to review, hidden records marked, rows open the line item', async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await openDashboard(page, users().admin);
    await roleShown(page, 'Admin');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('tab', { name: 'DR Report' }).click();
    await expect.poll(() => table(page).getByRole('columnheader').count()).toBe(DEFAULT_SHOWN_COLUMNS.dr.length + 1);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('tab', { name: 'Default Report' }).click();
    await expect
      .poll(() => table(page).getByRole('columnheader').count())
      .toBe(DEFAULT_SHOWN_COLUMNS.default.length + 1);

    await page.getByLabel('Rows per page').selectOption('500');
    const { lineItems } = await apiList(page, { pageSize: 500 });
    await expect
      .poll(() => shownColumn(page, 'title'), { timeout: 10_000 })
      .toEqual(lineItems.map((lineItem) => lineItem.title));

    const transit = await shownColumn(page, 'transit_type');
    expect(transit).toEqual(
      lineItems.map((lineItem) =>
        ['SEA', 'AIR', 'COU', 'ROA'].includes(lineItem.transit_type) ? lineItem.transit_type : 'N/A',
      ),
    );
    expect(transit).toContain('N/A');

    const backgrounds = await table(page)
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => getComputedStyle(row).backgroundColor));
    const amber = 'rgb(255, 248, 225)';
    expect(backgrounds.map((colour) => colour === amber)).toEqual(
      lineItems.map((lineItem) => lineItem.po_review_required > 10),
    );
    expect(backgrounds).toContain(amber);

    const hidden = lineItems.filter((lineItem) => lineItem.hide_lineitem).length;
    expect(hidden).toBeGreaterThan(0);
    expect(await table(page).getByRole('img', { name: 'Hidden record' }).count()).toBe(hidden);

    // A row opens its line item's own address (/line-item/{PO}?shipment=...) with the row and the rows on screen.
    await table(page).locator('tbody tr').nth(2).locator('td').last().click();
    const third = lineItems[2] as LineItem;
    await page.waitForURL(
      (url) =>
        url.pathname === `/line-item/${encodeURIComponent(third.title)}` &&
        url.searchParams.get('shipment') === third.related_shipment,
    );
    const state = await page.evaluate(
      () =>
        (window.history.state as { usr?: { index: number; subsetData: unknown[]; lineItem: { title: string } } })?.usr,
    );
    expect(state?.index).toBe(2);
    expect(state?.subsetData).toHaveLength(lineItems.length);
    expect(state?.lineItem.title).toBe(lineItems[2]?.title);
  });

  test('an admin may create shipments; an employee sees no New Shipment', async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await openDashboard(page, users().employee);
    await roleShown(page, 'Employee');
    expect(await page.getByRole('link', { name: 'New Shipment' }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page);

    await signOut(page);
    await openDashboard(page, users().admin);
    await page.getByRole('link', { name: 'New Shipment' }).click();
    await page.waitForURL('**/create-shipment');
  });

  test('a forwarder sees only its company’s line items, and no hidden ones', async () => {
    const adminContext = await openContext(browser);
    const adminPage = await adminContext.newPage();
    await signIn(adminPage, users().admin);
    const everyone = await apiList(adminPage, { pageSize: 25 });

    const context = await openContext(browser);
    const page = await context.newPage();
    const forwarder = users().forwarder;
    await openDashboard(page, forwarder);
    await page.getByLabel('Rows per page').selectOption('500');
    const own = await apiList(page, { pageSize: 500 });
    expect(own.total).toBeGreaterThan(0);
    expect(own.total).toBeLessThan(everyone.totalAll);
    await page.getByText(`of ${own.total} entries`).waitFor();
    await expect
      .poll(() => shownColumn(page, 'title'), { timeout: 10_000 })
      .toEqual(own.lineItems.map((lineItem) => lineItem.title));
    expect([...new Set(own.lineItems.map((lineItem) => lineItem.forwarder_name))]).toEqual([forwarder.company]);
    // Its own name on every row would say nothing: the column starts hidden for a forwarder.
    expect(
      await table(page)
        .getByRole('columnheader', { name: /^Forwarder Name/ })
        .count(),
    ).toBe(0);
    expect(await table(page).getByRole('img', { name: 'Hidden record' }).count()).toBe(0);
    await roleShown(page, 'Forwarder');
    await page.getByRole('link', { name: 'New Shipment' }).waitFor();
  });
});
