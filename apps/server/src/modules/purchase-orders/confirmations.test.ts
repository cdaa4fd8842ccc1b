import {
  ALREADY_CONFIRMED,
  CONFIRMATIONS_FORBIDDEN,
  DECISIONS_FORBIDDEN,
  noSuchLine,
  PO_CONFIRMED,
  PROPOSAL_APPROVED,
  PROPOSAL_AUTO_APPROVED,
  PROPOSAL_NOT_FOUND,
  PROPOSAL_NOT_PENDING,
  PROPOSAL_REJECTED,
  PROPOSAL_SENT,
  PROPOSAL_WAITING,
  REJECTION_NEEDS_REASON,
  unchangedLine,
} from '@quayside/domain/confirmations';
import { PO_ALREADY_CLOSED, PO_NOT_FOUND, type PurchaseOrderDetail } from '@quayside/domain/purchase-orders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertShipment } from '../../testing/fixtures.ts';
import { bearer, createTestApp, signInCast, type TestApp } from '../../testing/test-app.ts';

// A supplier's answers to its POs and staff's decisions, through the API on a real database: each
// state (awaiting → proposed → confirmed, or back on rejection), what an approval changes (dates,
// quantities, splits, and so the PO's 'not booked' exception), automatic approval within the
// Admin's limit, amendments asking again, and every boundary between suppliers and roles.

const TODAY = '2027-06-10';
let t: TestApp;
let admin: string;
let employee: string;
let blue: string;
let anchor: string;
let birch: string;

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date(`${TODAY}T12:00:00Z`) });
  ({ admin, employee, blue } = await signInCast(t));
  anchor = await t.signedInAs({ email: 'sales@anchor.example', role: 'Supplier', company_name: 'Anchor Mills' });
  birch = await t.signedInAs({ email: 'sales@birch.example', role: 'Supplier', company_name: 'Birch Works' });
});
afterAll(() => t.close());

