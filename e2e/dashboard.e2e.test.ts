import type { Filter, SortRule } from '@quayside/domain/line-item-query';
import type { LineItemRowsResponse } from '@quayside/domain/line-item-rows';
import { COUNT_LIMIT, type LineItem, type LineItemsResponse } from '@quayside/domain/line-items';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openContext } from './support/browser.ts';
import { signIn, users } from './support/sign-in.ts';

// The dashboard's search, filters, sorting and paging on the demo data: what the table shows must
// be exactly what GET /api/LineItems answers for the same query.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type ListQuery = {
  q?: string;
  filters?: Filter[];
  logic?: 'AND' | 'OR';
  sort?: SortRule[];
  page?: number;
  pageSize?: number;
};

/** The API's answer to the query the journey expects the screen to be showing. */
async function apiList(page: Page, query: ListQuery = {}): Promise<LineItemsResponse> {
  const params: Record<string, string | number> = { page: query.page ?? 1, pageSize: query.pageSize ?? 50 };
  if (query.q) params.q = query.q;
  if (query.filters) params.filters = JSON.stringify(query.filters);
  if (query.logic) params.logic = query.logic;
  if (query.sort) params.sort = JSON.stringify(query.sort);
  const response = await page.request.get('/api/LineItems', { params });
  expect(response.status()).toBe(200);
  return (await response.json()) as LineItemsResponse;
}

/** Every line item the signed-in user sees. */
async function allLineItems(page: Page): Promise<LineItem[]> {
  const rows: LineItem[] = [];
  for (let number = 1; ; number += 1) {
    const answer = await apiList(page, { page: number, pageSize: 500 });
    rows.push(...answer.lineItems);
    if (rows.length >= answer.total) return rows;
  }
}

const table = (page: Page) => page.getByRole('grid', { name: 'Line items' });

/** The PO numbers of the rows on screen, top to bottom. */
function shownTitles(page: Page): Promise<string[]> {
  return table(page)
    .locator('tbody tr')
    .evaluateAll((rows) => rows.flatMap((row) => row.querySelector('th')?.innerText.trim() ?? []));
}

/** Waits until the table shows exactly the API's page for `query`, with its count; returns that answer. */
async function expectTableToShow(page: Page, query: ListQuery): Promise<LineItemsResponse> {
  const expected = await apiList(page, query);
  await expect
    .poll(() => shownTitles(page), { timeout: 10_000 })
    .toEqual(expected.lineItems.map((lineItem) => lineItem.title));
  const first = expected.total === 0 ? 0 : ((query.page ?? 1) - 1) * (query.pageSize ?? 50) + 1;
  const last = first === 0 ? 0 : first + expected.lineItems.length - 1;
  await page.getByText(`Showing ${first} - ${last} of ${expected.total} entries`).waitFor();
  return expected;
}

async function openDashboard(page: Page) {
  await signIn(page, users().admin);
  await page.getByRole('heading', { name: 'Line Items Dashboard' }).waitFor();
  await table(page).waitFor();
}

/** Sets the filters through the 'Filter Data' panel, as a person would, and applies them. */
async function applyFilters(page: Page, filters: Filter[], logic: 'AND' | 'OR' = 'AND') {
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Filter Data' });
  await panel.getByRole('button', { name: 'Clear All' }).click();
  for (const [index, filter] of filters.entries()) {
    await panel.getByRole('button', { name: 'Add Filter' }).click();
    const row = panel.getByRole('group', { name: `Filter ${index + 1}` });
    // A new row is the first column, contains, and no value (SPEC.md §2).
    expect(await row.getByLabel('Column').inputValue()).toBe('title');
    expect(await row.getByLabel('Operator').inputValue()).toBe('contains');
    expect(await row.getByLabel('Value').inputValue()).toBe('');
    await row.getByLabel('Column').selectOption(filter.column);
    await row.getByLabel('Operator').selectOption(filter.operator);
    if (filter.operator === 'isEmpty' || filter.operator === 'isNotEmpty') {
      expect(await row.getByLabel('Value').count()).toBe(0);
    } else {
      await row.getByLabel('Value').fill(filter.value);
    }
  }
  await panel.getByRole('button', { name: logic, exact: true }).click();
  await panel.getByRole('button', { name: 'Apply Filters' }).click();
  await panel.waitFor({ state: 'hidden' });
}

