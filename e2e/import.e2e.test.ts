import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openContext } from './support/browser.ts';
import { openSidebar } from './support/sidebar.ts';
import { signIn, users } from './support/sign-in.ts';

// The Import page: a forwarder's report is checked by a dry run (mapping, preview, counts,
// rejections), imported with a progress bar, and its line items open on the dashboard.

let browser: Browser;
let fileDir: string;

beforeAll(async () => {
  browser = await launchBrowser();
  fileDir = await mkdtemp(path.join(os.tmpdir(), 'quayside-e2e-import-'));
});
afterAll(async () => {
  await browser?.close();
  if (fileDir) await rm(fileDir, { recursive: true, force: true });
});

const HEADER = 'Shipment,Order Ref,Forwarder Name,Consignee Name,Origin,Dest.,Trans,ETA,Est Delivery,Notes';

/** Shipment and PO numbers no other journey (or rerun) uses. */
function uniqueStamp() {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
}

async function writeCsv(name: string, rows: string[]) {
  const file = path.join(fileDir, name);
  await writeFile(file, `${[HEADER, ...rows].join('\r\n')}\r\n`);
  return file;
}

async function openImportFromSidebar(page: Page) {
  const nav = await openSidebar(page);
  await nav.getByRole('link', { name: 'Import' }).click();
  await page.getByRole('heading', { name: 'Import', exact: true }).waitFor();
  // The pointer leaves the rail, which folds back off the page.
  const corner = page.viewportSize() ?? { width: 1280, height: 720 };
  await page.mouse.move(corner.width - 1, corner.height - 1);
  expect(new URL(page.url()).pathname).toBe('/import');
}

const shipmentsInput = (page: Page) => page.getByLabel('Shipments file (CSV or Excel .xlsx)');
const lineItemsTable = (page: Page) => page.getByRole('grid', { name: 'Line items' });

/** The PO numbers of the dashboard rows on screen. */
function shownTitles(page: Page): Promise<string[]> {
  return lineItemsTable(page)
    .locator('tbody tr')
    .evaluateAll((rows) => rows.flatMap((row) => row.querySelector('th')?.innerText.trim() ?? []));
}

test('an admin checks a report, imports it and opens exactly its line items on the dashboard', async () => {
  const context = await openContext(browser);
  const page = await context.newPage();
  await signIn(page, users().admin);
  await openImportFromSidebar(page);
  await page.getByText('Choose a shipments file (CSV or Excel .xlsx) to import.').waitFor();

  const stamp = uniqueStamp();
  const numbered = (n: number) => ({ shipment: `E2E-IMP-${stamp}-${n}`, po: `PO-${stamp}-${n}` });
  const [first, second, boat] = [numbered(1), numbered(2), numbered(3)];
  const csv = await writeCsv(`report-${stamp}.csv`, [
    `${first.shipment},${first.po},Kestrel Freight,NAPCO Americas,CNSHA,USMIA,SEA,2031-03-01,2031-03-05,first`,
    `${second.shipment},${second.po},Kestrel Freight,NAPCO Americas,CNNGB,USMIA,AIR,2031-03-02,2031-03-06,`,
    `${boat.shipment},${boat.po},Kestrel Freight,NAPCO Americas,CNSHA,USMIA,BOAT,2031-03-03,2031-03-07,`,
  ]);
  // Chosen from the keyboard: the drop zone is a labelled file input, Space opens the file chooser.
  const chooser = page.waitForEvent('filechooser');
  await shipmentsInput(page).focus();
  await page.keyboard.press('Space');
  await (await chooser).setFiles(csv);
  // A CSV has no sheets to choose from.
  await page.getByText(`report-${stamp}.csv`).waitFor();
  expect(await page.getByLabel('Sheet name').count()).toBe(0);
  // A parts list for the first PO: its line item is created by the same import.
  const partsCsv = path.join(fileDir, `parts-${stamp}.csv`);
  await writeFile(
    partsCsv,
    `PO,Shipment,Part Number,Quantity\r\n${first.po},${first.shipment},VLV-100,4\r\n${first.po},${first.shipment},VLV-200,6\r\n`,
  );
  await page.getByLabel('Parts list (optional, CSV or Excel .xlsx)').setInputFiles(partsCsv);
  await page.getByText(`parts-${stamp}.csv`).waitFor();

  // The dry run: how the columns are read, the first rows, and what the import would do.
  await page.getByRole('heading', { name: 'What the import will do' }).waitFor();
  const shipmentColumns = page.getByRole('list', { name: 'Shipments file', exact: true });
  for (const mapped of ['Shipment → Shipment', 'Order Ref → Order Ref', 'Dest. → Dest.', 'Trans → Trans'])
    await shipmentColumns.getByText(mapped, { exact: true }).waitFor();
  await shipmentColumns.getByText('Notes → Ignored', { exact: true }).waitFor();
  const preview = page.getByRole('table', { name: 'Shipments file (first 3 of 3 rows)' });
  for (const { shipment } of [first, second, boat]) await preview.getByRole('cell', { name: shipment }).waitFor();
  await page.getByText('Shipments: 2 to create, 0 to update, 0 unchanged, 1 rejected').waitFor();
  await page.getByText('Line items: 2 new').waitFor();
  await page.getByText('Parts: 2 to create, 0 to update, 0 unchanged, 0 rejected').waitFor();
  const partColumns = page.getByRole('list', { name: 'Parts list', exact: true });
  await partColumns.getByText('Part Number → Part Number', { exact: true }).waitFor();
  const partsPreview = page.getByRole('table', { name: 'Parts list (first 2 of 2 rows)' });
  await partsPreview.getByRole('cell', { name: 'VLV-200' }).waitFor();
  const rejected = page.getByRole('table', { name: 'Rejected rows' });
  const boatRow = rejected.getByRole('row').filter({ hasText: boat.shipment });
  await boatRow.getByText(/Trans: "BOAT" is not a known transit type/).waitFor();
  expect(await boatRow.getByRole('cell').first().innerText()).toBe('Shipments');
  expect(await boatRow.getByRole('cell').nth(1).innerText()).toBe('4'); // the header is row 1
  expect(await rejected.locator('tbody tr').count()).toBe(1);
  await expectNoSeriousA11yViolations(page);

  // The real import streams its progress (the bar is too quick to see for three rows), then its outcome.
  const importRequest = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().includes('/api/Import?dryRun=false'),
  );
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  expect((await importRequest).headers().accept).toBe('application/x-ndjson');
  const success = page.getByRole('alert').filter({ hasText: 'Import complete' });
  await success.waitFor();
  await success.getByText('Shipments: 2 created, 0 updated, 0 unchanged, 1 rejected').waitFor();
  await success.getByText('Line items: 2 new').waitFor();
  await success.getByText('Parts: 2 created, 0 updated, 0 unchanged, 0 rejected').waitFor();
  await expectNoSeriousA11yViolations(page);
  // Done: importing the same files again is not offered.
  expect(await page.getByRole('button', { name: 'Import', exact: true }).count()).toBe(0);

  await success.getByRole('link', { name: 'Show the imported line items' }).click();
  await page.waitForURL((url) => url.pathname === '/' && url.searchParams.has('import'));
  const importId = new URL(page.url()).searchParams.get('import');
  expect(importId).toMatch(/^\d+$/);
  const chip = page.getByRole('button', { name: `Showing the line items of import ${importId}` });
  await chip.waitFor();
  await expect
    .poll(async () => (await shownTitles(page)).sort(), { timeout: 10_000 })
    .toEqual([first.po, second.po].sort());
  await page.getByText(/^Showing 1 - 2 of 2 entries \(filtered from \d+ total entries\)$/).waitFor();

  // The export holds the same rows: its header and the import's two line items.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export', exact: true }).click(),
  ]);
  const lines = (await readFile(await download.path(), 'utf8')).split('\r\n').filter((line) => line !== '');
  expect(lines).toHaveLength(3);
  for (const { po } of [first, second]) expect(lines.some((line) => line.includes(po))).toBe(true);

  // The chip's delete drops the import from the URL, and the whole list is back.
  await chip.press('Delete');
  await chip.waitFor({ state: 'detached' });
  expect(new URL(page.url()).searchParams.has('import')).toBe(false);
  await page.getByText(/^Showing 1 - \d+ of \d+ entries$/).waitFor();
});

