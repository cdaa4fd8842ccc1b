import type { LineItemsResponse } from '@quayside/domain/line-items';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openContext } from './support/browser.ts';
import { expectFocusRingsAlongTab } from './support/focus-ring.ts';
import { signIn, users } from './support/sign-in.ts';

// The bar for every screen: at a desktop's 1440 px and a phone's 375 px, axe finds nothing
// serious or critical, and nothing is wider than the screen (a table may scroll inside its box).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Each screen: its address (given a line item to open) and a heading that says it has drawn. */
const SIGNED_IN_SCREENS: {
  path: (lineItem: { title: string; related_shipment: string }) => string;
  heading: RegExp;
}[] = [
  { path: () => '/', heading: /^Line Items Dashboard$/ },
  {
    path: (lineItem) =>
      `/line-item/${encodeURIComponent(lineItem.title)}?shipment=${encodeURIComponent(lineItem.related_shipment)}`,
    heading: /^Line Item: /,
  },
  { path: (lineItem) => `/shipment-details/${encodeURIComponent(lineItem.related_shipment)}`, heading: /^Shipment: / },
  { path: () => '/create-shipment', heading: /^Create Shipment$/ },
  { path: () => '/purchase-orders', heading: /^Purchase Orders$/ },
  { path: () => '/bookings', heading: /^Bookings$/ },
  // The demo's line items have their POs (seed-demo); without one the page says it is not found.
  { path: (lineItem) => `/purchase-orders/${encodeURIComponent(lineItem.title)}`, heading: /^Purchase order/ },
  { path: () => '/analytics', heading: /^Analytics$/ },
  { path: () => '/user-management', heading: /^User Management$/ },
  { path: () => '/suppliers', heading: /^Suppliers$/ },
  { path: () => '/import', heading: /^Import$/ },
  { path: () => '/reports', heading: /^Recent Documents/ },
  { path: () => '/alerts', heading: /^Alerts$/ },
  { path: () => '/webhooks', heading: /^Webhooks$/ },
  { path: () => '/exception-rules', heading: /^Exception rules$/ },
  { path: () => '/recently-deleted', heading: /^Recently deleted$/ },
];

/**
 * What makes the page wider than the screen, or null: the first element past the right edge that
 * no scrolling box holds (a table scrolling in its own box is fine).
 */
const overflowOf = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width + 1) return null;
    // A box clips what it contains, but an absolute element only from its positioned ancestor up.
    const isHeld = (element: Element) => {
      let isAbsolute = getComputedStyle(element).position === 'absolute';
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (isAbsolute && style.position === 'static') continue;
        isAbsolute = false;
        if (/auto|scroll|hidden|clip/.test(style.overflowX)) return true;
      }
      return false;
    };
    const culprit = [...document.querySelectorAll('body *')].find(
      (element) => element.getBoundingClientRect().right > width + 1 && !isHeld(element),
    );
    return `${document.documentElement.scrollWidth} px wide: ${culprit?.outerHTML.slice(0, 200) ?? 'unknown'}`;
  });

/** An Admin signed in at `width`, and a line item of the demo data for the screens that show one. */
async function signedInAdmin(width: number) {
  const page = await (await openContext(browser, { viewport: { width, height: 900 } })).newPage();
  await signIn(page, users().admin);
  const answer = await page.request.get('/api/LineItems', { params: { page: 1, pageSize: 25 } });
  const [lineItem] = ((await answer.json()) as LineItemsResponse).lineItems;
  if (!lineItem) throw new Error('the demo data has no line items');
  return { page, lineItem };
}

