import {
  DEFAULT_OPENING_QUERY,
  FIRST_PAINT_ID,
  FIRST_PAINT_ROWS,
  OPENING_ROWS_COOKIE,
} from '@quayside/domain/first-rows';
import { decodeRows } from '@quayside/domain/line-item-row';
import type { LineItemRowsResponse } from '@quayside/domain/line-item-rows';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, openContext } from './support/browser.ts';
import { openSidebar } from './support/sidebar.ts';
import { signIn, users } from './support/sign-in.ts';

// The dashboard's first rows come inside the page: drawn before any script has run, then taken
// over by the app without asking for them again; the saved view is what the next page draws.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const drawnRows = (page: Page) => page.locator(`#${FIRST_PAINT_ID} table[aria-label="Line items"] tbody tr`);
const appRows = (page: Page) => page.getByRole('grid', { name: 'Line items' }).locator('tbody tr');

/** The PO numbers the drawing shows (its text is drawn from attributes). */
const drawnTitles = (page: Page) =>
  drawnRows(page).evaluateAll((rows) => rows.map((row) => row.querySelector('th')?.getAttribute('data-text') ?? ''));

/** A new page of the signed-in context with the app's scripts refused: what the server's page alone shows. */
async function pageWithoutScripts(context: BrowserContext) {
  const page = await context.newPage();
  await page.route('**/assets/*.js', (route) => route.abort());
  return page;
}

/** The PO numbers of the rows the rows call answers this query, in order (`drawn`: those the drawing shows). */
async function titlesOf(context: BrowserContext, query: string, drawn = false) {
  const response = await context.request.get(`/api/LineItems/rows?${query}`);
  expect(response.ok()).toBe(true);
  const titles = decodeRows((await response.json()) as LineItemRowsResponse).map((row) => row.title);
  return drawn ? titles.slice(0, FIRST_PAINT_ROWS) : titles;
}

/** The rows requests a page makes. */
function rowsRequests(page: Page) {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/LineItems/rows')) requests.push(request.url());
  });
  return requests;
}

