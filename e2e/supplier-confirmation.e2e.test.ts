import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openContext, sameOrigin } from './support/browser.ts';
import { confirmThroughMail } from './support/mailbox.ts';
import { openSidebar } from './support/sidebar.ts';
import { signIn, uniqueEmail, users } from './support/sign-in.ts';

// A supplier in the loop: an Admin invites a supplier's contact, who registers from the mailed
// invitation, sees only its company's purchase orders, and proposes a later cargo-ready date; the
// Admin approves it, and the supplier's PO shows the new date, confirmed.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('a supplier is invited, proposes a later cargo-ready date, and the Admin approves it', async () => {
  const stamp = `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 4)}`.toUpperCase();
  const supplier = `Lotus Moulding ${stamp}`;
  const po = `PO-SUP-${stamp}`;
  const other = `PO-OTHER-${stamp}`;
  const email = uniqueEmail('supplier');
  const ready = daysFromToday(20);
  const later = daysFromToday(34);

  // 1. The Admin has the supplier's PO (and another supplier's), and invites the supplier's contact.
  const adminContext = await openContext(browser, { viewport: { width: 1440, height: 900 } });
  const admin = await adminContext.newPage();
  await signIn(admin, users().admin);
  for (const [number, name] of [
    [po, supplier],
    [other, `Other Works ${stamp}`],
  ]) {
    const saved = await adminContext.request.post('/api/PurchaseOrders', {
      headers: sameOrigin(),
      data: {
        po_number: number,
        supplier: name,
        cargo_ready_date: ready,
        lines: [{ line_number: 1, sku: `SKU-${stamp}`, ordered_qty: 100, unit_price: 4.2 }],
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  await (await openSidebar(admin)).getByRole('link', { name: 'Suppliers' }).click();
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

  // 3. It proposes a cargo-ready date two weeks later.
  await contact.getByRole('link', { name: po }).click();
  await contact.getByText('Awaiting confirmation').first().waitFor();
  await contact.getByRole('button', { name: 'Propose changes' }).click();
  const propose = contact.getByRole('dialog');
  await propose.getByLabel('Purchase order cargo-ready date').fill(later);
  await propose.getByLabel('Note').fill('Tooling repair');
  await propose.getByRole('button', { name: /^Send/ }).click();
  await contact.getByText('Changes proposed').first().waitFor();
  await expectNoSeriousA11yViolations(contact);

  // 4. The Admin sees it waiting on the PO and approves it.
  await admin.goto(`/purchase-orders/${encodeURIComponent(po)}`);
  await admin.getByText(`Cargo-ready date ${ready} → ${later}`).first().waitFor();
  await admin.getByRole('button', { name: 'Approve' }).click();
  await admin.getByText('Proposal approved.').waitFor();

  // 5. The supplier's PO is confirmed, with the new date.
  await contact.reload();
  await contact.getByText('Confirmed').first().waitFor();
  await contact.getByText(later).first().waitFor();
});
