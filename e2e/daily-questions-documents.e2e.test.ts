import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openContext, sameOrigin } from './support/browser.ts';
import { signIn, users } from './support/sign-in.ts';

// A coordinator's morning question "which shipments lack a bill of lading", answered from the
// dashboard in as few actions as possible: the 'Missing documents' chip's document menu, then the
// type. Each row then says which documents it lacks, and its own page opens with the same facts.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const grid = (page: Page) => page.getByRole('grid', { name: 'Line items' });
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** A sea shipment departed three days ago: its bill of lading, commercial invoice and packing list are due. */
async function arrangeDeparted(context: BrowserContext, shipment: string, po: string, destEta: string) {
  const response = await context.request.post('/api/Shipments', {
    headers: sameOrigin(),
    data: [
      {
        Shipment: shipment,
        'Order Ref': [po],
        'Forwarder Name': 'Kestrel Freight',
        Mode: 'SEA',
        ATD: daysAgo(3),
        'Dest. ETA': destEta,
      },
    ],
  });
  if (!response.ok()) throw new Error(`arranging ${shipment} failed: ${response.status()} ${await response.text()}`);
}

test('which shipments lack a bill of lading: two actions from the dashboard', async () => {
  const context = await openContext(browser, { viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, users().admin);
  // As long as the demo's numbers, so the grid's widths are the demo's wherever these rows show.
  const stamp = `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 4)}`.toUpperCase();
  const lacking = { shipment: `BL-${stamp}`, po: `PO-${stamp}L` };
  const having = { shipment: `BH-${stamp}`, po: `PO-${stamp}H` };
  await arrangeDeparted(context, lacking.shipment, lacking.po, '2030-12-31');
  await arrangeDeparted(context, having.shipment, having.po, '2030-12-30');
  const upload = await context.request.post('/api/Files', {
    headers: sameOrigin(),
    multipart: {
      documentType: 'Bill of Lading',
      shipment: having.shipment,
      files: { name: 'bill-of-lading.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
    },
  });
  expect(upload.status(), await upload.text()).toBe(200);

  await page.goto('/');
  await grid(page).getByRole('row').nth(1).waitFor();
  let actions = 0;
  const chips = page.getByRole('group', { name: 'Needs attention' });
  await chips.getByRole('button', { name: 'Which document?' }).click();
  actions++;
  await page.getByRole('menuitem', { name: /^Bill of Lading · / }).click();
  actions++;

  await page.waitForURL((url) => url.searchParams.get('missingDocument') === 'Bill of Lading');
  const table = grid(page);
  await table.getByRole('columnheader', { name: 'Exceptions' }).waitFor();
  const row = table.locator('tbody tr', { hasText: lacking.po });
  await expect.poll(() => row.innerText()).toContain('Missing: Bill of Lading, Commercial Invoice, Packing List');
  // The shipment that has its bill of lading (though not its other papers) is not in the answer.
  expect(await table.locator('tbody tr', { hasText: having.po }).count()).toBe(0);
  // Every row shown lacks one.
  for (const text of await table.locator('tbody tr').allInnerTexts())
    expect(text).toMatch(/Missing: [^\n]*Bill of Lading/);
  expect(await chips.getByRole('button', { name: /^Missing: Bill of Lading/ }).count()).toBe(1);
  expect(actions).toBeLessThanOrEqual(3);
  console.log(`"Which shipments lack a bill of lading" took ${actions} actions from the dashboard.`);
  await expectNoSeriousA11yViolations(page);

  // The line item's own page opens with the same facts.
  await row.getByRole('rowheader').click();
  const banner = page.getByRole('region', { name: 'Needs attention' });
  await banner.getByText('Missing: Bill of Lading, Commercial Invoice, Packing List').waitFor();
  await expectNoSeriousA11yViolations(page);

  // The shipment's page too.
  await page.goto(`/shipment-details/${lacking.shipment}`);
  await page
    .getByRole('region', { name: 'Needs attention' })
    .getByText('Missing: Bill of Lading, Commercial Invoice, Packing List')
    .waitFor();
  await context.close();
});
