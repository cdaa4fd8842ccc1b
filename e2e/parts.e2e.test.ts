import type { LineItem, LineItemsResponse } from '@quayside/domain/line-items';
import { confirmDeletePart, PARTS_CHANGED, type PartsResponse } from '@quayside/domain/parts';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openContext, sameOrigin } from './support/browser.ts';
import { signIn, users } from './support/sign-in.ts';

// Parts on the dashboard ('Parts Details' popover, 'Parts Info' dialog) and on the line-item
// detail's Parts tab, against the demo data. Each journey works on its own line item, picked by
// position in PO order, so it does not meet the other files' journeys.

const DATA_CHANGED_NOTICE = 'You have made changes. Refresh to pull updated data.';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A line item the journey can own: visible to staff, with parts that all have a quantity, not on
 * the e2e forwarder's shipments, and the only line item with its PO number (so /line-item/{PO}
 * opens it). `page` picks a different one per journey.
 */
async function pickLineItem(context: BrowserContext, page: number): Promise<LineItem> {
  const response = await context.request.get('/api/LineItems', {
    params: { pageSize: '50', page: String(page), sort: JSON.stringify([{ key: 'title', direction: 'asc' }]) },
  });
  expect(response.status()).toBe(200);
  const { lineItems } = (await response.json()) as LineItemsResponse;
  const titles = lineItems.map((lineItem) => lineItem.title);
  const picked = lineItems.find(
    (lineItem) =>
      lineItem.numberOfParts >= 2 &&
      lineItem.parts.every((part) => part.qty !== null) &&
      !lineItem.hide_lineitem &&
      lineItem.forwarder_name !== users().forwarder.company &&
      titles.indexOf(lineItem.title) === titles.lastIndexOf(lineItem.title),
  );
  if (!picked) throw new Error(`no suitable line item on page ${page} of the demo data`);
  const samePo = await context.request.get('/api/LineItems', { params: { po: picked.title } });
  expect(((await samePo.json()) as LineItemsResponse).lineItems).toHaveLength(1);
  return picked;
}

