import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { runCli } from '../apps/server/src/testing/real-server.ts';
import { serverEnv } from '../apps/server/src/testing/server-process.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openContext } from './support/browser.ts';
import { confirmThroughMail } from './support/mailbox.ts';
import { closeSidebar, openSidebar } from './support/sidebar.ts';
import { signIn, uniqueEmail, users } from './support/sign-in.ts';

// A supplier in the loop, in three browsers: staff import a PO and invite the supplier's contact,
// who registers from the mailed invitation, sees only its company's purchase orders and proposes a
// later cargo-ready date, saying why in the PO's conversation; staff weigh it in an internal note
// the supplier never sees, and the Admin approves it; the supplier requests a booking; the Admin routes
// it to the forwarder, who confirms it; the shipment exists with the PO's parts and the PO shows
// them booked.

let browser: Browser;
let fileDir: string;
beforeAll(async () => {
  browser = await launchBrowser();
  fileDir = await mkdtemp(path.join(os.tmpdir(), 'quayside-e2e-supplier-'));
});
afterAll(async () => {
  await browser?.close();
  if (fileDir) await rm(fileDir, { recursive: true, force: true });
});

const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('a supplier is invited, moves its cargo-ready date, books, and the forwarder confirms the shipment', async () => {
  const stamp = `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 4)}`.toUpperCase();
  const supplier = `Lotus Moulding ${stamp}`;
  const po = `PO-SUP-${stamp}`;
  const other = `PO-OTHER-${stamp}`;
  const email = uniqueEmail('supplier');
  const ready = daysFromToday(20);
  const later = daysFromToday(34);
  const shipment = `E2E-BK-${stamp}`;

  // 1. The Admin imports the ERP's POs (the supplier's, and another's) and invites the supplier's contact.
  const adminContext = await openContext(browser, { viewport: { width: 1440, height: 900 } });
  const admin = await adminContext.newPage();
  await signIn(admin, users().admin);
  await admin.goto('/import?kind=purchase-orders');
  const erp = path.join(fileDir, `erp-${stamp}.csv`);
  await writeFile(
    erp,
    [
      'PO Number,Supplier,Cargo-ready Date,Line,SKU,Qty Ordered,Unit Price',
      `${po},${supplier},${ready},1,SKU-${stamp},100,4.20`,
      `${other},Other Works ${stamp},${ready},1,OTHER-${stamp},10,1.00`,
    ].join('\r\n'),
  );
  await admin.getByLabel('Purchase orders file (CSV or Excel .xlsx)').setInputFiles(erp);
  await admin
    .getByText(/2 to create, 0 to update/)
    .first()
    .waitFor();
  await admin.getByRole('button', { name: 'Import', exact: true }).click();
  await admin.getByRole('alert').filter({ hasText: 'Import complete' }).waitFor();
  await (await openSidebar(admin)).getByRole('link', { name: 'Suppliers' }).click();
  await closeSidebar(admin);
  await admin.getByRole('heading', { name: 'Suppliers', level: 1 }).waitFor();
  await admin.getByRole('button', { name: 'Invite contact' }).first().click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('Supplier').fill(supplier);
  await dialog.getByLabel('Full name').fill('Lin Lotus');
  await dialog.getByLabel('E-mail').fill(email);
  const invited = Date.now();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await admin.getByText(`Invitation sent to ${email}.`).waitFor();
  await expectNoSeriousA11yViolations(admin);

  // 2. The contact registers with the invited address and lands on its purchase orders: only its own.
  const contactContext = await openContext(browser, { viewport: { width: 1440, height: 900 } });
  const contact = await contactContext.newPage();
  await contact.goto('/register');
  await contact.getByLabel('Email').fill(email);
  await contact.getByLabel('Password', { exact: true }).fill('a supplier password');
  await contact.getByLabel('Confirm password').fill('a supplier password');
  await contact.getByRole('button', { name: 'Register' }).click();
  await confirmThroughMail(contact, email, 'a supplier password', invited);
  await contact.getByRole('heading', { name: 'Purchase Orders', level: 1 }).waitFor();
  await contact.getByRole('link', { name: po }).waitFor();
  expect(await contact.getByRole('link', { name: other }).count()).toBe(0);
  const nav = await openSidebar(contact);
  expect(await nav.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
  await closeSidebar(contact);

  // 3. It proposes a cargo-ready date two weeks later.
  await contact.getByRole('link', { name: po }).click();
  await contact.getByText('Awaiting confirmation').first().waitFor();
  await contact.getByRole('button', { name: 'Propose changes' }).click();
  const propose = contact.getByRole('dialog');
  await propose.getByLabel('Purchase order cargo-ready date').fill(later);
  await propose.getByLabel('Note').fill('Tooling repair');
  await propose.getByRole('button', { name: /^Send/ }).click();
  await contact.getByText('Changes proposed').first().waitFor();
  const conversation = (page: typeof contact) => page.getByRole('region', { name: 'Conversation' });
  await conversation(contact)
    .getByRole('textbox', { name: 'Message', exact: true })
    .fill('Tooling repair: two weeks later, sorry.');
  await conversation(contact).getByRole('button', { name: 'Send' }).click();
  await conversation(contact).getByText('Tooling repair: two weeks later, sorry.').waitFor();
  await expectNoSeriousA11yViolations(contact);

  // 4. The Admin sees it waiting on the PO and approves it.
  await admin.goto(`/purchase-orders/${encodeURIComponent(po)}`);
  await admin.getByText(`Cargo-ready date ${ready} → ${later}`).first().waitFor();
  // Staff talk it over where the supplier cannot read.
  await conversation(admin).getByText('Tooling repair: two weeks later, sorry.').waitFor();
  await conversation(admin).getByLabel('Internal (staff only)').check();
  await conversation(admin)
    .getByRole('textbox', { name: 'Message', exact: true })
    .fill('Stock covers two weeks: approving.');
  await conversation(admin).getByRole('button', { name: 'Send' }).click();
  await conversation(admin).getByText('Stock covers two weeks: approving.').waitFor();
  await admin.getByRole('button', { name: 'Approve' }).click();
  await admin.getByText('Proposal approved.').waitFor();

  // 5. The supplier's PO is confirmed, with the new date; it asks for 60 of the 100 to be booked.
  await contact.reload();
  await contact.getByText('Confirmed').first().waitFor();
  await contact.getByText(later).first().waitFor();
  await conversation(contact).getByText('Tooling repair: two weeks later, sorry.').waitFor();
  expect(await contact.getByText('Stock covers two weeks').count()).toBe(0);
  await contact.getByRole('button', { name: 'Request booking' }).click();
  const ask = contact.getByRole('dialog');
  await ask.getByLabel('Quantity to book').fill('60');
  await ask.getByLabel('Packages').fill('6');
  await ask.getByLabel('Origin').fill('CNNGB');
  await ask.getByLabel('Mode').selectOption('LCL');
  await ask.getByRole('button', { name: 'Send request' }).click();
  await contact.getByText('Booking requested.').waitFor();
  const reference = (
    await contact
      .getByText(/^BK-\d{6}$/)
      .first()
      .innerText()
  ).trim();

  // 6. The Admin routes it to the forwarder.
  await (await openSidebar(admin)).getByRole('link', { name: 'Bookings' }).click();
  await closeSidebar(admin);
  await admin.getByRole('heading', { name: 'Bookings', level: 1 }).waitFor();
  await admin.getByRole('button', { name: `Route ${reference}` }).click();
  const route = admin.getByRole('dialog');
  await route.getByLabel('Forwarder name').fill(users().forwarder.company);
  await route.getByRole('button', { name: 'Route', exact: true }).click();
  await admin.getByText(`Booking routed to ${users().forwarder.company}.`).waitFor();

  // 7. The forwarder, in a third browser, confirms it with its shipment number.
  const forwarderContext = await openContext(browser, { viewport: { width: 1440, height: 900 } });
  const forwarder = await forwarderContext.newPage();
  await signIn(forwarder, users().forwarder);
  await forwarder.goto('/bookings');
  await forwarder.getByRole('button', { name: `Confirm ${reference}` }).click();
  const confirm = forwarder.getByRole('dialog');
  await confirm.getByLabel('Shipment number').fill(shipment);
  await confirm.getByRole('button', { name: 'Confirm', exact: true }).click();
  await forwarder.getByText('Booking confirmed: the shipment is created.').waitFor();
  await expectNoSeriousA11yViolations(forwarder);

  // 8. The shipment exists with the PO's line item, and the PO shows the 60 booked.
  await forwarder.goto(`/shipment-details/${encodeURIComponent(shipment)}`);
  await forwarder.getByRole('heading', { name: `Shipment: ${shipment}` }).waitFor();
  await forwarder.getByRole('tab', { name: 'Line Items & Parts' }).click();
  await forwarder.getByRole('tabpanel').getByText(po).first().waitFor();
  await admin.goto(`/purchase-orders/${encodeURIComponent(po)}`);
  const figures = admin.getByRole('list', { name: 'Quantities of line 1' });
  // The page may open with the figures it kept from before, then bring them up to date.
  await expect.poll(() => figures.innerText(), { timeout: 10_000 }).toMatch(/Booked\s*60/);
  // The approved later date is the PO's exception now.
  await admin.getByText('Cargo-ready date slipped').first().waitFor();
  await contact.reload();
  await contact.getByText(shipment).first().waitFor();

  // 9. Each party's bell shows its part, once the minute's alerts are sent.
  await runCli(serverEnv({ DATA_DIR: inject('dataDir'), LOG_LEVEL: 'warn', PUBLIC_URL: inject('baseUrl') }), [
    'run-job',
    'notify',
  ]);
  const bellShows = async (page: typeof contact, ...lines: string[]) => {
    await page.goto('/alerts');
    for (const line of lines) await page.getByRole('link', { name: line }).first().waitFor();
  };
  const forwarderCompany = users().forwarder.company;
  await bellShows(
    admin,
    `${po}: Changes proposed by Lin Lotus`,
    `${reference}: Booking requested for ${po} by Lin Lotus`,
    `${reference}: Booking confirmed by ${forwarderCompany}: shipment ${shipment}`,
  );
  await bellShows(contact, `${reference}: Booking confirmed by ${forwarderCompany}: shipment ${shipment}`);
  await contact.getByRole('link', { name: new RegExp(`^${po}: Proposed changes approved by `) }).waitFor();
  await expectNoSeriousA11yViolations(contact);
  await bellShows(forwarder, `${reference}: Booking routed to ${forwarderCompany}`);
  // The supplier follows the link to its PO.
  await contact.getByRole('link', { name: new RegExp(`^${po}: Proposed changes approved by `) }).click();
  await contact.waitForURL(`**/purchase-orders/${encodeURIComponent(po)}`);
});
