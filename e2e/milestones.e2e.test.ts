import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openContext, sameOrigin } from './support/browser.ts';
import { openSidebar } from './support/sidebar.ts';
import { signIn, users } from './support/sign-in.ts';
import { unique } from './support/unique.ts';

// 'Where is shipment X?': from the dashboard, the shipment's page opens with its milestone strip —
// booked → departed → arrived → delivered, planned and actual days, how late, the current step
// and the Mode — on a desktop and on a phone, and the line-item page shows the same.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** 'YYYY-MM-DD', `days` from today (UTC), as the strip writes a day. */
const day = (days: number) => {
  const today = new Date();
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days))
    .toISOString()
    .slice(0, 10);
};

/** A shipment of this journey's own: departed on time, its arrival 3 days overdue. */
async function arrangeShipment(context: BrowserContext) {
  const shipment = unique('E2E-MS');
  const po = unique('MS-PO');
  const response = await context.request.post('/api/Shipments', {
    headers: sameOrigin(),
    data: [
      {
        Shipment: shipment,
        'Order Ref': [po],
        Mode: 'FCL',
        Trans: 'SEA',
        'Origin ETD': day(-10),
        ATD: day(-9),
        'Dest. ETA': day(-3),
        'Est Delivery': day(4),
      },
    ],
  });
  if (!response.ok()) throw new Error(`arranging ${shipment} failed: ${response.status()} ${await response.text()}`);
  return { shipment, po };
}

async function expectStripOfInTransitShipment(page: Page) {
  const strip = page.getByRole('region', { name: 'Milestones' });
  await strip.waitFor();
  await strip.getByText('Mode: FCL').waitFor();
  const steps = strip.getByRole('listitem');
  expect(await steps.count()).toBe(4);
  const current = strip.locator('[aria-current="step"]');
  expect(await current.count()).toBe(1);
  await current.getByText('Departed').waitFor();
  await current.getByText('Now', { exact: true }).waitFor();
  await steps
    .nth(0)
    .getByText(`Actual: ${day(0)} (Shipment created)`)
    .waitFor();
  await steps
    .nth(1)
    .getByText(`Actual: ${day(-9)} (ATD)`)
    .waitFor();
  await steps
    .nth(2)
    .getByText(`Planned: ${day(-3)} (Dest. ETA)`)
    .waitFor();
  await steps.nth(2).getByText('Late by 3 days').waitFor();
  await steps
    .nth(3)
    .getByText(`Planned: ${day(4)} (Est Delivery)`)
    .waitFor();
  return steps;
}

const boxOf = async (locator: Locator) => {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return box;
};

test('from the dashboard, a shipment’s page says where it is: departed, arrival late by 3 days, Mode FCL', async () => {
  const context = await openContext(browser, { viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, users().admin);
  const { shipment } = await arrangeShipment(context);
  await page.getByRole('heading', { name: 'Line Items Dashboard' }).waitFor();

  // Three actions from the dashboard: point at the sidebar, type the number, press Enter.
  await openSidebar(page);
  await page.getByLabel('Search shipments').fill(shipment);
  await page.getByLabel('Search shipments').press('Enter');
  await page.getByRole('heading', { name: `Shipment: ${shipment}` }).waitFor();
  const steps = await expectStripOfInTransitShipment(page);

  // At 1440 px the four steps stand in one row, above the tabs.
  const boxes = await Promise.all([0, 1, 2, 3].map((index) => boxOf(steps.nth(index))));
  expect(new Set(boxes.map((box) => Math.round(box.y))).size).toBe(1);
  const tabs = await boxOf(page.getByRole('tablist', { name: 'Shipment details' }));
  expect(boxes[0]?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(tabs.y);
  await expectNoSeriousA11yViolations(page);
});

test('at 375 px the strip’s steps wrap inside the screen, on the line-item page as on the shipment’s', async () => {
  const context = await openContext(browser, { viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await signIn(page, users().admin);
  const { shipment, po } = await arrangeShipment(context);

  for (const address of [`/line-item/${po}`, `/shipment-details/${shipment}`]) {
    await page.goto(address);
    const steps = await expectStripOfInTransitShipment(page);
    const boxes = await Promise.all([0, 1, 2, 3].map((index) => boxOf(steps.nth(index))));
    for (const box of boxes) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
    // Two rows of two: Booked and Departed side by side, Arrived and Delivered below them.
    expect(Math.round(boxes[0]?.y ?? 0)).toBe(Math.round(boxes[1]?.y ?? -1));
    expect(boxes[2]?.y ?? 0).toBeGreaterThan(boxes[0]?.y ?? 0);
  }
  await expectNoSeriousA11yViolations(page);
});