async function storedParts(context: BrowserContext, lineItem: LineItem) {
  const response = await context.request.get('/api/Parts/getParts', {
    params: { po: lineItem.title, shipment: lineItem.related_shipment },
  });
  return ((await response.json()) as PartsResponse).parts.map(({ part_number, qty }) => ({ part_number, qty }));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The row's cells as words, to find a number in it (the Total Qty column) wherever it is. */
const cellsOf = async (row: Locator) => (await row.innerText()).split(/\s+/);

/** A part added through the API, as another user would. */
async function addPartThroughApi(context: BrowserContext, lineItem: LineItem, partNumber: string) {
  const response = await context.request.post('/api/Parts', {
    headers: sameOrigin(),
    data: {
      part_number: partNumber,
      qty: 1,
      related_po_number: lineItem.title,
      related_shipment: lineItem.related_shipment,
    },
  });
  expect(response.status()).toBe(200);
}

const partsLabel = (count: number, po: string) => `${count} ${count === 1 ? 'part' : 'parts'} on PO ${po}`;
const uniquePart = (label: string) => `E2E-${label}-${Date.now().toString(36).toUpperCase()}`;

/** The dashboard row of this line item, found by searching its PO number. */
async function dashboardRow(page: Page, lineItem: LineItem) {
  await page.getByRole('heading', { name: 'Line Items Dashboard' }).waitFor();
  await page.getByPlaceholder('Search across all columns...').fill(lineItem.title);
  const row = page.getByRole('row').filter({ hasText: lineItem.title }).filter({ hasText: lineItem.related_shipment });
  await row.waitFor();
  return row;
}

describe('dashboard parts', () => {
  test('add a part in the dialog, save -> the count and total update, the refresh notice appears', async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await signIn(page, users().admin);
    const lineItem = await pickLineItem(context, 3);
    const count = lineItem.numberOfParts;
    const row = await dashboardRow(page, lineItem);

    // The count opens the small popover, not the line item.
    await row.getByRole('button', { name: partsLabel(count, lineItem.title) }).click();
    const details = page.getByRole('dialog', { name: 'Parts Details' });
    await details.waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    for (const part of lineItem.parts) {
      const partRow = details.getByRole('row').filter({ hasText: part.part_number });
      expect(await partRow.innerText()).toMatch(new RegExp(`${escapeRegExp(part.part_number)}\\s+${part.qty}\\s+pcs`));
    }
    await details.getByText(`Total Parts: ${count}`).waitFor();
    await details.getByText(`Total Quantity: ${lineItem.total_qty}`).waitFor();
    await expectNoSeriousA11yViolations(page);

    await details.getByRole('button', { name: 'Open Parts Info' }).click();
    const info = page.getByRole('dialog', { name: 'Parts Info' });
    await info.waitFor();
    await details.waitFor({ state: 'detached' });
    await info.getByText(lineItem.title, { exact: true }).waitFor();
    expect(await info.getByRole('button', { name: 'Save Changes' }).count()).toBe(0);

    // The add form: Add stays disabled until both fields hold something after trimming.
    await info.getByRole('button', { name: 'Add Parts' }).click();
    const addButton = info.getByRole('button', { name: 'Add', exact: true });
    const partNumber = uniquePart('DASH');
    await info.getByLabel('Part Number').fill('   ');
    await info.getByLabel('Quantity', { exact: true }).fill('4');
    expect(await addButton.isDisabled()).toBe(true);
    // A quantity below 1 is silently ignored.
    await info.getByLabel('Part Number').fill(`  ${partNumber} `);
    await info.getByLabel('Quantity', { exact: true }).fill('0');
    await addButton.click();
    expect(await info.getByRole('row').filter({ hasText: partNumber }).count()).toBe(0);
    expect(await info.getByRole('button', { name: 'Save Changes' }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page);

    await info.getByLabel('Quantity', { exact: true }).fill('5');
    await addButton.click();
    await info.getByRole('row').filter({ hasText: partNumber }).waitFor();
    expect(await info.getByLabel('Part Number').count()).toBe(0); // the form closed
    await info.getByText(`Total Parts: ${count + 1}`).waitFor();
    await info.getByText(`Total Quantity: ${lineItem.total_qty + 5}`).waitFor();
    await expectNoSeriousA11yViolations(page);

    await info.getByRole('button', { name: 'Save Changes' }).click();
    await info.getByRole('button', { name: 'Save Changes' }).waitFor({ state: 'detached' });
    await info.getByText('Part changes saved.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await info.getByRole('button', { name: 'Close' }).click();
    await info.waitFor({ state: 'detached' });

    // The row follows: the count, the total and the part numbers; the notice offers a refresh.
    await row.getByRole('button', { name: partsLabel(count + 1, lineItem.title) }).waitFor();
    await expect.poll(() => cellsOf(row)).toContain(String(lineItem.total_qty + 5));
    await page.getByText(DATA_CHANGED_NOTICE).waitFor();
    await page.getByRole('button', { name: 'Refresh' }).waitFor();
    expect(await storedParts(context, lineItem)).toEqual([...lineItem.parts, { part_number: partNumber, qty: 5 }]);
  });

  test('an edited quantity is saved; closing the dialog discards changes; a failed save stays changed', async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await signIn(page, users().admin);
    const lineItem = await pickLineItem(context, 4);
    const [first] = lineItem.parts;
    if (!first) throw new Error('picked a line item without parts');
    const row = await dashboardRow(page, lineItem);
    const openInfo = async () => {
      await row.getByRole('button', { name: new RegExp(`parts? on PO ${escapeRegExp(lineItem.title)}$`) }).click();
      await page
        .getByRole('dialog', { name: 'Parts Details' })
        .getByRole('button', { name: 'Open Parts Info' })
        .click();
      const info = page.getByRole('dialog', { name: 'Parts Info' });
      await info.waitFor();
      return info;
    };

    // Closing throws the change away.
    let info = await openInfo();
    const quantity = info.getByLabel(`Quantity of ${first.part_number}`);
    await quantity.fill(String((first.qty ?? 0) + 10));
    await info.getByRole('button', { name: 'Save Changes' }).waitFor();
    await page.keyboard.press('Escape');
    await info.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/');
    info = await openInfo();
    expect(await info.getByLabel(`Quantity of ${first.part_number}`).inputValue()).toBe(String(first.qty));
    expect(await info.getByRole('button', { name: 'Save Changes' }).count()).toBe(0);

    // An empty quantity cannot be saved.
    await info.getByLabel(`Quantity of ${first.part_number}`).fill('');
    expect(await info.getByRole('button', { name: 'Save Changes' }).isDisabled()).toBe(true);

    // A failed save says so and keeps the changes for another try.
    await info.getByLabel(`Quantity of ${first.part_number}`).fill('0');
    await page.route('**/api/Parts/save', (route) => route.fulfill({ status: 500, json: { message: 'boom' } }));
    await info.getByRole('button', { name: 'Save Changes' }).click();
    await info.getByText('Failed to save part changes. Please try again.').waitFor();
    await page.unroute('**/api/Parts/save');
    expect(await info.getByLabel(`Quantity of ${first.part_number}`).inputValue()).toBe('0');

    await info.getByRole('button', { name: 'Save Changes' }).click();
    await info.getByText('Part changes saved.').waitFor();
    const expected = lineItem.parts.map((part) => (part === first ? { ...part, qty: 0 } : part));
    expect(await storedParts(context, lineItem)).toEqual(expected);
    await info.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => cellsOf(row)).toContain(String(lineItem.total_qty - (first.qty ?? 0)));
  });

  test('an Employee sees the parts but no control that changes them', async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await signIn(page, users().employee);
    const lineItem = await pickLineItem(context, 6);
    const row = await dashboardRow(page, lineItem);
    await row.getByRole('button', { name: partsLabel(lineItem.numberOfParts, lineItem.title) }).click();
    await page.getByRole('dialog', { name: 'Parts Details' }).getByRole('button', { name: 'Open Parts Info' }).click();
    const info = page.getByRole('dialog', { name: 'Parts Info' });
    await info.getByText(`Total Parts: ${lineItem.numberOfParts}`).waitFor();
    expect(await info.getByRole('button', { name: 'Add Parts' }).count()).toBe(0);
    expect(await info.getByRole('spinbutton').count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
  });
});

