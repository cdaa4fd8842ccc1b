import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { runCli } from '../apps/server/src/testing/real-server.ts';
import { serverEnv } from '../apps/server/src/testing/server-process.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openContext } from './support/browser.ts';
import { signIn, users } from './support/sign-in.ts';

// Analytics, end to end: an Admin narrows /analytics to one consignee's March 2025, reads the figures
// as tables, follows 'Late arrival' into the dashboard and lands on that line item; the page reads
// at 360 px; the forwarder sees its own scorecard row only.

let browser: Browser;
let fileDir: string;
beforeAll(async () => {
  browser = await launchBrowser();
  fileDir = await mkdtemp(path.join(os.tmpdir(), 'quayside-e2e-analytics-'));
});
afterAll(async () => {
  await browser?.close();
  if (fileDir) await rm(fileDir, { recursive: true, force: true });
});

const cliEnv = () => serverEnv({ DATA_DIR: inject('dataDir'), LOG_LEVEL: 'warn', PUBLIC_URL: inject('baseUrl') });
const FORWARDER = users().forwarder.company;

/** A figure's table view: the card's 'Table' toggle, then its rows' text. */
async function tableRows(page: Page, figure: string) {
  const card = page.getByRole('region', { name: figure });
  await card.getByRole('button', { name: 'Table' }).click();
  return card.getByRole('table', { name: figure }).locator('tbody tr').allInnerTexts();
}