describe('filters', () => {
  test('every operator, a date, isEmpty without a value, AND versus OR: the rows are the API’s', async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await openDashboard(page);
    const everything = await allLineItems(page);
    // A date in the middle of the arrivals, so lessThan keeps some rows and drops others.
    const etas = everything.flatMap((lineItem) => lineItem.dest_eta?.slice(0, 10) ?? []).sort();
    const middleEta = etas[Math.floor(etas.length / 2)] ?? '2025-01-01';

    const byOperator: Filter[] = [
      { column: 'forwarder_name', operator: 'contains', value: 'anchor' },
      { column: 'transit_type', operator: 'equals', value: 'air' },
      { column: 'transit_type', operator: 'isNot', value: 'SEA' },
      { column: 'title', operator: 'startsWith', value: '45' },
      { column: 'related_shipment', operator: 'endsWith', value: '7' },
      { column: 'total_qty', operator: 'greaterThan', value: '1000' },
      { column: 'dest_eta', operator: 'lessThan', value: middleEta },
      { column: 'ata', operator: 'isEmpty', value: '' },
      { column: 'master', operator: 'isNotEmpty', value: '' },
    ];
    for (const filter of byOperator) {
      await applyFilters(page, [filter]);
      await page.getByText('Filters: 1 active').waitFor();
      const answer = await expectTableToShow(page, { filters: [filter] });
      // Each filter must narrow the list without emptying it, or the comparison proves little.
      expect(answer.total, JSON.stringify(filter)).toBeGreaterThan(0);
      expect(answer.total, JSON.stringify(filter)).toBeLessThan(answer.totalAll);
      await page.getByText(`(filtered from ${answer.totalAll} total entries)`).waitFor();
    }

    const pair: Filter[] = [
      { column: 'transit_type', operator: 'equals', value: 'AIR' },
      { column: 'forwarder_name', operator: 'contains', value: 'Kestrel' },
    ];
    await applyFilters(page, pair, 'AND');
    await page.getByText('Filters: 2 active').waitFor();
    const all = await expectTableToShow(page, { filters: pair, logic: 'AND' });
    await page.getByText('Filtered by Transit Type equals "AIR" AND Forwarder Name contains "Kestrel"').waitFor();
    await applyFilters(page, pair, 'OR');
    const any = await expectTableToShow(page, { filters: pair, logic: 'OR' });
    expect(any.total).toBeGreaterThan(all.total);
    await page.getByText('Filtered by Transit Type equals "AIR" OR Forwarder Name contains "Kestrel"').waitFor();

    // The chip's delete clears them all.
    await page.getByRole('button', { name: 'Filters: 2 active' }).press('Delete');
    await expectTableToShow(page, {});
    expect(await page.getByText(/^Filters: \d+ active$/).count()).toBe(0);
  });

  test('the panel is 600 px wide, date columns take a date, and it passes axe', async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await openDashboard(page);
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Filter Data' });
    // Measured once its opening animation (a scale) has finished.
    await expect.poll(async () => (await panel.boundingBox())?.width, { timeout: 5_000 }).toBe(600);
    const row = panel.getByRole('group', { name: 'Filter 1' });
    await row.getByLabel('Column').selectOption('atd');
    expect(await row.getByLabel('Value').getAttribute('type')).toBe('date');
    await row.getByLabel('Operator').selectOption('isNotEmpty');
    await row.getByText('No value needed').waitFor();
    await expectNoSeriousA11yViolations(page);

    // Clicking outside closes it, and nothing was applied.
    await page.mouse.click(5, 5);
    await panel.waitFor({ state: 'hidden' });
    expect(await page.getByText(/^Filters: \d+ active$/).count()).toBe(0);
  });
});

