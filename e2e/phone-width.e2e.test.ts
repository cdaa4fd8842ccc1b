import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openContext } from './support/browser.ts';
import { signIn, users } from './support/sign-in.ts';

// What a walkthrough on a phone tripped over: at a phone's width the dashboard's toolbar buttons
// keep their labels on one line and line up when they wrap, and a filter's operator is readable.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('at 375 px the toolbar keeps whole labels and a filter row keeps readable fields', async () => {
  const page = await (await openContext(browser, { viewport: { width: 375, height: 812 } })).newPage();
  await signIn(page, users().admin);
  await page.getByRole('heading', { name: 'Line Items Dashboard' }).waitFor();

  const newShipment = page.getByRole('link', { name: 'New Shipment' });
  const filter = page.getByRole('button', { name: 'Filter', exact: true });
  const toolbar = [
    page.getByRole('button', { name: 'Export', exact: true }),
    page.getByRole('button', { name: 'Follow this view' }),
    filter,
    newShipment,
  ];
  const boxes = await Promise.all(
    toolbar.map(async (locator) => (await locator.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 }),
  );
  // One line each: every button as tall as the first.
  expect(boxes.map((box) => box.height)).toEqual(boxes.map(() => boxes[0]?.height));
  // Rows that wrap start where the first row starts.
  const rowStarts = new Map<number, number>();
  for (const box of boxes) rowStarts.set(box.y, Math.min(rowStarts.get(box.y) ?? box.x, box.x));
  expect(new Set(rowStarts.values()).size).toBe(1);

  await filter.click();
  const panel = page.getByRole('dialog', { name: 'Filter Data' });
  await panel.getByRole('button', { name: 'Add Filter' }).click();
  const operator = panel.getByRole('group', { name: 'Filter 1' }).getByLabel('Operator');
  expect(await operator.inputValue()).toBe('contains');
  expect((await operator.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(120);
  await expectNoSeriousA11yViolations(page);
});
