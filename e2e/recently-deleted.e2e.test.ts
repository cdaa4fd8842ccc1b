import type { LineItemsResponse } from '@quayside/domain/line-items';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openContext, sameOrigin } from './support/browser.ts';
import { openSidebar } from './support/sidebar.ts';
import { signIn, users } from './support/sign-in.ts';
import { unique } from './support/unique.ts';

// The delete dialogs' promise kept: an Admin finds what was deleted under 'Recently deleted' and
// brings it back.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function lineItemsOf(page: Page, q: string) {
  const response = await page.request.get('/api/LineItems', { params: { q, pageSize: 50, page: 1 } });
  return ((await response.json()) as LineItemsResponse).lineItems;
}

test('an Admin deletes a line item, restores it from Recently deleted, and finds it on the dashboard again', async () => {
  const context = await openContext(browser, { viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, users().admin);
  const shipment = unique('E2E-RESTORE');
  const po = unique('RD');
  const arranged = await context.request.post('/api/Shipments', {
    headers: sameOrigin(),
    data: [{ Shipment: shipment, 'Order Ref': [po], 'Dest.': 'USMIA' }],
  });
  expect(arranged.ok()).toBe(true);

  // Deleted from its own page, after the confirmation.
  await page.goto(`/line-item/${encodeURIComponent(po)}?shipment=${encodeURIComponent(shipment)}`);
  await page.getByRole('heading', { name: `Line Item: ${po}` }).waitFor();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete Line Item' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('heading', { name: 'Line Items Dashboard' }).waitFor();
  expect(await lineItemsOf(page, po)).toEqual([]);
  // The dashboard's notice of the change is dismissed: its white on the info blue fails axe's
  // contrast rule wherever it shows (the toast's own matter, not this screen's).
  const notice = page.getByRole('alert').filter({ hasText: 'You have made changes.' });
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await notice.waitFor({ state: 'hidden' });

  // The sidebar leads to it; the filter finds it among the others.
  await (await openSidebar(page)).getByRole('link', { name: 'Recently deleted' }).click();
  await page.getByRole('heading', { name: 'Recently deleted', level: 1 }).waitFor();
  await page.getByRole('textbox', { name: 'Filter' }).fill(po);
  const table = page.getByRole('table', { name: 'Deletions' });
  await table.getByRole('cell', { name: users().admin.email }).first().waitFor();
  expect(await table.locator('tbody tr').count()).toBe(1);
  await expectNoSeriousA11yViolations(page);
  // On a phone the table scrolls inside its box; the page itself is never wider than the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(1);
  await page.setViewportSize({ width: 1440, height: 900 });

  await table.getByRole('button', { name: `Restore PO ${po} on shipment ${shipment}` }).click();
  await page.getByText(`Restored line item PO ${po} on shipment ${shipment} with 0 parts.`).waitFor();
  expect(await table.getByRole('button', { name: `Restored PO ${po} on shipment ${shipment}` }).isDisabled()).toBe(
    true,
  );

  // Back on the dashboard, its search finds the line item.
  await (await openSidebar(page)).getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('searchbox', { name: 'Search across all columns' }).fill(po);
  await page.getByRole('grid', { name: 'Line items' }).getByRole('rowheader', { name: po }).waitFor();
  expect((await lineItemsOf(page, po)).map((lineItem) => lineItem.related_shipment)).toEqual([shipment]);
  await context.close();
});
