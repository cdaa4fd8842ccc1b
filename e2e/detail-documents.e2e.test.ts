import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openContext, sameOrigin } from './support/browser.ts';
import { signIn, users } from './support/sign-in.ts';

let browser: Browser;
let fileDir: string;
const files = { pdf: '', png: '', fakePdf: '' };

// A one-pixel PNG (bytes) and a small PDF (KB): real enough for the server's byte check.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj',
    'trailer << /Root 1 0 R >>',
    `% ${'padding '.repeat(200)}`, // over 1 KB, so its size reads in KB
    '%%EOF',
    '',
  ].join('\n'),
);

beforeAll(async () => {
  browser = await launchBrowser();
  fileDir = await mkdtemp(path.join(os.tmpdir(), 'quayside-e2e-files-'));
  files.pdf = path.join(fileDir, 'commercial-invoice.pdf');
  files.png = path.join(fileDir, 'delivery-photo.png');
  files.fakePdf = path.join(fileDir, 'not-really.pdf');
  await writeFile(files.pdf, PDF);
  await writeFile(files.png, PNG);
  await writeFile(files.fakePdf, PNG); // a PNG under a PDF's name
});
afterAll(async () => {
  await browser?.close();
  if (fileDir) await rm(fileDir, { recursive: true, force: true });
});

async function arrangeShipment(context: BrowserContext) {
  const shipment = `E2E-DOC-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
  const response = await context.request.post('/api/Shipments', {
    headers: sameOrigin(),
    data: [{ Shipment: shipment }],
  });
  if (!response.ok()) throw new Error(`arranging ${shipment} failed: ${response.status()} ${await response.text()}`);
  return shipment;
}

test('an admin uploads two typed documents, sees them listed with badges and sizes, and opens one', async () => {
  const context = await openContext(browser);
  const page = await context.newPage();
  await signIn(page, users().admin);
  const shipment = await arrangeShipment(context);

  await page.goto(`/shipment-details/${shipment}`);
  await page.getByRole('tab', { name: 'Documents' }).click();
  const list = page.getByRole('table', { name: 'Documents' });
  await list.getByText('No documents available').waitFor();

  await page.getByRole('button', { name: 'Add Documents' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Documents' });
  const upload = dialog.getByRole('button', { name: 'Upload' });
  expect(await upload.isDisabled()).toBe(true); // no files yet
  await dialog.locator('input[type="file"]').setInputFiles([files.pdf, files.png]);
  await dialog.getByText('commercial-invoice.pdf').waitFor();
  await dialog.getByText('delivery-photo.png').waitFor();
  expect(await dialog.getByText('Document type is required').count()).toBe(0); // nothing said before anything is done
  expect(await upload.isDisabled()).toBe(true); // no types yet
  await dialog.getByLabel('Document Type for commercial-invoice.pdf').focus();
  await page.keyboard.press('Tab'); // left without a type
  await dialog.getByText('Document type is required').waitFor();
  expect(await dialog.getByText('Document type is required').count()).toBe(1);

  await dialog.getByLabel('Document Type for commercial-invoice.pdf').selectOption('Commercial Invoice');
  expect(await upload.isDisabled()).toBe(true); // one type still missing
  await dialog.getByLabel('Document Type for delivery-photo.png').selectOption('Select a document type...');
  expect(await upload.isDisabled()).toBe(true); // the placeholder counts as none
  await dialog.getByLabel('Document Type for delivery-photo.png').selectOption('Proof of Delivery');
  await expectNoSeriousA11yViolations(page);
  expect(await upload.isDisabled()).toBe(false);
  await upload.click();
  await dialog.waitFor({ state: 'detached' });

  const invoice = list.getByRole('row').filter({ hasText: 'commercial-invoice.pdf' });
  await invoice.getByText('CI', { exact: true }).waitFor();
  await invoice.getByText('Commercial Invoice').waitFor();
  await invoice.getByText(`${(PDF.length / 1024).toFixed(1)} KB`).waitFor();
  const photo = list.getByRole('row').filter({ hasText: 'delivery-photo.png' });
  await photo.getByText('POD', { exact: true }).waitFor();
  await photo.getByText(`${PNG.length} B`).waitFor();
  await expectNoSeriousA11yViolations(page);

  // View opens the file in a new tab, shown there (a PDF in the browser's viewer, an image drawn),
  // sandboxed and never sniffed; nothing is downloaded.
  const view = invoice.getByRole('link', { name: 'View commercial-invoice.pdf' });
  expect(await view.getAttribute('target')).toBe('_blank');
  const opened = page.waitForEvent('popup');
  await view.click();
  const tab = await opened;
  let downloaded = false;
  tab.on('download', () => {
    downloaded = true;
  });
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe((await view.getAttribute('href')) ?? '');
  const content = await page.request.get((await view.getAttribute('href')) ?? '');
  expect(content.headers()).toMatchObject({
    'content-disposition': expect.stringMatching(/^inline; filename="commercial-invoice\.pdf"/),
    'content-security-policy': "default-src 'none'; sandbox",
    'x-content-type-options': 'nosniff',
  });
  expect((await content.body()).subarray(0, 8).toString()).toBe('%PDF-1.4');

  const photoTab = page.waitForEvent('popup');
  await photo.getByRole('link', { name: 'View delivery-photo.png' }).click();
  const image = await photoTab;
  await image.locator('img').waitFor();
  expect(await image.locator('img').evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(
    0,
  );
  expect(downloaded).toBe(false);
});

test('a file that is not what its name says is refused, and the dialog says why', async () => {
  const context = await openContext(browser);
  const page = await context.newPage();
  await signIn(page, users().forwarder); // a forwarder uploads to its own company's shipments
  const shipment = await arrangeShipment(context);

  await page.goto(`/shipment-details/${shipment}`);
  await page.getByRole('tab', { name: 'Documents' }).click();
  await page.getByRole('button', { name: 'Add Documents' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Documents' });
  await dialog.locator('input[type="file"]').setInputFiles([files.fakePdf, files.png]);
  await dialog.getByRole('button', { name: 'Remove delivery-photo.png' }).click();
  expect(await dialog.getByText('delivery-photo.png').count()).toBe(0);
  await dialog.getByLabel('Document Type for not-really.pdf').selectOption('Other');
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await dialog.getByRole('alert').filter({ hasText: 'The file not-really.pdf is not a PDF document.' }).waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('table', { name: 'Documents' }).getByText('No documents available').waitFor();
});
