import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { containerCheckDigit } from '@quayside/domain/identifiers';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { transportEvent } from '../apps/server/src/modules/carrier-events/dcsa-events.ts';
import { runCli } from '../apps/server/src/testing/real-server.ts';
import { serverEnv } from '../apps/server/src/testing/server-process.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openContext } from './support/browser.ts';
import { closeSidebar, openSidebar } from './support/sidebar.ts';
import { signIn, users } from './support/sign-in.ts';

// Carrier events, end to end: the Admin creates an integration and copies its token; a carrier
// posts a DCSA estimated arrival at a late shipment's destination, which moves its Dest. ETA (the
// page, the dashboard's badges and the follower's bell say so), then the actual arrival, which sets
// its ATA and ends its exceptions. The Admin shares a public tracking link, which a browser without
// a session opens, until the link is withdrawn.

let browser: Browser;
let fileDir: string;
beforeAll(async () => {
  browser = await launchBrowser();
  fileDir = await mkdtemp(path.join(os.tmpdir(), 'quayside-e2e-carrier-'));
});
afterAll(async () => {
  await browser?.close();
  if (fileDir) await rm(fileDir, { recursive: true, force: true });
});

/** The CLI beside the journeys' server: the same data directory, through its database. */
const cliEnv = () => serverEnv({ DATA_DIR: inject('dataDir'), LOG_LEVEL: 'warn', PUBLIC_URL: inject('baseUrl') });

/** A day counted from today (UTC), as YYYY-MM-DD. */
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A valid ISO 6346 container number of this run: owner QSC, category U, a serial, its check digit. */
function uniqueContainer() {
  const serial = String((Date.now() * 7 + Math.floor(Math.random() * 1_000_000)) % 1_000_000).padStart(6, '0');
  const firstTen = `QSCU${serial}`;
  return `${firstTen}${containerCheckDigit(firstTen)}`;
}