describe.each([1440, 375])('every screen at %i px', (width) => {
  test('signed in as an Admin: no serious or critical axe finding, nothing wider than the screen', async () => {
    const { page, lineItem } = await signedInAdmin(width);
    for (const screen of SIGNED_IN_SCREENS) {
      await page.goto(screen.path(lineItem));
      await page.getByRole('heading', { level: 1, name: screen.heading }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await expectNoSeriousA11yViolations(page);
      // Figures still arriving can stretch a page for a moment: it has to settle within the screen.
      await expect
        .poll(async () => [page.url(), await overflowOf(page)], { timeout: 5_000 })
        .toEqual([page.url(), null]);
    }
    // Sixteen screens, axe on each: over a minute alone on a loaded machine.
  }, 180_000);

  test('signed in as an Admin: every control the Tab key reaches shows a ring of 2 px at 3:1', async () => {
    const { page, lineItem } = await signedInAdmin(width);
    for (const screen of SIGNED_IN_SCREENS) {
      await page.goto(screen.path(lineItem));
      const heading = page.getByRole('heading', { level: 1, name: screen.heading }).first();
      await heading.waitFor();
      await page.waitForLoadState('networkidle');
      // From the heading on: the screen's own controls, then (past its end) the sidebar's.
      await heading.evaluate((element: HTMLElement) => {
        element.tabIndex = -1;
        element.focus();
      });
      await expectFocusRingsAlongTab(page, 12);
    }
  }, 180_000);

  test('signed out: the sign-in, registration and password screens', async () => {
    const page = await (await openContext(browser, { viewport: { width, height: 900 } })).newPage();
    for (const path of ['/login', '/register', '/reset-password']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expectNoSeriousA11yViolations(page);
      expect([path, await overflowOf(page)]).toEqual([path, null]);
      await expectFocusRingsAlongTab(page, 6);
    }
  });
});

test('the dashboard at 1440 × 900 in compact rows: at least 20 rows at once, in one scroll area with the pager in view', async () => {
  const page = await (await openContext(browser, { viewport: { width: 1440, height: 900 } })).newPage();
  await signIn(page, users().admin);
  const grid = page.getByRole('grid', { name: 'Line items' });
  const rows = grid.locator('tbody tr');
  await rows.nth(20).waitFor();
  const pager = page.getByRole('navigation', { name: 'Pages' });
  /** Rows wholly inside the table's scroll area and the window; the page itself does not scroll. */
  const shownRows = () =>
    grid.evaluate((table) => {
      const area = (table.parentElement as HTMLElement).getBoundingClientRect();
      const bottom = Math.min(area.bottom, window.innerHeight);
      return [...table.querySelectorAll('tbody tr')].filter((row) => {
        const box = row.getBoundingClientRect();
        return box.top >= area.top - 0.5 && box.bottom <= bottom + 0.5;
      }).length;
    });
  expect(await shownRows()).toBeGreaterThanOrEqual(20);
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(900);
  const pagerBox = await pager.boundingBox();
  expect(pagerBox && pagerBox.y + pagerBox.height).toBeLessThanOrEqual(900);

  // Scrolling the rows moves only the rows: the heading and the pager stay where they are.
  const heading = page.getByRole('heading', { level: 1, name: 'Line Items Dashboard' });
  const headingTop = (await heading.boundingBox())?.y;
  await grid.evaluate((table) => (table.parentElement as HTMLElement).scrollBy(0, 10_000));
  expect([(await heading.boundingBox())?.y, (await pager.boundingBox())?.y]).toEqual([headingTop, pagerBox?.y]);
  expect(await rows.last().isVisible()).toBe(true);

  // Comfortable stays a choice in Columns: taller rows, fewer at once.
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('button', { name: 'Comfortable' }).click();
  await page.keyboard.press('Escape');
  await expect.poll(async () => (await rows.first().boundingBox())?.height).toBeGreaterThan(40);
  expect(await shownRows()).toBeLessThan(20);
});

test('after moving to another screen the focus is on its heading, by keyboard or by pointer', async () => {
  const page = await (await openContext(browser, { viewport: { width: 1440, height: 900 } })).newPage();
  await signIn(page, users().admin);
  const grid = page.getByRole('grid', { name: 'Line items' });
  const firstCell = grid.locator('tbody tr').first().locator('th');
  await firstCell.waitFor();
  const focusedHeading = () =>
    page.evaluate(() => (document.activeElement?.tagName === 'H1' ? document.activeElement.textContent : null));

  // A line item opened from the grid with Enter.
  await firstCell.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname.startsWith('/line-item/'));
  await expect.poll(focusedHeading).toMatch(/^Line Item: /);

  // Back on the dashboard, a line item opened with the pointer.
  await page.goBack();
  await expect.poll(focusedHeading).toBe('Line Items Dashboard');
  await grid.locator('tbody tr').nth(1).locator('td').nth(3).click();
  await page.waitForURL((url) => url.pathname.startsWith('/line-item/'));
  await expect.poll(focusedHeading).toMatch(/^Line Item: /);

  // A screen opened from the sidebar's link.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(focusedHeading).toBe('Analytics');
});
