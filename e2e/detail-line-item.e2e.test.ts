import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openContext, sameOrigin } from './support/browser.ts';
import { signIn, users } from './support/sign-in.ts';
import { unique } from './support/unique.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A shipment of this journey's own, so its line items are changed by nobody else. */
async function arrangeShipment(context: BrowserContext, orderRefs: string[]) {
  const shipment = unique('E2E-LI');
  const response = await context.request.post('/api/Shipments', {
    headers: sameOrigin(),
    data: [{ Shipment: shipment, 'Order Ref': orderRefs, 'Dest.': 'USMIA', ATD: '2024-05-03' }],
  });
  if (!response.ok()) throw new Error(`arranging ${shipment} failed: ${response.status()} ${await response.text()}`);
  return shipment;
}

async function lineItemsOf(page: Page, po: string) {
  const answer = await page.request.get(`/api/LineItems?po=${encodeURIComponent(po)}`);
  return ((await answer.json()) as { lineItems: { title: string; related_shipment: string }[] }).lineItems;
}

test('an admin opens a line item by PO, cancels an edit, saves a new PO #, pages the shipment’s list and deletes one', async () => {
  const context = await openContext(browser);
  const page = await context.newPage();
  await signIn(page, users().admin);
  const [first, second, third] = [unique('LI-A'), unique('LI-B'), unique('LI-C')] as [string, string, string];
  const shipment = await arrangeShipment(context, [first, second, third]);

  // Opened directly, the id is a PO number.
  await page.goto(`/line-item/${first}`);
  await page.getByRole('heading', { name: `Line Item: ${first}` }).waitFor();
  await page.getByText('1 of 1').waitFor();
  await page.getByRole('link', { name: `Shipment ${shipment}` }).waitFor(); // the shipment chip
  await page.getByRole('tab', { name: 'Container Details' }).click();
  await page.getByText('0.00 M3').waitFor();
  await page.getByRole('tab', { name: 'Dates' }).click();
  await page.getByRole('tabpanel', { name: 'Dates' }).getByText('2024-05-03').waitFor();
  await expectNoSeriousA11yViolations(page);

  // Cancel restores.
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByText('You can edit the PO # field').waitFor();
  await page.getByRole('textbox', { name: 'PO #' }).fill('SHOULD-NOT-STICK');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('heading', { name: `Line Item: ${first}` }).waitFor();
  expect(await page.getByText('SHOULD-NOT-STICK').count()).toBe(0);

  // Save posts the new PO number and leaves edit mode.
  const renamed = `${first}-X`;
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'PO #' }).fill(renamed);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('heading', { name: `Line Item: ${renamed}` }).waitFor();
  await page.getByRole('button', { name: 'Edit' }).waitFor();
  expect(new URL(page.url()).pathname).toBe(`/line-item/${renamed}`);
  expect((await lineItemsOf(page, renamed)).map((lineItem) => lineItem.related_shipment)).toEqual([shipment]);
  expect(await lineItemsOf(page, first)).toEqual([]);

  // To the shipment, which knows the visit came from a line item, and back through its list.
  await page.getByRole('link', { name: `Shipment ${shipment}` }).click();
  await page.getByRole('heading', { name: `Shipment: ${shipment}` }).waitFor();
  await page.getByRole('button', { name: 'From Line Item' }).waitFor();
  await page.getByRole('tab', { name: 'Line Items & Parts' }).click();
  await page.getByRole('button', { name: `View details of ${second}` }).click();
  await page.getByRole('heading', { name: `Line Item: ${second}` }).waitFor();
  await page.getByText('2 of 3').waitFor();
  await page.getByRole('button', { name: 'Next line item' }).click();
  await page.getByRole('heading', { name: `Line Item: ${third}` }).waitFor();
  await page.getByText('3 of 3').waitFor();
  expect(await page.getByRole('button', { name: 'Next line item' }).isDisabled()).toBe(true);
  await page.getByRole('button', { name: 'Previous line item' }).click();
  await page.getByRole('button', { name: 'Previous line item' }).click();
  await page.getByRole('heading', { name: `Line Item: ${renamed}` }).waitFor(); // the list holds the saved PO
  await page.getByText('1 of 3').waitFor();

  // Delete asks first, then returns to the shipment the visit came from.
  await page.getByRole('button', { name: 'Next line item' }).click();
  await page.getByRole('heading', { name: `Line Item: ${second}` }).waitFor();
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Line Item' });
  await confirm
    .getByText(
      `Are you sure you want to delete line item "${second}"? This action cannot be undone and will also remove all associated parts.`,
    )
    .waitFor();
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('heading', { name: `Shipment: ${shipment}` }).waitFor();
  expect(await lineItemsOf(page, second)).toEqual([]);
});