describe('line-item detail Parts tab', () => {
  test('add, edit the quantity of and delete a part; the totals follow', async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await signIn(page, users().admin);
    const lineItem = await pickLineItem(context, 5);
    const partNumber = uniquePart('DETAIL');

    await page.goto(`/line-item/${encodeURIComponent(lineItem.title)}`);
    await page.getByRole('tab', { name: 'Parts' }).click();
    const table = page.getByRole('table', { name: `Parts of PO ${lineItem.title}` });
    await table.getByText(`Total Parts: ${lineItem.numberOfParts}`).waitFor();
    await table.getByText(`Total Quantity: ${lineItem.total_qty}`).waitFor();
    for (const header of ['Part Number', 'Quantity', 'PO Number', 'Shipment', 'Actions']) {
      await table.getByRole('columnheader', { name: header, exact: true }).waitFor();
    }
    await expectNoSeriousA11yViolations(page);

    // Add.
    await page.getByRole('button', { name: 'Add Parts' }).click();
    const add = page.getByRole('dialog', { name: 'Add Parts' });
    await add.getByLabel('Part Number').fill(partNumber);
    expect(await add.getByRole('button', { name: 'Add', exact: true }).isDisabled()).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await add.getByLabel('Quantity').fill('3');
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await add.waitFor({ state: 'detached' });
    const partRow = table.getByRole('row').filter({ hasText: partNumber });
    expect(await partRow.innerText()).toMatch(
      new RegExp(`${partNumber}\\s+3\\s+${escapeRegExp(lineItem.title)}\\s+${escapeRegExp(lineItem.related_shipment)}`),
    );
    await table.getByText(`Total Parts: ${lineItem.numberOfParts + 1}`).waitFor();
    await table.getByText(`Total Quantity: ${lineItem.total_qty + 3}`).waitFor();

    // Someone else adds a part meanwhile: the quantity edit keeps it (the list is read again first).
    const addedElsewhere = uniquePart('ELSEWHERE');
    await addPartThroughApi(context, lineItem, addedElsewhere);

    // Edit the quantity: Save is disabled while it is empty or negative; a failure says so.
    await partRow.getByRole('button', { name: `Edit quantity of ${partNumber}` }).click();
    const quantity = partRow.getByLabel(`Quantity of ${partNumber}`, { exact: true });
    const save = partRow.getByRole('button', { name: 'Save', exact: true });
    await quantity.fill('');
    expect(await save.isDisabled()).toBe(true);
    await quantity.fill('-1');
    expect(await save.isDisabled()).toBe(true);
    await quantity.fill('12');
    await expectNoSeriousA11yViolations(page);
    await page.route('**/api/Parts/save', (route) => route.fulfill({ status: 500, json: { message: 'boom' } }));
    await save.click();
    await page.getByText('Failed to update part. Please try again.').waitFor();
    await page.unroute('**/api/Parts/save');
    await save.click();
    await quantity.waitFor({ state: 'detached' });
    await table.getByText(`Total Quantity: ${lineItem.total_qty + 12 + 1}`).waitFor();
    await table.getByText(`Total Parts: ${lineItem.numberOfParts + 2}`).waitFor();
    expect(await partRow.innerText()).toMatch(new RegExp(`${partNumber}\\s+12\\s`));
    expect(await storedParts(context, lineItem)).toEqual([
      ...lineItem.parts,
      { part_number: partNumber, qty: 12 },
      { part_number: addedElsewhere, qty: 1 },
    ]);

    // Delete, after the confirmation. The list changed elsewhere again: the server refuses and
    // says why, the list is read again, and the next try deletes.
    const addedLater = uniquePart('LATER');
    await addPartThroughApi(context, lineItem, addedLater);
    await partRow.getByRole('button', { name: `Delete part ${partNumber}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Part' });
    await confirm.getByText(confirmDeletePart(partNumber)).waitFor();
    await expectNoSeriousA11yViolations(page);
    const reread = page.waitForResponse((response) => response.url().includes('/api/Parts/getParts'));
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirm.getByText(PARTS_CHANGED).waitFor();
    await reread;
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    await partRow.waitFor({ state: 'detached' });
    await table.getByRole('row').filter({ hasText: addedLater }).waitFor();
    await table.getByText(`Total Parts: ${lineItem.numberOfParts + 2}`).waitFor();
    await table.getByText(`Total Quantity: ${lineItem.total_qty + 2}`).waitFor();
    expect(await storedParts(context, lineItem)).toEqual([
      ...lineItem.parts,
      { part_number: addedElsewhere, qty: 1 },
      { part_number: addedLater, qty: 1 },
    ]);
  });

  test('an Employee sees the Parts tab without Add Parts, edit or delete', async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await signIn(page, users().employee);
    const lineItem = await pickLineItem(context, 6);
    await page.goto(`/line-item/${encodeURIComponent(lineItem.title)}`);
    await page.getByRole('tab', { name: 'Parts' }).click();
    const table = page.getByRole('table', { name: `Parts of PO ${lineItem.title}` });
    await table.getByText(`Total Parts: ${lineItem.numberOfParts}`).waitFor();
    expect(await page.getByRole('button', { name: 'Add Parts' }).count()).toBe(0);
    expect(await table.getByRole('button').count()).toBe(0);
    expect(await table.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
  });
});
