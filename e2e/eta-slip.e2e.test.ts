import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { runCli } from '../apps/server/src/testing/real-server.ts';
import { serverEnv } from '../apps/server/src/testing/server-process.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openContext } from './support/browser.ts';
import { signIn, users } from './support/sign-in.ts';

// An ETA slip, end to end: an Admin follows a shipment; a forwarder's report moves its Dest. ETA by 10
// days; the line item shows 'ETA slipped' on the dashboard and in its History tab, and the
// follower's daily digest names it.

let browser: Browser;
let fileDir: string;
beforeAll(async () => {
  browser = await launchBrowser();
  fileDir = await mkdtemp(path.join(os.tmpdir(), 'quayside-e2e-slip-'));
});
afterAll(async () => {
  await browser?.close();
  if (fileDir) await rm(fileDir, { recursive: true, force: true });
});

/** The CLI beside the journeys' server: the same data directory, through its database. */
const cliEnv = () => serverEnv({ DATA_DIR: inject('dataDir'), LOG_LEVEL: 'warn', PUBLIC_URL: inject('baseUrl') });

async function importReport(name: string, row: string) {
  const file = path.join(fileDir, name);
  const header = 'Shipment,Order Ref,Forwarder Name,Consignee Name,Origin,Dest.,Trans,Dest. ETA';
  await writeFile(file, `${header}\r\n${row}\r\n`);
  await runCli(cliEnv(), ['import', file]);
}

/** The newest outbox mail to `email` that mentions `text`, written since `after`. */
async function mailMentioning(email: string, text: string, after: number): Promise<string> {
  const outbox = path.join(inject('dataDir'), 'outbox');
  for (const file of (await readdir(outbox))
    .filter((name) => name.endsWith(`-${email}.eml`))
    .sort()
    .reverse()) {
    const written = Date.parse(file.slice(0, 24).replace(/T(\d\d)-(\d\d)-(\d\d)/, 'T$1:$2:$3'));
    const mail = await readFile(path.join(outbox, file), 'utf8');
    if (written >= after - 1000 && mail.includes(text)) return mail;
  }
  throw new Error(`no mail to ${email} mentioning ${text}`);
}

test("an import moves a Dest. ETA by 10 days: 'ETA slipped' on the dashboard, in History and in the digest", async () => {
  // As long as the demo's numbers: with the latest Dest. ETA this shipment heads the default order,
  // and the grid journey measures at 1440 px whether the columns fit with it on screen.
  const stamp = `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 4)}`.toUpperCase();
  const shipment = `SL-${stamp}`;
  const po = `PO-${stamp}`;
  const row = (destEta: string) => `${shipment},${po},Kestrel Freight,NAPCO Americas,CNSHA,USMIA,SEA,${destEta}`;
  await importReport('first.csv', row('2031-03-10'));

  const context = await openContext(browser);
  const page = await context.newPage();
  const { admin } = users();
  await signIn(page, admin);
  await page.goto(`/shipment-details/${shipment}`);
  // Every event, in the daily digest.
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  const follow = page.getByRole('dialog', { name: `Follow shipment ${shipment}` });
  await follow.getByRole('radio', { name: 'In the daily digest' }).check();
  await follow.getByRole('button', { name: 'Follow', exact: true }).click();
  await follow.getByText(`Following shipment ${shipment}: Every event · In the daily digest.`).waitFor();
  await follow.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Following' }).waitFor();

  const slipped = Date.now();
  await importReport('second.csv', row('2031-03-20'));

  // The dashboard: the chip narrows the search to the slipped line item, which wears the badge.
  await page.goto(`/?q=${po}`);
  const chips = page.getByRole('group', { name: 'Needs attention' });
  await chips.getByRole('button', { name: /^ETA slipped · / }).click();
  await page.waitForURL((url) => url.searchParams.get('exception') === 'eta_slipped');
  const table = page.getByRole('grid', { name: 'Line items' });
  await table.getByRole('columnheader', { name: 'Exceptions' }).waitFor();
  const lineItem = table.locator('tbody tr', { hasText: po });
  // The badge says how far: 'ETA +10 d'.
  await expect.poll(() => lineItem.innerText()).toContain('ETA +10 d');
  expect(await table.locator('tbody tr').count()).toBe(1);
  await expectNoSeriousA11yViolations(page);

  // Its History tab: the estimate's movement and the change, with the import that made it.
  await page.goto(`/line-item/${po}`);
  await page.getByRole('tab', { name: 'History' }).click();
  const estimates = page.getByRole('region', { name: 'Estimates' });
  await estimates.getByText('Dest. ETA: 2031-03-10 → 2031-03-20, +10 days, 1 change').waitFor();
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await timeline.getByText('Dest. ETA: 2031-03-10 → 2031-03-20').waitFor();
  expect(await timeline.innerText()).toMatch(/import #\d+/);
  await expectNoSeriousA11yViolations(page);

  // The follower chose the daily digest, which names the slip.
  await runCli(cliEnv(), ['run-job', 'daily-digest']);
  const digest = await mailMentioning(admin.email, `Shipment ${shipment}`, slipped);
  expect(digest).toContain('Subject: Quayside daily digest:');
  expect(digest).toContain('ETA slipped: Dest. ETA 2031-03-10 → 2031-03-20 (+10 days)');
  expect(digest).toContain(`${inject('baseUrl')}/shipment-details/${shipment}`);
  expect(digest).toMatch(/\/unsubscribe\?token=\S+/);

  // The bell has it too.
  await page.goto('/alerts');
  await page.getByRole('link', { name: new RegExp(`${shipment}: ETA slipped`) }).waitFor();
  await page.getByRole('combobox', { name: 'An ETA slip' }).waitFor();
  await expectNoSeriousA11yViolations(page);
  // The Admin's pages for webhooks and exception rules, as a screen reader meets them.
  for (const [path, heading] of [
    ['/webhooks', 'Webhooks'],
    ['/exception-rules', 'Exception rules'],
  ] as const) {
    await page.goto(path);
    await page.getByRole('heading', { name: heading, exact: true }).waitFor();
    await page.getByRole('button', { name: path === '/webhooks' ? 'Register' : 'Save', exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page);
  }
  await context.close();
});