test('a PO number the shipment already has is refused with the spec’s message and the reason', async () => {
  const context = await openContext(browser);
  const page = await context.newPage();
  await signIn(page, users().admin);
  const [first, second] = [unique('LI-D'), unique('LI-E')] as [string, string];
  await arrangeShipment(context, [first, second]);

  await page.goto(`/line-item/${first}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'PO #' }).fill(second);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('alert').filter({ hasText: 'Failed to update line item. Please try again.' }).waitFor();
  await page.getByRole('button', { name: 'Save' }).waitFor(); // still editing
});

test('an unknown PO number says the line item is not found, with a way back', async () => {
  const page = await (await openContext(browser)).newPage();
  await signIn(page, users().admin);
  await page.goto('/line-item/NO-SUCH-PO-ANYWHERE');
  await page.getByText('Line item not found not find due to missing PO number').waitFor();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Back to Dashboard' }).click();
  await page.waitForURL((url) => url.pathname === '/');
});

test('an employee reads a line item with no edit control, and the API refuses its writes', async () => {
  const adminContext = await openContext(browser);
  const admin = await adminContext.newPage();
  await signIn(admin, users().admin);
  const po = unique('LI-F');
  const shipment = await arrangeShipment(adminContext, [po]);

  const page = await (await openContext(browser)).newPage();
  await signIn(page, users().employee);
  await page.goto(`/line-item/${po}`);
  await page.getByRole('heading', { name: `Line Item: ${po}` }).waitFor();
  expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
  expect(await page.getByRole('checkbox', { name: 'Hide record' }).isDisabled()).toBe(true);
  await page.getByRole('tab', { name: 'Documents' }).click();
  await page.getByRole('table', { name: 'Documents' }).waitFor();
  expect(await page.getByRole('button', { name: 'Add Documents' }).count()).toBe(0);
  await expectNoSeriousA11yViolations(page);

  const update = await page.request.post(`/api/LineItems?shipment=${shipment}&po=${po}`, {
    headers: sameOrigin(),
    data: { title: 'X' },
  });
  expect(update.status()).toBe(403);
  const remove = await page.request.post('/api/LineItems/delete', {
    headers: sameOrigin(),
    data: { title: po, related_shipment: shipment },
  });
  expect(remove.status()).toBe(403);
});

test("'Valid PO #' shows to staff for a long PO number, and neither switch shows to a forwarder", async () => {
  const forwarderContext = await openContext(browser);
  const forwarder = await forwarderContext.newPage();
  await signIn(forwarder, users().forwarder);
  const longPo = unique('LONG-PO-NUMBER'); // over 10 characters: flagged for review
  await arrangeShipment(forwarderContext, [longPo]);

  await forwarder.goto(`/line-item/${longPo}`);
  await forwarder.getByRole('heading', { name: `Line Item: ${longPo}` }).waitFor();
  await forwarder.getByRole('button', { name: 'Edit' }).waitFor(); // a forwarder edits its own line items
  expect(await forwarder.getByRole('checkbox', { name: 'Valid PO #' }).count()).toBe(0);
  expect(await forwarder.getByRole('checkbox', { name: 'Hide record' }).count()).toBe(0);

  const admin = await (await openContext(browser)).newPage();
  await signIn(admin, users().admin);
  await admin.goto(`/line-item/${longPo}`);
  const validPo = admin.getByRole('checkbox', { name: 'Valid PO #' });
  await validPo.waitFor();
  expect(await validPo.isDisabled()).toBe(true); // only in edit mode
  await admin.getByRole('button', { name: 'Edit' }).click();
  await validPo.check();
  await admin.getByRole('button', { name: 'Save' }).click();
  await admin.getByRole('button', { name: 'Edit' }).waitFor();
  expect(await validPo.isChecked()).toBe(true);
});

test('a line item opened from the dashboard pages through the rows shown, and its new PO # shows on the dashboard', async () => {
  const context = await openContext(browser);
  const page = await context.newPage();
  await signIn(page, users().admin);
  const prefix = unique('DASH');
  const [first, second, third] = [`${prefix}-1`, `${prefix}-2`, `${prefix}-3`];
  await arrangeShipment(context, [first, second, third]);

  await page.getByRole('heading', { name: 'Line Items Dashboard' }).waitFor();
  const table = page.getByRole('grid', { name: 'Line items' });
  await page.getByLabel('Search across all columns').fill(prefix);
  await table.getByRole('rowheader', { name: third }).waitFor();
  await table.getByRole('rowheader', { name: second }).click();

  await page.getByRole('heading', { name: `Line Item: ${second}` }).waitFor();
  // The line item's own address (one a colleague can open), with the rows shown passed along for paging.
  expect(new URL(page.url()).pathname).toBe(`/line-item/${second}`);
  await page.getByText('2 of 3').waitFor();
  await page.getByRole('button', { name: 'Previous line item' }).click();
  await page.getByRole('heading', { name: `Line Item: ${first}` }).waitFor();
  await page.getByText('1 of 3').waitFor();
  expect(new URL(page.url()).pathname).toBe(`/line-item/${first}`);
  await page.getByRole('button', { name: 'Next line item' }).click();
  await page.getByRole('button', { name: 'Next line item' }).click();
  await page.getByRole('heading', { name: `Line Item: ${third}` }).waitFor();
  await page.getByText('3 of 3').waitFor();

  const renamed = `${third}-RENAMED`;
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'PO #' }).fill(renamed);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('heading', { name: `Line Item: ${renamed}` }).waitFor();

  // Back on the dashboard the saved PO number is listed.
  await page.goBack();
  await page.getByRole('heading', { name: 'Line Items Dashboard' }).waitFor();
  await page.getByLabel('Search across all columns').fill(renamed);
  await table.getByRole('rowheader', { name: renamed }).waitFor();
});