test('a forwarder sees a row naming another forwarder rejected; only its own company’s row is imported', async () => {
  const context = await openContext(browser);
  const page = await context.newPage();
  const forwarder = users().forwarder;
  await signIn(page, forwarder);
  await openImportFromSidebar(page);

  const stamp = uniqueStamp();
  const own = `E2E-IMPF-${stamp}-1`;
  const other = `E2E-IMPF-${stamp}-2`;
  const csv = await writeCsv(`forwarder-${stamp}.csv`, [
    `${own},PO-F-${stamp}-1,${forwarder.company},NAPCO Americas,CNSHA,USMIA,SEA,2031-04-01,2031-04-05,`,
    `${other},PO-F-${stamp}-2,Kestrel Freight,NAPCO Americas,CNSHA,USMIA,SEA,2031-04-01,2031-04-05,`,
  ]);
  // A file the server cannot read: its message says what to fix.
  const unreadable = path.join(fileDir, `no-shipment-column-${stamp}.csv`);
  await writeFile(unreadable, 'Reference,Forwarder\r\nX-1,Kestrel Freight\r\n');
  await shipmentsInput(page).setInputFiles(unreadable);
  const refusal = page.getByRole('alert').filter({ hasText: `no-shipment-column-${stamp}.csv: no "Shipment" column.` });
  await refusal.waitFor();
  expect(await page.getByRole('button', { name: 'Import', exact: true }).count()).toBe(0);

  await shipmentsInput(page).setInputFiles(csv);
  await page.getByText('Shipments: 1 to create, 0 to update, 0 unchanged, 1 rejected').waitFor();
  await refusal.waitFor({ state: 'detached' });
  const otherRow = page.getByRole('table', { name: 'Rejected rows' }).getByRole('row').filter({ hasText: other });
  await otherRow.getByText(`Shipment ${other} cannot be imported by your company (${forwarder.company}).`).waitFor();

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const success = page.getByRole('alert').filter({ hasText: 'Import complete' });
  await success.getByText('Shipments: 1 created, 0 updated, 0 unchanged, 1 rejected').waitFor();
  const created = await page.request.get(`/api/Shipments?shipment=${encodeURIComponent(own)}`);
  expect((await created.json()).shipments[0]['Forwarder Name']).toBe(forwarder.company);
});

test('an employee has no Import entry, and /import sends them to the dashboard', async () => {
  const context = await openContext(browser);
  const page = await context.newPage();
  await signIn(page, users().employee);
  const nav = await openSidebar(page);
  await nav.getByRole('link', { name: 'Reports' }).waitFor();
  expect(await nav.getByRole('link', { name: 'Import' }).count()).toBe(0);

  await page.goto('/import');
  await page.getByRole('heading', { name: 'Line Items Dashboard' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/');
});
