import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openContext } from './support/browser.ts';
import { openSidebar } from './support/sidebar.ts';
import { signIn, users } from './support/sign-in.ts';

// A purchase order from order to receipt: the ERP's PO file is imported, a forwarder's report ships
// part of it, the PO shows what is still open, staff receive the shipment short, and the short shows
// on the dashboard and in the supplier's OTIF.

let browser: Browser;
let fileDir: string;
beforeAll(async () => {
  browser = await launchBrowser();
  fileDir = await mkdtemp(path.join(os.tmpdir(), 'quayside-e2e-po-'));
});
afterAll(async () => {
  await browser?.close();
  if (fileDir) await rm(fileDir, { recursive: true, force: true });
});

const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function writeCsv(name: string, lines: string[]) {
  const file = path.join(fileDir, name);
  await writeFile(file, `${lines.join('\r\n')}\r\n`);
  return file;
}

/** Chooses the files, waits for the dry run to say `expected`, then imports. */
async function importFiles(page: Page, files: [label: string, file: string][], expected: string | RegExp) {
  for (const [label, file] of files) await page.getByLabel(label).setInputFiles(file);
  await page.getByText(expected).first().waitFor();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await page.getByRole('alert').filter({ hasText: 'Import complete' }).waitFor();
}

test('a PO is imported, shipped in part, received short, and the short shows on the dashboard and in OTIF', async () => {
  const stamp = `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 4)}`.toUpperCase();
  const po = `PO-${stamp}`;
  const shipment = `E2E-PO-${stamp}`;
  const supplier = `Harbor Tools ${stamp}`;
  // Due ten days ago: its lines are judged in the supplier's OTIF now.
  const due = daysFromToday(-10);

  // 1. An Admin imports the ERP's PO lines.
  const admin = await openContext(browser, { viewport: { width: 1440, height: 900 } });
  const page = await admin.newPage();
  await signIn(page, users().admin);
  await page.goto('/import?kind=purchase-orders');
  const erpFile = await writeCsv(`erp-${stamp}.csv`, [
    'PO Number,Supplier,Order Date,Requested Delivery Date,Line,Item,Description,Qty Ordered,UOM',
    `${po},${supplier},${daysFromToday(-60)},${due},1,BOLT-${stamp},Hex bolt,100,EA`,
    `${po},${supplier},${daysFromToday(-60)},${due},2,NUT-${stamp},Hex nut,50,EA`,
  ]);
  await importFiles(page, [['Purchase orders file (CSV or Excel .xlsx)', erpFile]], /1 to create, 0 to update/);
  await page
    .getByRole('alert')
    .filter({ hasText: 'Import complete' })
    .getByText(/1 created, 0 updated, 0 unchanged/)
    .waitFor();

  // 2. The forwarder's report ships 60 of the 100 bolts (departed), and none of the nuts.
  const forwarder = await openContext(browser, { viewport: { width: 1440, height: 900 } });
  const forwarderPage = await forwarder.newPage();
  await signIn(forwarderPage, users().forwarder);
  await forwarderPage.goto('/import');
  const report = await writeCsv(`report-${stamp}.csv`, [
    'Shipment,Order Ref,Forwarder Name,Mode,ATD,Dest. ETA',
    `${shipment},${po},${users().forwarder.company},SEA,${daysFromToday(-20)},${daysFromToday(-12)}`,
  ]);
  const partsList = await writeCsv(`parts-${stamp}.csv`, [
    'PO,Shipment,Part Number,Quantity',
    `${po},${shipment},BOLT-${stamp},60`,
  ]);
  await importFiles(
    forwarderPage,
    [
      ['Shipments file (CSV or Excel .xlsx)', report],
      ['Parts list (optional, CSV or Excel .xlsx)', partsList],
    ],
    'Parts: 1 to create, 0 to update, 0 unchanged, 0 rejected',
  );
  await forwarder.close();

  // 3. The PO, found from the sidebar's list, shows what is still open per SKU.
  const nav = await openSidebar(page);
  await nav.getByRole('link', { name: 'Purchase Orders' }).click();
  await page.getByLabel('Search purchase orders').fill(po);
  await page.waitForURL((url) => url.searchParams.get('q') === po);
  await page.getByText('Showing 1 - 1 of 1 purchase orders').waitFor();
  await page.getByRole('link', { name: po, exact: true }).click();
  await page.waitForURL((url) => url.pathname === `/purchase-orders/${po}`);
  await page
    .getByRole('heading', { name: new RegExp(po) })
    .first()
    .waitFor();
  const bolts = page.getByRole('list', { name: 'Quantities of line 1' });
  await expect.poll(() => bolts.innerText()).toMatch(/Ordered\s*100[\s\S]*Shipped\s*60[\s\S]*Open\s*40/);
  expect(await page.getByRole('list', { name: 'Quantities of line 2' }).innerText()).toMatch(/Open\s*50/);
  await expectNoSeriousA11yViolations(page);

  // 4. Staff receive the shipment: 55 of the 60 bolts arrived, short.
  await page.getByRole('link', { name: shipment }).first().click();
  await page.getByRole('button', { name: 'Receive' }).click();
  const dialog = page.getByRole('dialog', { name: `Receive ${shipment}` });
  const received = dialog.getByLabel(`Received BOLT-${stamp}`);
  expect(await received.inputValue()).toBe('60');
  await received.fill('55');
  await dialog.getByLabel(`Reason for BOLT-${stamp}`).selectOption('short');
  await dialog.getByRole('button', { name: 'Save receipt' }).click();
  await dialog.waitFor({ state: 'detached' });

  // 5. On the dashboard, a link naming the exception (as a saved view or a follow does) shows the
  // 'Received short' chip chosen and the PO's line item, its badge sized by the short.
  await page.goto('/?exception=po_received_short');
  const chips = page.getByRole('group', { name: 'Needs attention' });
  await chips.getByRole('button', { name: /^Received short · /, pressed: true }).waitFor();
  const row = page.getByRole('grid', { name: 'Line items' }).locator('tbody tr', { hasText: po });
  await expect.poll(() => row.innerText()).toContain('Received short · −5');

  // 6. The supplier's OTIF: neither line was received on time and in full; 55 of 150 filled.
  await page.goto('/analytics');
  const suppliers = page.getByRole('table', { name: 'Supplier scorecard' });
  const supplierRow = suppliers.getByRole('row', { name: new RegExp(supplier) });
  await supplierRow.waitFor();
  const cells = await supplierRow.getByRole('cell').allInnerTexts();
  const columns = await suppliers.getByRole('columnheader').allInnerTexts();
  const cell = (name: string) => cells[columns.indexOf(name) - 1] ?? '';
  expect(cell('PO lines')).toMatch(/^2\b/);
  expect(cell('OTIF %')).toMatch(/^0\b/);
  expect(cell('Fill rate %')).toMatch(/^36\.7\b/);
  await admin.close();
});
