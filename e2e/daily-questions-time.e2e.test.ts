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

// Two of a coordinator's morning questions about time, each answered from the dashboard in a
// counted number of actions (a click, or a typed entry, is one):
// - "which of my POs arrive late this week": 'Arriving this week', then the 'ETA slipped' chip (2);
// - "what ETA moved since yesterday": 'ETA moved since yesterday' (1), each row saying what it was.

let browser: Browser;
let fileDir: string;
beforeAll(async () => {
  browser = await launchBrowser();
  fileDir = await mkdtemp(path.join(os.tmpdir(), 'quayside-e2e-time-'));
});
afterAll(async () => {
  await browser?.close();
  if (fileDir) await rm(fileDir, { recursive: true, force: true });
});

/** The CLI beside the journeys' server: the same data directory, through its database. */
const cliEnv = () => serverEnv({ DATA_DIR: inject('dataDir'), LOG_LEVEL: 'warn', PUBLIC_URL: inject('baseUrl') });

let imports = 0;
/** Imports a forwarder's report with these rows (shipment, PO, Dest. ETA), as the CLI would. */
async function importReport(rows: readonly [string, string, string][]) {
  imports += 1;
  const file = path.join(fileDir, `report-${imports}.csv`);
  const header = 'Shipment,Order Ref,Forwarder Name,Consignee Name,Origin,Dest.,Trans,Dest. ETA';
  const lines = rows.map(
    ([shipment, po, destEta]) => `${shipment},${po},Kestrel Freight,NAPCO Americas,CNSHA,USMIA,SEA,${destEta}`,
  );
  await writeFile(file, `${[header, ...lines].join('\r\n')}\r\n`);
  await runCli(cliEnv(), ['import', file]);
}

const stamp = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 4)}`.toUpperCase();
/** The UTC day `days` from today, as the server's filters count days. */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An Employee signed in, on the dashboard with its rows shown: where each question starts. */
async function openEmployeeDashboard() {
  const context = await openContext(browser);
  const page = await context.newPage();
  await signIn(page, users().employee);
  await page.goto('/');
  await page.getByRole('grid', { name: 'Line items' }).locator('tbody tr').first().waitFor();
  return { context, page };
}
/** One action: the chip of a question about time. */
const askAboutTime = (page: Page, question: string) =>
  page.getByRole('group', { name: 'Questions about time' }).getByRole('button', { name: question }).click();
const rowOf = (page: Page, po: string) =>
  page.getByRole('grid', { name: 'Line items' }).locator('tbody tr', { hasText: po });

test('which of my POs arrive late this week: two actions from the dashboard, kept in the address', async () => {
  const id = stamp();
  const [late, onTime, lateLater] = [`PO-LW-${id}`, `PO-OT-${id}`, `PO-LL-${id}`];
  // The first promises, then a report that moves two of them later (ETA slipped: 3 days or more).
  await importReport([
    [`LW-${id}`, late, dayFromToday(1)],
    [`OT-${id}`, onTime, dayFromToday(7)],
    [`LL-${id}`, lateLater, dayFromToday(1)],
  ]);
  await importReport([
    [`LW-${id}`, late, dayFromToday(7)],
    [`LL-${id}`, lateLater, dayFromToday(20)],
  ]);

  const { context, page } = await openEmployeeDashboard();

  let actions = 0;
  // 1: the question's chip: Dest. ETA in the next 7 days, not yet arrived.
  await askAboutTime(page, 'Arriving this week');
  actions += 1;
  await page.waitForURL((url) => url.searchParams.get('filters')?.includes('"inNextDays"') ?? false);
  await rowOf(page, onTime).waitFor();
  // 2: the late ones among them.
  await page
    .getByRole('group', { name: 'Needs attention' })
    .getByRole('button', { name: /^ETA slipped · / })
    .click();
  actions += 1;
  await page.waitForURL((url) => url.searchParams.get('exception') === 'eta_slipped');
  // The rows on screen until the answer arrives are the previous ones: wait for the on-time one to go.
  await expect.poll(() => rowOf(page, onTime).count()).toBe(0);
  // Its badge: ETA slipped, by the 6 days its Dest. ETA moved.
  await expect.poll(() => rowOf(page, late).innerText()).toContain('ETA +6 d');
  expect(await rowOf(page, lateLater).count()).toBe(0);
  expect(await page.getByText('Filtered by Dest. ETA in the next 7 days AND ATA is empty').count()).toBeGreaterThan(0);
  expect(actions).toBe(2);
  await expectNoSeriousA11yViolations(page);

  // The address keeps the question as asked: relative, so the same link means this week tomorrow.
  const address = new URL(page.url());
  expect(JSON.parse(address.searchParams.get('filters') ?? '[]')).toEqual([
    { column: 'dest_eta', operator: 'inNextDays', value: '7' },
    { column: 'ata', operator: 'isEmpty', value: '' },
  ]);
  await page.reload();
  await rowOf(page, late).waitFor();
  await context.close();
});

test('what ETA moved since yesterday: one action from the dashboard, each row saying what it was', async () => {
  const id = stamp();
  const [moved, still] = [`PO-MV-${id}`, `PO-ST-${id}`];
  // Far ahead, so the moved one heads the dashboard's default order (latest Dest. ETA first).
  await importReport([
    [`MV-${id}`, moved, '2032-03-12'],
    [`ST-${id}`, still, '2032-03-11'],
  ]);
  await importReport([[`MV-${id}`, moved, '2032-03-19']]);

  const { context, page } = await openEmployeeDashboard();

  let actions = 0;
  // 1: the question's chip: Dest. ETA changed in the last 24 hours.
  await askAboutTime(page, 'ETA moved since yesterday');
  actions += 1;
  await page.waitForURL((url) => url.searchParams.get('filters')?.includes('"changedInLastHours"') ?? false);
  await expect.poll(() => rowOf(page, still).count()).toBe(0);
  await expect.poll(() => rowOf(page, moved).innerText()).toContain('2032-03-19 (was 2032-03-12)');
  await rowOf(page, moved).getByTitle('Dest. ETA 2032-03-12 → 2032-03-19').waitFor();
  expect(actions).toBe(1);
  await expectNoSeriousA11yViolations(page);

  // The filter panel shows the question as a filter one can change: 24 hours to 48.
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Filter Data' });
  await expect.poll(() => panel.getByRole('combobox', { name: 'Operator' }).inputValue()).toBe('changedInLastHours');
  await panel.getByRole('spinbutton', { name: 'Hours' }).fill('48');
  await panel.getByRole('button', { name: 'Apply Filters' }).click();
  await page.waitForURL((url) => url.searchParams.get('filters')?.includes('"48"') ?? false);
  await expect.poll(() => rowOf(page, moved).innerText()).toContain('(was 2032-03-12)');
  await context.close();
});
