import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { runCli } from '../apps/server/src/testing/real-server.ts';
import { serverEnv } from '../apps/server/src/testing/server-process.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openContext, sameOrigin } from './support/browser.ts';
import { signIn, users } from './support/sign-in.ts';

// Two of a coordinator's daily questions, each in at most three actions from the dashboard:
// 'tell me when shipment X arrives' (the arrival, and only it, is mailed at once) and 'send my
// boss a link to this list' (a private view: Copy link offers to share it; the boss opens it).

let browser: Browser;
let fileDir: string;
beforeAll(async () => {
  browser = await launchBrowser();
  fileDir = await mkdtemp(path.join(os.tmpdir(), 'quayside-e2e-follow-'));
});
afterAll(async () => {
  await browser?.close();
  if (fileDir) await rm(fileDir, { recursive: true, force: true });
});

/** The CLI beside the journeys' server: the same data directory, through its database. */
const cliEnv = () => serverEnv({ DATA_DIR: inject('dataDir'), LOG_LEVEL: 'warn', PUBLIC_URL: inject('baseUrl') });

/** The outbox mails to `email` written since `after`. */
async function mailsTo(email: string, after: number): Promise<string[]> {
  const outbox = path.join(inject('dataDir'), 'outbox');
  const mails: string[] = [];
  for (const file of (await readdir(outbox)).filter((name) => name.endsWith(`-${email}.eml`))) {
    const written = Date.parse(file.slice(0, 24).replace(/T(\d\d)-(\d\d)-(\d\d)/, 'T$1:$2:$3'));
    if (written >= after - 1000) mails.push(await readFile(path.join(outbox, file), 'utf8'));
  }
  return mails;
}

test('tell me when shipment X arrives: three actions from the dashboard, and the arrival alone is mailed at once', async () => {
  // As long as the demo's numbers; the latest Dest. ETA, so it heads the dashboard's default order.
  const stamp = `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 4)}`.toUpperCase();
  const shipment = `FW-${stamp}`;
  const file = path.join(fileDir, 'arriving.csv');
  await writeFile(
    file,
    `Shipment,Order Ref,Forwarder Name,Consignee Name,Origin,Dest.,Trans,Dest. ETA\r\n${shipment},PO-${stamp},Kestrel Freight,NAPCO Americas,CNSHA,USMIA,SEA,2031-12-31\r\n`,
  );
  await runCli(cliEnv(), ['import', file]);

  const { employee } = users();
  const context = await openContext(browser);
  const page = await context.newPage();
  await signIn(page, employee);
  const grid = page.getByRole('grid', { name: 'Line items' });
  await grid.waitFor();

  let actions = 0;
  await grid.getByRole('link', { name: shipment, exact: true }).click();
  actions += 1;
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  actions += 1;
  const dialog = page.getByRole('dialog', { name: `Follow shipment ${shipment}` });
  expect(await dialog.getByRole('radio', { name: 'Now, by e-mail' }).isChecked()).toBe(true);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Tell me when it arrives' }).click();
  actions += 1;
  await dialog.getByText(`Following shipment ${shipment}: Arrival · Now, by e-mail.`).waitFor();
  expect(actions).toBe(3);
  console.log(`'tell me when shipment X arrives': ${actions} actions from the dashboard`);

  // It departs, then arrives (an Admin records both): only the arrival is mailed, at the next minute's job.
  const recorded = Date.now();
  const adminContext = await openContext(browser);
  await signIn(await adminContext.newPage(), users().admin);
  for (const dates of [{ ATD: '2031-12-01' }, { ATA: '2031-12-30' }]) {
    const saved = await adminContext.request.post(`/api/Shipments?id=${shipment}`, {
      headers: sameOrigin(),
      data: [dates],
    });
    expect(saved.ok(), await saved.text()).toBe(true);
  }
  await runCli(cliEnv(), ['run-job', 'notify']);
  const mails = (await mailsTo(employee.email, recorded)).filter((mail) => mail.includes(`Shipment ${shipment}`));
  expect(mails).toHaveLength(1);
  expect(mails[0]).toContain('Arrived: ATA 2031-12-30');
  expect(mails[0]).not.toContain('Departed');

  // The bell has the arrival, and the Alerts page says what the follow tells of.
  await page.goto('/alerts');
  await page.getByRole('link', { name: new RegExp(`${shipment}: Arrived`) }).waitFor();
  const followed = page.getByRole('region', { name: 'What you follow' });
  await followed.getByRole('link', { name: new RegExp(`^Shipment ${shipment}`) }).waitFor();
  await followed.getByText('Arrival · Now, by e-mail').first().waitFor();
  await expectNoSeriousA11yViolations(page);
  await context.close();
  await adminContext.close();
});

test('send my boss a link to this list: Copy link on a private view offers to share it, and the boss opens it', async () => {
  const { employee, admin } = users();
  const context = await openContext(browser, { permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await signIn(page, employee);
  // The list the coordinator keeps for themself: a private view, open on the dashboard.
  const name = `Kestrel this week ${Date.now().toString(36)}`;
  const created = await context.request.post('/api/Views', {
    headers: sameOrigin(),
    data: { name, shared: false, query: { q: 'Kestrel' } },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: number };
  await page.goto(`/?view=${id}`);
  await page.getByText(`View: ${name}`).waitFor();

  let actions = 0;
  await page.getByRole('button', { name: 'Views', exact: true }).click();
  actions += 1;
  const menu = page.getByRole('dialog', { name: 'Views' });
  await menu.getByRole('listitem').filter({ hasText: name }).getByText('Only you').waitFor();
  await menu.getByRole('button', { name: `Copy link to ${name}` }).click();
  actions += 1;
  const offer = page.getByRole('dialog', { name: `Copy link to “${name}”` });
  await offer.getByText('Only you can open this view', { exact: false }).waitFor();
  await expectNoSeriousA11yViolations(page);
  await offer.getByRole('button', { name: 'Share with staff and copy link' }).click();
  actions += 1;
  await page.getByText(`Link to “${name}” copied. Every staff user can open it.`).waitFor();
  expect(actions).toBe(3);
  console.log(`'send my boss a link to this list': ${actions} actions from the dashboard`);
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`/\\?view=${id}$`));

  // The boss, another staff user, opens it: the same list, named.
  const bossContext = await openContext(browser);
  const boss = await bossContext.newPage();
  await signIn(boss, admin);
  await boss.goto(new URL(link).pathname + new URL(link).search);
  await boss.getByText(`View: ${name}`).waitFor();
  await boss.getByRole('button', { name: 'Search: Kestrel' }).waitFor();
  expect(await boss.getByText('View not found').count()).toBe(0);
  await expectNoSeriousA11yViolations(boss);
  await context.close();
  await bossContext.close();
});