/** A carrier's notification, as its integration posts it: a JSON array of DCSA events, its token as bearer. */
async function postCarrierEvents(token: string, events: unknown[]) {
  const response = await fetch(`${inject('baseUrl')}/api/CarrierEvents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(events),
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text) as {
    received: number;
    results: {
      eventID: string | null;
      outcome: string;
      shipment: string | null;
      applied: string | null;
      reason: string | null;
    }[];
  };
}

/** A date field of the shipment page's Dates tab, as read mode shows it. */
const dateField = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

test('a carrier reports a late shipment arriving: its dates, exceptions and bell follow, and a public link shows it', async () => {
  const stamp = `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 4)}`.toUpperCase();
  const shipment = `CE-${stamp}`;
  const po = `PO-CE-${stamp}`;
  const consignee = `Harbour Goods ${stamp}`;
  const forwarder = 'Kestrel Freight';
  const container = uniqueContainer();
  const integration = `Carrier ${stamp}`;
  const promised = daysFromToday(-20);
  const estimated = daysFromToday(-2);
  const arrived = daysFromToday(-1);

  // 1. The Admin creates an integration from the Carrier events page and copies its token, shown once.
  const context = await openContext(browser, { viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, users().admin);
  await (await openSidebar(page)).getByRole('link', { name: 'Carrier events' }).click();
  await closeSidebar(page);
  await page.getByRole('heading', { name: 'Carrier events', level: 1 }).waitFor();
  const integrations = page.getByRole('region', { name: 'Integrations' });
  await page.getByRole('region', { name: 'Waiting for review' }).waitFor();
  await integrations.getByRole('button', { name: 'New integration' }).click();
  const create = page.getByRole('dialog', { name: 'New integration' });
  await create.getByRole('textbox', { name: /^Name/ }).fill(integration);
  await create.getByRole('button', { name: 'Create' }).click();
  const shownOnce = create.getByRole('alert').filter({ hasText: 'Shown this once: copy it now.' });
  await shownOnce.getByText(`Integration ${integration} created.`).waitFor();
  const token = (await shownOnce.locator('code').first().innerText()).trim();
  expect(token).toMatch(/^qct_[A-Za-z0-9_-]{20,}$/);
  expect(await create.innerText()).toContain('Authorization: Bearer <token>');
  await create.getByRole('button', { name: 'Done' }).click();
  await create.waitFor({ state: 'detached' });
  const row = integrations.getByRole('row').filter({ has: page.getByRole('rowheader', { name: integration }) });
  await row.waitFor();
  // Whose shipments, signed, how many events it sent, and when it last did: none yet.
  expect(await row.getByRole('cell').allInnerTexts(), 'a new integration has sent nothing').toEqual([
    'Any shipment',
    'No',
    '0',
    '—',
    expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/),
    'Revoke',
  ]);
  // The token was shown once: the page no longer has it.
  expect(await page.getByText(token).count()).toBe(0);
  await expectNoSeriousA11yViolations(page);

  // 2. A late shipment (its Dest. ETA 20 days ago, no ATA) in container `container`, imported; the Admin follows it in the app.
  const report = path.join(fileDir, `report-${stamp}.csv`);
  await writeFile(
    report,
    [
      'Shipment,Order Ref,Forwarder Name,Consignee Name,Origin,Dest.,Trans,Container #,Dest. ETA',
      `${shipment},${po},${forwarder},${consignee},CNSHA,USMIA,SEA,${container},${promised}`,
    ].join('\r\n'),
  );
  await runCli(cliEnv(), ['import', report]);
  await page.goto(`/shipment-details/${shipment}`);
  await page.getByRole('heading', { name: `Shipment: ${shipment}` }).waitFor();
  await page.getByRole('region', { name: 'Carrier events' }).getByText('No carrier events yet.').waitFor();
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  const follow = page.getByRole('dialog', { name: `Follow shipment ${shipment}` });
  await follow.getByRole('radio', { name: 'In the app only' }).check();
  await follow.getByRole('button', { name: 'Follow', exact: true }).click();
  await follow.getByText(`Following shipment ${shipment}: Every event · In the app only.`).waitFor();
  await follow.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Following' }).waitFor();

  // 3. The carrier estimates its arrival at USMIA two days ago (Miami's local time): Dest. ETA moves 18 days.
  const estimate = transportEvent({
    code: 'ARRI',
    classifier: 'EST',
    at: `${estimated}T10:00:00-04:00`,
    location: 'USMIA',
    containers: [container],
  });
  const first = await postCarrierEvents(token, [estimate]);
  expect(first.received).toBe(1);
  expect(first.results).toEqual([
    { eventID: estimate.eventID, outcome: 'applied', shipment, applied: 'Dest. ETA', reason: null },
  ]);
  await runCli(cliEnv(), ['run-job', 'notify']);

  await page.goto(`/shipment-details/${shipment}`);
  await page.getByRole('heading', { name: `Shipment: ${shipment}` }).waitFor();
  const timeline = page.getByRole('list', { name: `Carrier events of shipment ${shipment}` });
  const estimateItem = timeline.getByRole('listitem').filter({ hasText: 'Arrival (estimated)' });
  await estimateItem.waitFor();
  await estimateItem.getByText('Set Dest. ETA').waitFor();
  expect(await estimateItem.innerText()).toContain(`${estimated} 10:00 (UTC-04:00) · USMIA`);
  expect(await estimateItem.innerText()).toContain(`From ${integration}`);
  // The Dates tab, as the milestone strip, reads the day the carrier's estimate set.
  await expect.poll(() => dateField(page, 'Dest. ETA').inputValue(), { timeout: 10_000 }).toBe(estimated);
  expect(await dateField(page, 'ATA').inputValue()).toBe('—');
  // The banner: Dest. ETA passed two days ago without an ATA, and 18 days later than first promised.
  const banner = page.getByRole('region', { name: 'Needs attention' });
  await banner.getByTitle('Urgent: Late arrival').getByText('Late arrival · 2 d').waitFor();
  await banner.getByTitle('Attention: ETA slipped').getByText('ETA +18 d').waitFor();

  // The dashboard's chips narrow to the line item, which wears both badges.
  await page.goto(`/?q=${po}&exception=late_arrival,eta_slipped`);
  const chips = page.getByRole('group', { name: 'Needs attention' });
  await chips.getByRole('button', { name: /^ETA slipped · / }).waitFor();
  await chips.getByRole('button', { name: /^Late arrival · / }).waitFor();
  expect(await chips.getByRole('button', { name: /^ETA slipped · / }).getAttribute('aria-pressed')).toBe('true');
  const grid = page.getByRole('grid', { name: 'Line items' });
  await grid.getByRole('columnheader', { name: 'Exceptions' }).waitFor();
  const lineItem = grid.locator('tbody tr', { hasText: po });
  await expect.poll(() => lineItem.innerText(), { timeout: 10_000 }).toContain('ETA +18 d');
  expect(await lineItem.innerText()).toContain('Late arrival · 2 d');

  // The follower's bell has the slip.
  await page.goto('/alerts');
  await page
    .getByRole('link', { name: `${shipment}: ETA slipped: Dest. ETA ${promised} → ${estimated} (+18 days)` })
    .waitFor();

  // 4. The carrier reports the actual arrival, yesterday: ATA is set, and neither exception remains.
  const arrival = transportEvent({
    code: 'ARRI',
    classifier: 'ACT',
    at: `${arrived}T06:30:00-04:00`,
    location: 'USMIA',
    containers: [container],
  });
  const second = await postCarrierEvents(token, [arrival]);
  expect(second.results).toEqual([
    { eventID: arrival.eventID, outcome: 'applied', shipment, applied: 'ATA', reason: null },
  ]);
  await page.goto(`/shipment-details/${shipment}`);
  await page.getByRole('heading', { name: `Shipment: ${shipment}` }).waitFor();
  await timeline.getByRole('listitem').filter({ hasText: 'Arrival (actual)' }).getByText('Set ATA').waitFor();
  await expect.poll(() => dateField(page, 'ATA').inputValue(), { timeout: 10_000 }).toBe(arrived);
  // The banner shows nothing while its answer is on its way: wait for the page's requests to settle.
  await page.waitForLoadState('networkidle');
  await expect
    .poll(async () => (await banner.count()) === 0 || !/Late arrival|ETA \+/.test(await banner.innerText()), {
      timeout: 10_000,
    })
    .toBe(true);
  await page.goto(`/?q=${po}&exception=late_arrival,eta_slipped`);
  await page.getByText('No matching results found').waitFor();

  // 5. A public tracking link, made from the shipment page; its address is shown once.
  await page.goto(`/shipment-details/${shipment}`);
  await page.getByRole('button', { name: 'Share tracking link' }).click();
  const share = page.getByRole('dialog', { name: 'Share tracking link' });
  await share.getByText('No links yet.').waitFor();
  await share.getByRole('button', { name: 'Make a link' }).click();
  const made = share.getByRole('alert').filter({ hasText: 'Shown this once: copy it now.' });
  const link = (await made.locator('code').first().innerText()).trim();
  expect(link).toMatch(new RegExp(`^${inject('baseUrl')}/track/\\S+$`));

  // Someone without an account opens it.
  const stranger = await openContext(browser, { viewport: { width: 1440, height: 900 } });
  const outside = await stranger.newPage();
  await outside.goto(link);
  await outside.getByRole('heading', { name: 'Shipment tracking', level: 1 }).waitFor();
  await outside.getByText('CNSHA → USMIA').waitFor();
  const publicEvents = outside.getByRole('list', { name: 'Carrier events' });
  await publicEvents.getByRole('listitem').filter({ hasText: 'Arrival (actual)' }).waitFor();
  await publicEvents.getByRole('listitem').filter({ hasText: 'Arrival (estimated)' }).waitFor();
  const dates = outside.getByRole('region', { name: 'Dates' });
  expect(await dates.innerText()).toContain(arrived);
  const seen = await outside.locator('body').innerText();
  for (const secret of [consignee, forwarder, po, integration]) expect(seen).not.toContain(secret);
  expect(await outside.locator('head meta[name="robots"]').getAttribute('content')).toBe('noindex');
  await expectNoSeriousA11yViolations(outside);

  // The Admin withdraws it; the page no longer opens.
  await share.getByRole('button', { name: /^Withdraw the link made / }).click();
  await share.getByText(/^Withdrawn /).waitFor();
  await outside.reload();
  await outside.getByText('This tracking link is not valid or has been withdrawn.').waitFor();
  expect(await outside.getByText('CNSHA → USMIA').count()).toBe(0);

  // The Carrier events page counts the integration's two events, and reads well to a screen reader with them.
  await page.goto('/carrier-events');
  await row.waitFor();
  expect(await row.getByRole('cell').allInnerTexts(), 'the integration has sent two events').toEqual([
    'Any shipment',
    'No',
    '2',
    expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/),
    expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/),
    'Revoke',
  ]);
  await expectNoSeriousA11yViolations(page);
}, 180_000);