test('sorting: each header cycles ascending, descending, removed; ranks renumber; dest_eta descending by default', async () => {
  const context = await openContext(browser);
  const page = await context.newPage();
  await openDashboard(page);
  const header = (name: RegExp) => table(page).getByRole('button', { name });
  const transit = header(/^Transit Type/);
  const po = header(/^PO #/);

  await page.getByRole('button', { name: 'Dest. ETA, sorted descending, rank 1 (default)' }).waitFor();
  await expectTableToShow(page, {});

  await transit.click();
  await page.getByRole('button', { name: 'Transit Type, sorted ascending, rank 1' }).waitFor();
  await expectTableToShow(page, { sort: [{ key: 'transit_type', direction: 'asc' }] });
  // Choosing a sort replaces the default one.
  await page.getByRole('button', { name: 'Dest. ETA', exact: true }).waitFor();

  await po.click();
  await page.getByRole('button', { name: 'PO #, sorted ascending, rank 2' }).waitFor();
  // The rank is visible on the header itself.
  expect(await table(page).getByRole('columnheader', { name: /^PO #/ }).innerText()).toContain('2');
  expect(
    await table(page)
      .getByRole('columnheader', { name: /^Transit Type/ })
      .innerText(),
  ).toContain('1');
  await expectTableToShow(page, {
    sort: [
      { key: 'transit_type', direction: 'asc' },
      { key: 'title', direction: 'asc' },
    ],
  });
  await page.getByText('Sorted by Transit Type (ascending), then PO # (ascending)').waitFor();

  await transit.click();
  await page.getByRole('button', { name: 'Transit Type, sorted descending, rank 1' }).waitFor();
  await expectTableToShow(page, {
    sort: [
      { key: 'transit_type', direction: 'desc' },
      { key: 'title', direction: 'asc' },
    ],
  });

  await transit.click();
  // Removed; PO # moves up to rank 1.
  await page.getByRole('button', { name: 'Transit Type', exact: true }).waitFor();
  await page.getByRole('button', { name: 'PO #, sorted ascending, rank 1' }).waitFor();
  await expectTableToShow(page, { sort: [{ key: 'title', direction: 'asc' }] });

  await po.click();
  await page.getByRole('button', { name: 'PO #, sorted descending, rank 1' }).waitFor();
  await expectTableToShow(page, { sort: [{ key: 'title', direction: 'desc' }] });
  await po.click();
  await page.getByRole('button', { name: 'Dest. ETA, sorted descending, rank 1 (default)' }).waitFor();
  await page.getByText('Sorted by Dest. ETA (descending, default)').waitFor();
  await expectTableToShow(page, {});
});

test('paging: First, Previous, five numbered pages, Next, Last; a new page size goes to page 1', async () => {
  const context = await openContext(browser);
  const page = await context.newPage();
  await openDashboard(page);
  const { total } = await expectTableToShow(page, {});
  const pageCount = Math.ceil(total / 50);
  expect(pageCount).toBeGreaterThan(5);
  const pages = page.getByRole('navigation', { name: 'Pages' });
  const numbered = () =>
    pages.getByRole('button', { name: /^Page \d+$/ }).evaluateAll((buttons) => buttons.map((b) => b.textContent));

  await page.getByText(`Page 1 of ${pageCount}`).waitFor();
  expect(await numbered()).toEqual(['1', '2', '3', '4', '5']);
  expect(await pages.getByRole('button', { name: 'First' }).isDisabled()).toBe(true);
  expect(await pages.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);

  await pages.getByRole('button', { name: 'Next' }).click();
  await page.getByText(`Page 2 of ${pageCount}`).waitFor();
  await expectTableToShow(page, { page: 2 });

  await pages.getByRole('button', { name: 'Page 4' }).click();
  await expectTableToShow(page, { page: 4 });
  expect(await numbered()).toEqual(['2', '3', '4', '5', '6']);
  expect(await pages.getByRole('button', { name: 'Page 4' }).getAttribute('aria-current')).toBe('page');

  await pages.getByRole('button', { name: 'Last' }).click();
  await page.getByText(`Page ${pageCount} of ${pageCount}`).waitFor();
  await expectTableToShow(page, { page: pageCount });
  expect(await numbered()).toEqual([pageCount - 4, pageCount - 3, pageCount - 2, pageCount - 1, pageCount].map(String));
  expect(await pages.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

  await pages.getByRole('button', { name: 'Previous' }).click();
  await expectTableToShow(page, { page: pageCount - 1 });
  await pages.getByRole('button', { name: 'First' }).click();
  await expectTableToShow(page, { page: 1 });

  await pages.getByRole('button', { name: 'Page 3' }).click();
  await expectTableToShow(page, { page: 3 });
  await page.getByLabel('Rows per page').selectOption('100');
  await page.getByText(`Page 1 of ${Math.ceil(total / 100)}`).waitFor();
  await expectTableToShow(page, { pageSize: 100 });

  await page.getByLabel('Rows per page').selectOption('25');
  await page.getByText(`Page 1 of ${Math.ceil(total / 25)}`).waitFor();
  await expectTableToShow(page, { pageSize: 25 });

  // Back from a line item, the list is where it was.
  await pages.getByRole('button', { name: 'Next' }).click();
  const second = await expectTableToShow(page, { page: 2, pageSize: 25 });
  await table(page).locator('tbody th').first().click();
  const opened = second.lineItems[0] as LineItem;
  await page.waitForURL(
    (url) =>
      url.pathname === `/line-item/${encodeURIComponent(opened.title)}` &&
      url.searchParams.get('shipment') === opened.related_shipment,
  );
  await page.goBack();
  await page.getByText(`Page 2 of ${Math.ceil(total / 25)}`).waitFor();
  await expectTableToShow(page, { page: 2, pageSize: 25 });
  expect(second.lineItems.length).toBe(25);
});

test('search: a part number finds its line items, debounced; no match offers Clear Search', async () => {
  const context = await openContext(browser);
  const page = await context.newPage();
  await openDashboard(page);
  const everything = await allLineItems(page);
  const partNumber = everything.find((lineItem) => lineItem.part_numbers.length > 0)?.part_numbers[0];
  if (!partNumber) throw new Error('the demo data has no parts');

  const searches: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/LineItems/rows') searches.push(url.searchParams.get('q') ?? '');
  });
  const box = page.getByRole('searchbox', { name: 'Search across all columns' });
  expect(await box.getAttribute('placeholder')).toBe('Search across all columns...');
  await box.pressSequentially(partNumber, { delay: 30 });
  await page.getByText(`Search: ${partNumber}`).waitFor();
  const found = await expectTableToShow(page, { q: partNumber });
  expect(found.total).toBeGreaterThan(0);
  expect(found.lineItems.every((lineItem) => lineItem.part_numbers.join(', ').includes(partNumber))).toBe(true);
  // Typed letter by letter, asked once: no request went out for a part of the text.
  expect(searches.filter((q) => q !== '' && q !== partNumber)).toEqual([]);
  // Few rows, one page: no page buttons.
  expect(await page.getByRole('navigation', { name: 'Pages' }).count()).toBe(0);

  await box.fill('no such line item anywhere');
  await page.getByText('No matching results found').waitFor();
  await page.getByText('Search: no such line item anywhere').waitFor();
  await page.getByRole('button', { name: 'Clear Search', exact: true }).click();
  await expectTableToShow(page, {});
  expect(await box.inputValue()).toBe('');
  expect(await page.getByText(/^Search: /).count()).toBe(0);

  // The box's own clear button.
  await box.fill(partNumber);
  await expectTableToShow(page, { q: partNumber });
  await page.getByRole('button', { name: 'Clear search', exact: true }).click();
  await expectTableToShow(page, {});
});

test('past COUNT_LIMIT matches: the rows first, "about" the estimate, then the exact count, asked once', async () => {
  const context = await openContext(browser);
  const page = await context.newPage();
  await openDashboard(page);
  const search = 'Kestrel';
  const everyMatch = await apiList(page, { q: search });
  const pageCount = Math.ceil(everyMatch.total / 50);
  expect(pageCount).toBeGreaterThan(1);

  // The demo data holds fewer line items than COUNT_LIMIT. This search's page answers are marked as
  // the server marks them past the limit (a lower bound, totalExact false, and its sample's
  // estimate); their rows, and the exact count, are the server's. The count is held back until the
  // rows have been checked.
  const estimate = 1200;
  await page.route(
    (url) => url.pathname === '/api/LineItems/rows' && url.searchParams.get('q') === search,
    async (route) => {
      const response = await route.fetch();
      const answer = (await response.json()) as LineItemRowsResponse;
      await route.fulfill({
        response,
        json: { ...answer, total: COUNT_LIMIT + 1, totalExact: false, totalEstimate: estimate },
      });
    },
  );
  const countRequests: URL[] = [];
  let releaseCount = () => {};
  const countHeld = new Promise<void>((resolve) => {
    releaseCount = resolve;
  });
  await page.route(
    (url) => url.pathname === '/api/LineItems/count',
    async (route) => {
      countRequests.push(new URL(route.request().url()));
      await countHeld;
      await route.continue();
    },
  );

  await page.getByRole('searchbox', { name: 'Search across all columns' }).fill(search);
  await page.getByText(`Search: ${search}`).waitFor();
  await page.getByText(`Showing 1 - 50 of about ${estimate} entries`).waitFor();
  expect(await shownTitles(page)).toEqual(everyMatch.lineItems.map((lineItem) => lineItem.title));
  const pages = page.getByRole('navigation', { name: 'Pages' });
  await pages.getByText('Page 1 of …').waitFor();
  expect(await pages.getByRole('button', { name: 'Last' }).isDisabled()).toBe(true);
  expect(await pages.getByRole('button', { name: 'Next' }).isDisabled()).toBe(false);
  // One count, of the search without paging.
  expect(countRequests).toHaveLength(1);
  expect(countRequests[0]?.searchParams.get('q')).toBe(search);
  expect(countRequests[0]?.searchParams.has('page')).toBe(false);
  expect(countRequests[0]?.searchParams.has('pageSize')).toBe(false);

  // Paging on while the count is on its way.
  await pages.getByRole('button', { name: 'Next' }).click();
  const second = await apiList(page, { q: search, page: 2 });
  await expect
    .poll(() => shownTitles(page), { timeout: 10_000 })
    .toEqual(second.lineItems.map((lineItem) => lineItem.title));
  await page.getByText(`Showing 51 - ${50 + second.lineItems.length} of about ${estimate} entries`).waitFor();

  releaseCount();
  await page.getByText(`Showing 51 - ${50 + second.lineItems.length} of ${everyMatch.total} entries`).waitFor();
  await pages.getByText(`Page 2 of ${pageCount}`).waitFor();
  await pages.getByRole('button', { name: 'Last' }).click();
  await expectTableToShow(page, { q: search, page: pageCount });
  await pages.getByText(`Page ${pageCount} of ${pageCount}`).waitFor();
  // Paging through the same search never counted again.
  expect(countRequests).toHaveLength(1);
});