const q = encodeURIComponent;
let counter = 0;
/** A fresh PO of Anchor Mills: line 1 orders 100 A-1, line 2 50 A-2, ready 2027-06-01. */
async function anchorPo(supplier = ' anchor mills ') {
  counter += 1;
  const po = `PO-CF-${counter}`;
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/PurchaseOrders',
    headers: bearer(admin),
    payload: {
      po_number: po,
      supplier,
      cargo_ready_date: '2027-06-01',
      notes: 'Internal: Blue Anchor quoted lower',
      lines: [
        { line_number: 1, sku: 'A-1', ordered_qty: 100, unit_price: 2.5 },
        { line_number: 2, sku: 'A-2', ordered_qty: 50 },
      ],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return po;
}

const post = (token: string, path: string, po: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/PurchaseOrders/${path}?po=${q(po)}`, headers: bearer(token), payload });
const confirm = (token: string, po: string, payload: object = {}) => post(token, 'confirm', po, payload);
const propose = (token: string, po: string, payload: object) => post(token, 'proposals', po, payload);
const decide = (token: string, po: string, payload: object) => post(token, 'proposals/decision', po, payload);
const detail = async (token: string, po: string) => {
  const response = await t.app.inject({ url: `/api/PurchaseOrders/detail?po=${q(po)}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PurchaseOrderDetail>();
};
const answer = (response: { json: <T>() => T }) =>
  response.json<{ message: string; purchaseOrder: PurchaseOrderDetail }>();
const proposalCount = async () =>
  (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from purchase_order_proposals`)).rows[0]?.n;

describe('confirming a purchase order', () => {
  it('its supplier confirms it once, and staff and the supplier read who did and when', async () => {
    const po = await anchorPo();
    expect((await detail(admin, po)).confirmation).toBe('awaiting');
    const confirmed = await confirm(anchor, po, { note: 'All in stock' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(answer(confirmed).message).toBe(PO_CONFIRMED);
    expect(answer(confirmed).purchaseOrder.confirmation).toBe('confirmed');

    const seen = await detail(admin, po);
    expect(seen.proposals).toEqual([
      expect.objectContaining({ kind: 'accept', status: 'approved', note: 'All in stock', decided_by: null }),
    ]);
    expect(seen.history[0]).toMatchObject({
      kind: 'confirmed',
      actor: 'sales@anchor.example',
      summary: 'Confirmed by sales@anchor.example. Note: All in stock',
    });
    const again = await confirm(anchor, po);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: ALREADY_CONFIRMED });
  });

  it('only the supplier of the PO may confirm it: another supplier hears it does not exist, staff and forwarders are refused', async () => {
    const po = await anchorPo();
    const other = await confirm(birch, po);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: PO_NOT_FOUND });
    for (const token of [admin, employee, blue]) {
      const refused = await confirm(token, po);
      expect(refused.statusCode).toBe(403);
    }
    expect((await confirm(admin, po)).json()).toEqual({ message: CONFIRMATIONS_FORBIDDEN });
    expect((await detail(admin, po)).confirmation).toBe('awaiting');
  });
});

describe('proposing changes', () => {
  it('a later cargo-ready date waits for staff; approved, the PO and its line follow, and the history says so', async () => {
    const po = await anchorPo();
    // The cargo-ready date has passed and nothing is booked: the PO is 'not booked by cargo-ready date'.
    expect((await detail(admin, po)).exceptions).toContain('po_not_booked');
    const proposed = await propose(anchor, po, {
      cargo_ready_date: '2027-06-20',
      lines: [{ line_number: 2, ordered_qty: 40 }],
      note: 'Fabric delayed',
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(answer(proposed).message).toBe(PROPOSAL_SENT);
    expect(answer(proposed).purchaseOrder.confirmation).toBe('proposed');
    const [proposal] = answer(proposed).purchaseOrder.proposals;
    expect(proposal).toMatchObject({
      kind: 'change',
      status: 'pending',
      proposed_by: 'sales@anchor.example',
      cargo_ready_date: { before: '2027-06-01', after: '2027-06-20' },
      lines: [
        {
          line_number: 2,
          sku: 'A-2',
          before: { ordered_qty: 50, cargo_ready_date: '2027-06-01' },
          ordered_qty: 40,
          cargo_ready_date: '2027-06-01',
          deliveries: null,
        },
      ],
    });
    // Nothing changes until it is approved; a second proposal waits its turn.
    expect((await detail(admin, po)).purchaseOrderLines[1]?.ordered_qty).toBe(50);
    const second = await propose(anchor, po, { cargo_ready_date: '2027-06-25' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: PROPOSAL_WAITING });
    expect((await confirm(anchor, po)).json()).toEqual({ message: PROPOSAL_WAITING });

    const approved = await decide(admin, po, { proposal: proposal?.id, decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(answer(approved).message).toBe(PROPOSAL_APPROVED);
    const after = await detail(anchor, po);
    expect(after.confirmation).toBe('confirmed');
    expect(after.cargo_ready_date).toBe('2027-06-20');
    expect(after.purchaseOrderLines.map((line) => [line.ordered_qty, line.cargo_ready_date])).toEqual([
      [100, '2027-06-20'],
      [40, '2027-06-01'],
    ]);
    // Line 2 keeps the day it was proposed with; line 1 is ready from the PO's new date, and is
    // 'not booked' only once that has passed: line 2's day has, so the PO still is.
    expect(after.exceptions).toContain('po_not_booked');
    expect(after.proposals[0]).toMatchObject({ status: 'approved', decided_by: 'admin@napco.example' });
    // Newest first: the changes of one approval in reverse of the order they were made.
    expect(after.history.filter((entry) => entry.kind === 'approved').map((entry) => entry.summary)).toEqual([
      'Line 2 quantity 50 → 40 (proposed by sales@anchor.example, approved)',
      'Cargo-ready date 2027-06-01 → 2027-06-20 (proposed by sales@anchor.example, approved)',
    ]);
    expect((await decide(admin, po, { proposal: proposal?.id, decision: 'approve' })).json()).toEqual({
      message: PROPOSAL_NOT_PENDING,
    });
  });

  it('a line moved to a later day clears the exception the earlier day raised', async () => {
    const po = await anchorPo();
    const proposed = answer(
      await propose(anchor, po, {
        lines: [
          { line_number: 1, cargo_ready_date: '2027-07-01' },
          { line_number: 2, cargo_ready_date: '2027-07-15' },
        ],
      }),
    );
    await decide(admin, po, { proposal: proposed.purchaseOrder.proposals[0]?.id, decision: 'approve' });
    const after = await detail(admin, po);
    expect(after.cargo_ready_date).toBe('2027-06-01');
    expect(after.exceptions).not.toContain('po_not_booked');
  });

  it('a split into deliveries orders their sum, and booking is due from the first delivery not yet booked', async () => {
    const po = await anchorPo();
    const proposed = answer(
      await propose(anchor, po, {
        lines: [
          {
            line_number: 1,
            deliveries: [
              { qty: 40, cargo_ready_date: '2027-07-01' },
              { qty: 70, cargo_ready_date: '2027-06-05' },
            ],
          },
          { line_number: 2, cargo_ready_date: '2027-08-01' },
        ],
      }),
    );
    const decided = await decide(admin, po, { proposal: proposed.purchaseOrder.proposals[0]?.id, decision: 'approve' });
    expect(decided.statusCode, decided.body).toBe(200);
    const line = (await detail(admin, po)).purchaseOrderLines[0];
    expect(line).toMatchObject({
      ordered_qty: 110,
      cargo_ready_date: '2027-06-05',
      deliveries: [
        { qty: 70, cargo_ready_date: '2027-06-05' },
        { qty: 40, cargo_ready_date: '2027-07-01' },
      ],
    });
    // The first delivery (70, ready 2027-06-05) has passed unbooked.
    expect((await detail(admin, po)).exceptions).toContain('po_not_booked');
    // 70 booked on a shipment not yet departed covers it; the second is due 2027-07-01, still ahead.
    const shipment = await insertShipment(t.db, { shipment: `S-${po}`, forwarder_name: 'Blue Anchor' }, [
      { title: po, parts: [{ part_number: 'A-1', qty: 70 }] },
    ]);
    expect(shipment.id).toBeGreaterThan(0);
    expect((await detail(admin, po)).exceptions).not.toContain('po_not_booked');
  });

  it('rejecting needs a reason the supplier then reads, and leaves the PO as it stood', async () => {
    const po = await anchorPo();
    await confirm(anchor, po);
    const proposed = answer(await propose(anchor, po, { lines: [{ line_number: 1, ordered_qty: 80 }] }));
    const id = proposed.purchaseOrder.proposals[0]?.id;
    const noReason = await decide(admin, po, { proposal: id, decision: 'reject' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ message: string }>().message).toContain(REJECTION_NEEDS_REASON);
    const rejected = await decide(admin, po, { proposal: id, decision: 'reject', note: 'We need all 100' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(answer(rejected).message).toBe(PROPOSAL_REJECTED);
    const seen = await detail(anchor, po);
    // It had been confirmed before the proposal: it still is, as it was.
    expect(seen.confirmation).toBe('confirmed');
    expect(seen.purchaseOrderLines[0]?.ordered_qty).toBe(100);
    expect(seen.proposals[0]).toMatchObject({
      status: 'rejected',
      decision_note: 'We need all 100',
      decided_by: 'admin@napco.example',
    });
  });

  it('refuses a line the PO does not have, a line that changes nothing, and a closed PO, writing nothing', async () => {
    const po = await anchorPo();
    const before = await proposalCount();
    const missing = await propose(anchor, po, { lines: [{ line_number: 9, ordered_qty: 3 }] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: noSuchLine(9) });
    const unchanged = await propose(anchor, po, {
      cargo_ready_date: '2027-06-30',
      lines: [{ line_number: 1, ordered_qty: 100 }],
    });
    expect(unchanged.statusCode).toBe(400);
    expect(unchanged.json()).toEqual({ message: unchangedLine(1) });
    expect(await proposalCount()).toBe(before);
    expect((await detail(admin, po)).confirmation).toBe('awaiting');

    await t.app.inject({
      method: 'POST',
      url: `/api/PurchaseOrders/short-close?po=${q(po)}`,
      headers: bearer(admin),
      payload: { reason: 'Cancelled' },
    });
    const closed = await propose(anchor, po, { cargo_ready_date: '2027-06-30' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toEqual({ message: PO_ALREADY_CLOSED });
    expect((await confirm(anchor, po)).statusCode).toBe(409);
  });

  it('a decision is an administrator’s, on a proposal of that PO', async () => {
    const po = await anchorPo();
    const other = await anchorPo();
    const id = answer(await propose(anchor, po, { cargo_ready_date: '2027-06-30' })).purchaseOrder.proposals[0]?.id;
    for (const token of [employee, blue, anchor]) {
      const refused = await decide(token, po, { proposal: id, decision: 'approve' });
      expect(refused.statusCode).toBe(403);
    }
    expect((await decide(employee, po, { proposal: id, decision: 'approve' })).json()).toEqual({
      message: DECISIONS_FORBIDDEN,
    });
    const elsewhere = await decide(admin, other, { proposal: id, decision: 'approve' });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ message: PROPOSAL_NOT_FOUND });
    expect((await detail(admin, po)).proposals[0]?.status).toBe('pending');
  });
});

describe('automatic approval', () => {
  it('approves a proposal that only moves cargo-ready dates within the limit; anything more waits', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/Suppliers/settings',
      headers: bearer(admin),
      payload: { autoApproveCargoReadyDays: 5 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const po = await anchorPo();
      const small = await propose(anchor, po, {
        cargo_ready_date: '2027-06-04',
        lines: [{ line_number: 2, cargo_ready_date: '2027-05-28' }],
      });
      expect(answer(small).message).toBe(PROPOSAL_AUTO_APPROVED);
      expect(answer(small).purchaseOrder).toMatchObject({ confirmation: 'confirmed', cargo_ready_date: '2027-06-04' });
      expect(answer(small).purchaseOrder.proposals[0]).toMatchObject({
        status: 'approved',
        decided_by: 'automatic approval',
      });

      const far = await propose(anchor, po, { cargo_ready_date: '2027-06-30' });
      expect(answer(far).message).toBe(PROPOSAL_SENT);
      const id = answer(far).purchaseOrder.proposals[0]?.id;
      await decide(admin, po, { proposal: id, decision: 'reject', note: 'Too late' });
      const quantity = await propose(anchor, po, {
        cargo_ready_date: '2027-06-05',
        lines: [{ line_number: 1, ordered_qty: 99 }],
      });
      expect(answer(quantity).message).toBe(PROPOSAL_SENT);
    } finally {
      await t.app.inject({
        method: 'PUT',
        url: '/api/Suppliers/settings',
        headers: bearer(admin),
        payload: { autoApproveCargoReadyDays: null },
      });
    }
  });
});

describe('what each party sees', () => {
  it('the supplier sees its PO whole but the importer’s notes; a forwarder sees no proposals', async () => {
    const po = await anchorPo();
    await propose(anchor, po, { lines: [{ line_number: 1, ordered_qty: 90 }] });
    await insertShipment(t.db, { shipment: `S-${po}`, forwarder_name: 'Blue Anchor' }, [
      { title: po, parts: [{ part_number: 'A-1', qty: 10 }] },
    ]);
    const supplier = await detail(anchor, po);
    expect(supplier.notes).toBe('');
    expect(supplier.purchaseOrderLines[0]).toMatchObject({ ordered_qty: 100, unit_price: 2.5, booked_qty: 10 });
    expect(supplier.shipments.map((shipment) => shipment.shipment)).toEqual([`S-${po}`]);
    expect(supplier.proposals).toHaveLength(1);
    const forwarder = await detail(blue, po);
    expect(forwarder.proposals).toEqual([]);
    expect(forwarder.purchaseOrderLines[0]).toMatchObject({ ordered_qty: null, unit_price: null, deliveries: null });
    expect((await detail(admin, po)).notes).toBe('Internal: Blue Anchor quoted lower');
  });

  it('an amendment of what the supplier confirmed asks it again and withdraws a waiting proposal', async () => {
    const po = await anchorPo();
    await confirm(anchor, po);
    const amended = await t.app.inject({
      method: 'POST',
      url: '/api/PurchaseOrders',
      headers: bearer(admin),
      payload: {
        po_number: po,
        supplier: 'Anchor Mills',
        cargo_ready_date: '2027-06-01',
        lines: [{ line_number: 1, sku: 'A-1', ordered_qty: 120, unit_price: 2.5 }],
      },
    });
    expect(amended.statusCode, amended.body).toBe(200);
    expect(amended.json<PurchaseOrderDetail>().confirmation).toBe('awaiting');
    await propose(anchor, po, { cargo_ready_date: '2027-06-15' });
    await t.app.inject({
      method: 'POST',
      url: '/api/PurchaseOrders',
      headers: bearer(admin),
      payload: {
        po_number: po,
        supplier: 'Anchor Mills',
        cargo_ready_date: '2027-06-01',
        lines: [{ line_number: 1, sku: 'A-1', ordered_qty: 110, unit_price: 2.5 }],
      },
    });
    const seen = await detail(anchor, po);
    expect(seen.confirmation).toBe('awaiting');
    expect(seen.proposals[0]?.status).toBe('withdrawn');
  });
});
