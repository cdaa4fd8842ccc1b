import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openContext, sameOrigin } from './support/browser.ts';
import { signIn, users } from './support/sign-in.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const uniqueShipment = (label: string) =>
  `E2E-${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();

async function storedShipment(page: Page, shipment: string) {
  const answer = await page.request.get(`/api/Shipments?shipment=${encodeURIComponent(shipment)}`);
  const { shipments } = (await answer.json()) as { shipments: Record<string, unknown>[] };
  return shipments[0];
}

test('an admin creates a shipment with three POs, sees the modal and the redirect, then appends a fourth', async () => {
  const page = await (await openContext(browser)).newPage();
  await signIn(page, users().admin);
  const shipment = uniqueShipment('create');

  await page.goto('/create-shipment');
  await page.getByRole('heading', { name: 'Create Shipment' }).waitFor();
  const create = page.getByRole('button', { name: 'Create', exact: true });
  expect(await create.isDisabled()).toBe(true); // until Shipment is filled
  expect(await page.getByRole('tab', { name: 'Line Items & Parts' }).count()).toBe(0);
  expect(await page.getByRole('tab', { name: 'Documents' }).count()).toBe(0);

  await page.getByLabel('Shipment', { exact: true }).fill(shipment);
  await page.getByLabel('Line Items', { exact: true }).fill('PO1, PO 2,,PO3,');
  await page.getByLabel('Consignee Name').selectOption('NAPCO Americas');
  await page.getByLabel('Origin', { exact: true }).selectOption('CNSHA');
  await page.getByLabel('Destination').selectOption('USMIA');
  await page.getByRole('tab', { name: 'Dates' }).click();
  await page.getByLabel('ATD').fill('2024-05-03');
  await page.getByRole('tab', { name: 'Container' }).click();
  await page.getByLabel('Weight', { exact: true }).fill('1250.5');
  await page.getByLabel('WTUQ').selectOption('KG');
  await page.getByLabel('Trans').selectOption('SEA');
  await expectNoSeriousA11yViolations(page);

  await create.click();
  const modal = page.getByRole('dialog', { name: 'Shipment created successfully!' });
  await modal.getByText('You will be redirected to the dashboard shortly.').waitFor();
  await modal.getByRole('button', { name: 'Go to Dashboard Now' }).waitFor();
  await expectNoSeriousA11yViolations(page);
  // The modal moves on to the dashboard by itself after 3 seconds.
  await page.waitForURL((url) => url.pathname === '/', { timeout: 6_000 });

  const created = await storedShipment(page, shipment);
  expect(created).toMatchObject({
    'Order Ref': ['PO1', 'PO2', 'PO3'],
    'Consignee Name': 'NAPCO Americas',
    Origin: 'CNSHA',
    'Dest.': 'USMIA',
    ATD: '2024-05-03T00:00:00.000Z',
    Weight: 1250.5,
    WTUQ: 'KG',
    Trans: 'SEA',
  });

  // The three line items are listed on the shipment.
  await page.goto(`/shipment-details/${shipment}`);
  await page.getByRole('heading', { name: `Shipment: ${shipment}` }).waitFor();
  await page.getByRole('tab', { name: 'Line Items & Parts' }).click();
  const rows = page.getByRole('table', { name: 'Line Items & Parts' }).getByRole('row');
  await rows.filter({ hasText: 'PO3' }).waitFor();
  expect(await rows.count()).toBe(4); // the header and three line items
  await expectNoSeriousA11yViolations(page);

  // Edit: the number is locked, existing line items stay, a new one is appended.
  await page.getByRole('button', { name: 'Edit' }).click();
  const number = page.getByLabel('Shipment (cannot be modified)');
  expect(await number.getAttribute('readonly')).not.toBeNull();
  await page.getByText('The shipment ID cannot be modified after creation').waitFor();
  expect(await page.getByLabel('Line Items', { exact: true }).getAttribute('readonly')).not.toBeNull();
  await page.getByLabel('Add line items').fill('PO4');
  await page.getByLabel('House').fill('HB-E2E');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Save' }).click();
  const updated = page.getByRole('dialog', { name: 'Shipment updated successfully!' });
  await updated.getByRole('button', { name: 'Go to Dashboard Now' }).click();
  await page.waitForURL((url) => url.pathname === '/');

  expect(await storedShipment(page, shipment)).toMatchObject({
    'Order Ref': ['PO1', 'PO2', 'PO3', 'PO4'],
    House: 'HB-E2E',
    // Unchanged fields keep their values, the date its time.
    ATD: '2024-05-03T00:00:00.000Z',
    Weight: 1250.5,
  });
});

test('Cancel restores the stored values, and a refused save is shown with the server’s reason', async () => {
  const page = await (await openContext(browser)).newPage();
  await signIn(page, users().admin);

  await page.goto('/shipment-details/QS-0000002');
  await page.getByRole('heading', { name: 'Shipment: QS-0000002' }).waitFor();
  const house = page.getByLabel('House');
  const storedHouse = await house.inputValue();
  await page.getByRole('button', { name: 'Edit' }).click();
  await house.fill('changed and cancelled');
  await page.getByRole('button', { name: 'Cancel' }).click();
  expect(await house.inputValue()).toBe(storedHouse);
  expect(await house.getAttribute('readonly')).not.toBeNull();

  await page.goto('/create-shipment');
  await page.getByLabel('Shipment', { exact: true }).fill('QS-0000001');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await page.getByRole('alert').filter({ hasText: 'A shipment with this number already exists.' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/create-shipment');
});

test('a forwarder’s Forwarder Name is fixed to its company, and saved so', async () => {
  const page = await (await openContext(browser)).newPage();
  const forwarder = users().forwarder;
  await signIn(page, forwarder);
  const shipment = uniqueShipment('fwd');

  await page.goto('/create-shipment');
  const forwarderName = page.getByLabel('Forwarder Name');
  expect(await forwarderName.inputValue()).toBe(forwarder.company);
  expect(await forwarderName.getAttribute('readonly')).not.toBeNull();
  await page.getByText('Fixed to your company name as a Forwarder').waitFor();

  await page.getByLabel('Shipment', { exact: true }).fill(shipment);
  await page.getByLabel('Line Items', { exact: true }).fill('FWD-PO-1');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await page.getByRole('dialog', { name: 'Shipment created successfully!' }).waitFor();
  expect(await storedShipment(page, shipment)).toMatchObject({ 'Forwarder Name': forwarder.company });
});

test('an employee reads a shipment with no edit control, cannot create, and the API refuses its writes', async () => {
  const page = await (await openContext(browser)).newPage();
  await signIn(page, users().employee);

  await page.goto('/shipment-details/QS-0000001');
  await page.getByRole('heading', { name: 'Shipment: QS-0000001' }).waitFor();
  expect(await page.getByLabel('House').getAttribute('readonly')).not.toBeNull();
  expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
  await page.getByRole('tab', { name: 'Documents' }).click();
  await page.getByRole('table', { name: 'Documents' }).waitFor();
  expect(await page.getByRole('button', { name: 'Add Documents' }).count()).toBe(0);
  await expectNoSeriousA11yViolations(page);

  await page.goto('/create-shipment');
  await page.getByRole('heading', { name: 'Line Items Dashboard' }).waitFor();

  const update = await page.request.post('/api/Shipments?id=QS-0000001', {
    headers: sameOrigin(),
    data: [{ House: 'employee' }],
  });
  expect(update.status()).toBe(403);
  const create = await page.request.post('/api/Shipments', {
    headers: sameOrigin(),
    data: [{ Shipment: uniqueShipment('emp') }],
  });
  expect(create.status()).toBe(403);
});

test('an unknown shipment says so, and Go Back leaves', async () => {
  const page = await (await openContext(browser)).newPage();
  await signIn(page, users().admin);
  await page.goto('/shipment-details/NO-SUCH-SHIPMENT');
  await page.getByRole('heading', { name: 'Shipment not found' }).waitFor();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Go Back' }).click();
  await page.waitForURL((url) => url.pathname === '/');
});