test('the analytics page follows its filters, and an open exception leads into the dashboard', async () => {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
  const consignee = `Analytics Co ${stamp}`;
  // AN-1 left on 3 March and has not arrived though its Dest. ETA passed: a late arrival. AN-2 arrived a day late: on time.
  const file = path.join(fileDir, 'march.csv');
  await writeFile(
    file,
    [
      'Shipment,Order Ref,Forwarder Name,Consignee Name,Origin,Dest.,Trans,ATD,Dest. ETA,ATA',
      `AN-${stamp}-1,PO-AN-${stamp}-1,${FORWARDER},${consignee},CNSHA,USMIA,SEA,2025-03-03,2025-03-20,`,
      `AN-${stamp}-2,PO-AN-${stamp}-2,${FORWARDER},${consignee},CNSHA,USMIA,SEA,2025-03-05,2025-03-25,2025-03-26`,
    ].join('\r\n'),
  );
  await runCli(cliEnv(), ['import', file]);

  const context = await openContext(browser);
  const page = await context.newPage();
  await signIn(page, users().admin);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics' }).click();
  await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();

  await page.getByLabel('From').fill('2025-03-01');
  await page.getByLabel('To').fill('2025-03-31');
  await page.getByRole('textbox', { name: 'Consignee' }).fill(consignee);
  await page.getByRole('textbox', { name: 'Consignee' }).press('Enter');
  await page.waitForURL((url) => url.searchParams.get('consignee') === consignee);

  expect(await tableRows(page, 'Volume')).toEqual(['2025-03\t2\t2\t0']);
  expect(await tableRows(page, 'On-time arrival and delivery')).toEqual(['2025-03\t100\t1\t—\t0']);
  const scorecard = page.getByRole('table', { name: 'Forwarder scorecard' });
  await expect.poll(() => scorecard.locator('tbody th').allInnerTexts()).toEqual([FORWARDER]);
  await page.getByRole('button', { name: 'What ETA accuracy means' }).click();
  await page.getByText('ATA minus the first promised Dest. ETA, in days').waitFor();
  await page.keyboard.press('Escape');
  await expectNoSeriousA11yViolations(page);

  // Readable on a phone: nothing wider than the screen but the tables' own scrolling.
  await page.setViewportSize({ width: 360, height: 780 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByRole('region', { name: 'Open exceptions' }).getByRole('link', { name: 'Late arrival: 1' }).click();
  await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('exception') === 'late_arrival');
  const rows = page.getByRole('grid', { name: 'Line items' }).locator('tbody tr');
  await expect.poll(() => rows.allInnerTexts()).toHaveLength(1);
  expect(await rows.first().innerText()).toContain(`PO-AN-${stamp}-1`);

  // The forwarder: the same question answers with its own figures, and there is no forwarder to choose.
  const forwarderContext = await openContext(browser);
  const forwarderPage = await forwarderContext.newPage();
  await signIn(forwarderPage, users().forwarder);
  await forwarderPage.goto(`/analytics?from=2025-03-01&to=2025-03-31&consignee=${encodeURIComponent(consignee)}`);
  await forwarderPage.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
  expect(await tableRows(forwarderPage, 'Volume')).toEqual(['2025-03\t2\t2\t0']);
  expect(await forwarderPage.getByRole('textbox', { name: 'Forwarder' }).count()).toBe(0);
  const own = forwarderPage.getByRole('table', { name: 'Forwarder scorecard' });
  await expect.poll(() => own.locator('tbody th').allInnerTexts()).toEqual([FORWARDER]);
  await expectNoSeriousA11yViolations(forwarderPage);
});

/** 'Late departure: 14' links under 'Open exceptions', as { label: count }. */
async function openExceptionFigures(page: Page) {
  const card = page.getByRole('region', { name: 'Open exceptions' });
  await card.getByRole('link').first().waitFor();
  const links = await card.getByRole('link', { name: /^[A-Z][a-zA-Z ]+: \d+$/ }).allInnerTexts();
  return Object.fromEntries(
    links.map((text) => {
      const [, label = '', count = ''] = /^(.+): (\d+)$/.exec(text.trim()) ?? [];
      return [label, Number(count)];
    }),
  );
}

/** The dashboard's 'Needs attention' chips ('Late departure · 14'), as { label: count }. */
async function dashboardChips(page: Page) {
  const chips = page.getByRole('group', { name: 'Needs attention' }).getByRole('button');
  await chips.first().waitFor();
  // The counted chips ('Late arrival · 3'), not 'Which document?' beside them.
  return Object.fromEntries(
    (await chips.allInnerTexts()).flatMap((text) => {
      const [, label, count] = /^(.+?) · ([\d,]+)$/.exec(text.trim()) ?? [];
      return label === undefined || count === undefined ? [] : [[label, Number(count.replaceAll(',', ''))]];
    }),
  );
}

test("the open exceptions figure equals the dashboard's chips, for staff and for a forwarder, whatever the range", async () => {
  for (const who of [users().admin, users().forwarder]) {
    const context = await openContext(browser);
    const page = await context.newPage();
    await signIn(page, who);
    const chips = await dashboardChips(page);
    expect(Object.keys(chips).length).toBeGreaterThan(0);
    // One action from the dashboard: Analytics, in the sidebar; the figure is there with the default range.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics' }).click();
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    expect(await openExceptionFigures(page)).toEqual(chips);
    // Every bar says its value, however small beside the largest.
    const bars = page.getByRole('region', { name: 'Open exceptions' }).locator('svg text');
    const labels = await bars.allTextContents();
    for (const count of Object.values(chips)) expect(labels).toContain(String(count));
    // A range nobody shipped in changes nothing: open exceptions are today's.
    await page.goto('/analytics?from=2001-01-01&to=2001-01-31');
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    expect(await openExceptionFigures(page)).toEqual(chips);
    await context.close();
  }
});

test('the lane table fits its card at 1440 px, and the grace is set with the other Admin settings', async () => {
  const context = await openContext(browser);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, users().admin);
  await page.goto('/analytics?from=2024-01-01&to=2026-12-31');
  const lanes = page.getByRole('region', { name: 'Transit time by lane' });
  const table = lanes.getByRole('table', { name: 'Transit time by lane' });
  await table.locator('tbody tr').first().waitFor();
  const fit = await table.evaluate((element) => {
    const container = element.parentElement as HTMLElement;
    const headers = [...element.querySelectorAll('thead th')].map((cell) => cell.getBoundingClientRect().height);
    return { overflow: container.scrollWidth - container.clientWidth, tallest: Math.max(...headers) };
  });
  // No sideways scrolling, and no header wrapped onto a second line.
  expect(fit.overflow).toBeLessThanOrEqual(0);
  expect(fit.tallest).toBeLessThan(48);
  expect(await page.getByRole('spinbutton', { name: 'On-time grace (days)' }).count()).toBe(0);
  await page.getByRole('main').getByRole('link', { name: 'Exception rules' }).click();
  await page.getByRole('heading', { name: 'Exception rules', exact: true }).waitFor();
  await page
    .getByRole('region', { name: 'On-time grace' })
    .getByRole('spinbutton', { name: 'On-time grace (days)' })
    .waitFor();
  await expectNoSeriousA11yViolations(page);
  await context.close();
});