describe("the dashboard's first rows in the page", () => {
  test('are drawn before any script runs, and are the first page the rows call answers', async () => {
    const context = await openContext(browser);
    await signIn(await context.newPage(), users().admin);
    const page = await pageWithoutScripts(context);
    await page.goto('/');
    await drawnRows(page).nth(10).waitFor();
    expect(await drawnTitles(page)).toEqual(await titlesOf(context, DEFAULT_OPENING_QUERY, true));
    expect(await page.locator(`#${FIRST_PAINT_ID}`).getAttribute('aria-hidden')).toBe('true');
  });

  test("are drawn where the app's own come: the heading, the tabs, the search and the rows line up at 1440 × 900", async () => {
    const context = await openContext(browser, { viewport: { width: 1440, height: 900 } });
    await signIn(await context.newPage(), users().admin);
    const drawn = await pageWithoutScripts(context);
    await drawn.goto('/');
    await drawnRows(drawn).nth(20).waitFor();
    const app = await context.newPage();
    await app.goto('/');
    await appRows(app).nth(20).waitFor();
    // The drawing keeps the room of the 'Needs attention' chips, which the demo data has.
    await app.getByRole('group', { name: 'Needs attention' }).waitFor();
    /** Where each part is (left, top, height), rounded to the pixel. */
    const boxes = (page: Page, selectors: Record<string, string>) =>
      page.evaluate((chosen) => {
        const box = (selector: string) => {
          const rect = document.querySelector(selector)?.getBoundingClientRect();
          return rect ? [rect.left, rect.top, rect.height].map(Math.round) : null;
        };
        return Object.fromEntries(Object.entries(chosen).map(([part, selector]) => [part, box(selector)]));
      }, selectors);
    const paint = `#${FIRST_PAINT_ID}`;
    expect(
      await boxes(drawn, {
        heading: `${paint} .h1`,
        tab: `${paint} .tab`,
        search: `${paint} .search`,
        header: `${paint} thead tr`,
        firstRow: `${paint} tbody tr`,
        twentiethRow: `${paint} tbody tr:nth-child(20)`,
      }),
    ).toEqual(
      await boxes(app, {
        heading: 'h1',
        tab: '[role="tab"]',
        search: 'main .MuiInputBase-root:has(input[type="search"])',
        header: '[role="grid"] thead tr',
        firstRow: '[role="grid"] tbody tr',
        twentiethRow: '[role="grid"] tbody tr:nth-child(20)',
      }),
    );
  });

  test("are drawn where the app's own come on a phone too: the heading, the tabs, the search and the first card", async () => {
    const context = await openContext(browser, { viewport: { width: 375, height: 667 } });
    await signIn(await context.newPage(), users().admin);
    const drawn = await pageWithoutScripts(context);
    await drawn.goto('/');
    await drawnRows(drawn).first().waitFor();
    const app = await context.newPage();
    await app.goto('/');
    await app.getByRole('list', { name: 'Line items' }).getByRole('listitem').first().waitFor();
    await app.getByRole('group', { name: 'Needs attention' }).waitFor();
    const top = (page: Page, selector: string) =>
      page.evaluate(
        (chosen) => Math.round(document.querySelector(chosen)?.getBoundingClientRect().top ?? -1),
        selector,
      );
    const paint = `#${FIRST_PAINT_ID}`;
    const drawnTops = [
      await top(drawn, `${paint} .h1`),
      await top(drawn, `${paint} .tab`),
      await top(drawn, `${paint} .search`),
      await top(drawn, `${paint} tbody tr`),
    ];
    const appTops = [
      await top(app, 'h1'),
      await top(app, '[role="tab"]'),
      await top(app, 'main .MuiInputBase-root:has(input[type="search"])'),
      await top(app, 'ul[aria-label="Line items"] > li'),
    ];
    expect(drawnTops).toEqual(appTops);
  });

  test('are taken over by the app without asking the server again, and then the drawing is gone', async () => {
    const context = await openContext(browser);
    const signedIn = await context.newPage();
    await signIn(signedIn, users().admin);
    // The signing-in tab's own app has finished asking: on the embedded database, which answers one
    // statement at a time, its start-up questions would otherwise queue before this page's rows and
    // could outlast the page's 250 ms wait for them (the page then rightly goes without).
    await signedIn.waitForLoadState('networkidle');
    const page = await context.newPage();
    const requests = rowsRequests(page);
    await page.goto('/');
    await appRows(page).nth(10).waitFor();
    const titles = await titlesOf(context, DEFAULT_OPENING_QUERY);
    await expect.poll(() => page.locator(`#${FIRST_PAINT_ID}`).count()).toBe(0);
    // Each PO # link (beside it, a PO with a record has a link of its own: an icon, without text).
    const links = await appRows(page).locator('th a').allTextContents();
    expect(links.filter((text) => text !== '')).toEqual(titles);
    // One element per PO number: the drawing's text was never text of the page.
    expect(await page.getByText(titles[0] ?? '', { exact: true }).count()).toBe(1);
    expect(requests).toEqual([]);
  });

  test('follow the saved view: a search kept in this browser is what the next page draws', async () => {
    const context = await openContext(browser);
    const first = await context.newPage();
    await signIn(first, users().admin);
    await appRows(first).first().waitFor();
    await first.getByRole('searchbox', { name: 'Search across all columns' }).fill('QS-00001');
    await first.waitForURL((url) => url.searchParams.get('q') === 'QS-00001');
    await expect.poll(() => appRows(first).first().locator('th').textContent()).toMatch(/\S/);

    const page = await pageWithoutScripts(context);
    await page.goto('/');
    await drawnRows(page).first().waitFor();
    const query = new URLSearchParams(DEFAULT_OPENING_QUERY);
    query.set('q', 'QS-00001');
    expect(await drawnTitles(page)).toEqual(await titlesOf(context, query.toString(), true));
    expect(await page.locator(`#${FIRST_PAINT_ID} .search`).getAttribute('data-text')).toBe('QS-00001');

    const withScripts = await context.newPage();
    const requests = rowsRequests(withScripts);
    await withScripts.goto('/');
    await expect.poll(() => withScripts.locator(`#${FIRST_PAINT_ID}`).count()).toBe(0);
    await expect.poll(() => appRows(withScripts).count()).toBeGreaterThan(0);
    expect(requests).toEqual([]);
  });

  test('are forgotten on signing out: the browser keeps no query of the user', async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await signIn(page, users().forwarder);
    await appRows(page).first().waitFor();
    expect((await context.cookies()).map((cookie) => cookie.name)).toContain(OPENING_ROWS_COOKIE);
    await openSidebar(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain(OPENING_ROWS_COOKIE);
  });

  test("draw a forwarder's table without its own name on every row, as the app then shows it, without asking again", async () => {
    const context = await openContext(browser);
    const first = await context.newPage();
    await signIn(first, users().forwarder);
    // Once the app knows the role, it tells the server what '/' opens on for this forwarder.
    const firstHeaders = first.getByRole('grid', { name: 'Line items' }).getByRole('columnheader');
    await appRows(first).first().waitFor();
    await expect.poll(() => firstHeaders.filter({ hasText: 'Forwarder Name' }).count(), { timeout: 10_000 }).toBe(0);
    const drawn = await pageWithoutScripts(context);
    await drawn.goto('/');
    await drawnRows(drawn).first().waitFor();
    const drawnHeaders = await drawn
      .locator(`#${FIRST_PAINT_ID} thead th span`)
      .evaluateAll((spans) => spans.map((span) => span.getAttribute('data-text') ?? ''));
    expect(drawnHeaders).toContain('PO #');
    expect(drawnHeaders).not.toContain('Forwarder Name');

    const page = await context.newPage();
    const requests = rowsRequests(page);
    await page.goto('/');
    await expect.poll(() => page.locator(`#${FIRST_PAINT_ID}`).count()).toBe(0);
    await appRows(page).first().waitFor();
    const headers = page.getByRole('grid', { name: 'Line items' }).getByRole('columnheader');
    expect(await headers.filter({ hasText: 'Forwarder Name' }).count()).toBe(0);
    expect(requests).toEqual([]);
  });
});
