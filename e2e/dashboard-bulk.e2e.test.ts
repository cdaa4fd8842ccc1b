import { readFile } from 'node:fs/promises';
import type { LineItemsResponse } from '@quayside/domain/line-items';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openContext, sameOrigin } from './support/browser.ts';
import { signIn, users } from './support/sign-in.ts';
import { unique } from './support/unique.ts';

// Acting on many rows — tick, Shift-click a range, 'all N matching'; export, hide, delete
// with one confirmation; each role offered only what the server allows.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const grid = (page: Page) => page.getByRole('grid', { name: 'Line items' });
async function arrangeShipment(context: BrowserContext, orderRefs: string[]) {
  const shipment = unique('E2E-BULK');
  const response = await context.request.post('/api/Shipments', {
    headers: sameOrigin(),
    data: [{ Shipment: shipment, 'Order Ref': orderRefs, 'Dest.': 'USMIA' }],
  });
  if (!response.ok()) throw new Error(`arranging ${shipment} failed: ${response.status()} ${await response.text()}`);
  return shipment;
}

async function matching(page: Page, q: string) {
  const response = await page.request.get('/api/LineItems', { params: { q, pageSize: 50, page: 1 } });
  return ((await response.json()) as LineItemsResponse).lineItems;
}

const tick = (page: Page, po: string, shift = false) =>
  grid(page)
    .getByRole('checkbox', { name: new RegExp(`^Select PO ${po} on`) })
    .click(shift ? { modifiers: ['Shift'] } : {});

test('an admin ticks a range, hides and exports it, then deletes all matching after one confirmation', async () => {
  const context = await openContext(browser, { viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, users().admin);
  const prefix = unique('BULK');
  const pos = [1, 2, 3, 4].map((n) => `${prefix}-${n}`);
  await arrangeShipment(context, pos);

  await page.goto(`/?q=${prefix}&sort=${encodeURIComponent(JSON.stringify([{ key: 'title', direction: 'asc' }]))}`);
  await grid(page).getByRole('rowheader', { name: pos[3] }).waitFor();

  // A click on the first, a Shift-click on the third: the three rows between.
  await tick(page, pos[0] as string);
  await tick(page, pos[2] as string, true);
  const bar = page.getByRole('region', { name: 'Selected line items' });
  await bar.getByText('3 selected').waitFor();
  await expectNoSeriousA11yViolations(page);

  await bar.getByRole('button', { name: 'Hide', exact: true }).click();
  await page.getByText('Hidden: 3 line items.').waitFor();
  await expect
    .poll(async () =>
      (await matching(page, prefix))
        .filter((row) => row.hide_lineitem)
        .map((row) => row.title)
        .sort(),
    )
    .toEqual(pos.slice(0, 3));
  await expect.poll(() => grid(page).getByRole('img', { name: 'Hidden record' }).count()).toBe(3);

  // Export the ticked rows: exactly those, with the report's header.
  await tick(page, pos[1] as string);
  await tick(page, pos[3] as string);
  await bar.getByText('2 selected').waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    bar.getByRole('button', { name: 'Export selected' }).click(),
  ]);
  const lines = (await readFile((await download.path()) ?? '', 'utf8')).trim().split(/\r?\n/);
  expect(lines).toHaveLength(3);
  expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([`"${pos[1]}"`, `"${pos[3]}"`]);

  // The page's box, then every match (here the page is all of them, so the step is not offered).
  await grid(page).getByRole('checkbox', { name: 'Select the rows of this page' }).click();
  await bar.getByText('4 selected').waitFor();
  await bar.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete 4 line items?' });
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByText('Deleted: 4 line items.').waitFor();
  await expect.poll(async () => (await matching(page, prefix)).length).toBe(0);

  // Each is restorable, as every delete is.
  const deletions = await page.request.get('/api/Deletions');
  const text = await deletions.text();
  for (const po of pos) expect(text).toContain(po);
});

test("'all N matching' acts on every match without their ids; an Employee may only export, a Forwarder not hide", async () => {
  const context = await openContext(browser, { viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, users().admin);
  const prefix = unique('ALL');
  const pos = Array.from({ length: 30 }, (_, n) => `${prefix}-${String(n).padStart(2, '0')}`);
  await arrangeShipment(context, pos);

  await page.goto(`/?q=${prefix}&pageSize=25`);
  await grid(page).getByRole('checkbox', { name: 'Select the rows of this page' }).click();
  const bar = page.getByRole('region', { name: 'Selected line items' });
  await bar.getByText('25 selected').waitFor();
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/LineItems/bulk')) requests.push(request.postData() ?? '');
  });
  await bar.getByRole('button', { name: 'Select all 30 matching' }).click();
  await bar.getByText('All 30 matching selected').waitFor();
  await bar.getByRole('button', { name: 'Valid PO #' }).click();
  await page.getByText("Marked 'Valid PO #': 30 line items.").waitFor();
  const sent = JSON.parse(requests[0] ?? '{}') as {
    selection: { ids?: unknown; query?: { q?: string }; expected?: number };
  };
  expect(sent.selection).toMatchObject({ query: { q: prefix }, expected: 30 });
  expect(sent.selection.ids).toBeUndefined();
  // The selection is spent: the bar goes.
  await bar.waitFor({ state: 'hidden' });

  const employee = await (await openContext(browser)).newPage();
  await signIn(employee, users().employee);
  await employee.goto(`/?q=${prefix}`);
  await tick(employee, pos[0] as string);
  const employeeBar = employee.getByRole('region', { name: 'Selected line items' });
  await employeeBar.getByRole('button', { name: 'Export selected' }).waitFor();
  for (const name of ['Hide', 'Unhide', 'Valid PO #', 'Delete'])
    expect(await employeeBar.getByRole('button', { name, exact: true }).count()).toBe(0);

  const forwarder = await (await openContext(browser)).newPage();
  await signIn(forwarder, users().forwarder);
  await grid(forwarder).locator('tbody tr').first().getByRole('checkbox').click();
  const forwarderBar = forwarder.getByRole('region', { name: 'Selected line items' });
  await forwarderBar.getByRole('button', { name: 'Delete', exact: true }).waitFor();
  for (const name of ['Hide', 'Unhide', 'Valid PO #'])
    expect(await forwarderBar.getByRole('button', { name, exact: true }).count()).toBe(0);
});
