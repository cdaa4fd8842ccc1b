import type { FollowsResponse, NotificationsResponse } from '@quayside/domain/alerts';
import { type ExceptionSummaryResponse, exceptionBadgeText } from '@quayside/domain/exceptions';
import { decodeRows, type LineItemRow } from '@quayside/domain/line-item-row';
import type { LineItemRowsResponse } from '@quayside/domain/line-item-rows';
import { PO_EXCEPTION_KINDS, type ReceiptRequest, reconcilePurchaseOrder } from '@quayside/domain/purchase-orders';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineJobs, JOB_NAMES } from '../../jobs/jobs.ts';
import { insertShipment } from '../../testing/fixtures.ts';
import { startHttpsReceiver } from '../../testing/https-receiver.ts';
import { startSmtpPeer } from '../../testing/smtp-peer.ts';
import { bearer, createTestApp, signInCast, type TestApp } from '../../testing/test-app.ts';
import { sweepExceptions } from './exception-sweep.ts';
import { movableClock } from './exceptions-fixture.ts';

// A line item has its purchase order's exceptions (the PO numbered by its title) in the existing
// exception system: the dashboard's rows, `exception=` and the chips' counts, the daily sweep's
// events, and so follows and webhooks. Each decided as of a day the test moves.

let t: TestApp;
let admin: string;
let employee: string;
let blue: string;
let kestrel: string;
let receiver: Awaited<ReturnType<typeof startHttpsReceiver>>;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
const { now, setToday } = movableClock();

beforeAll(async () => {
  receiver = await startHttpsReceiver();
  smtp = await startSmtpPeer();
  t = await createTestApp({ clock: now, webhookCaFile: receiver.caFile, smtpUrl: smtp.url });
  ({ admin, employee, blue, kestrel } = await signInCast(t));
}, 120_000);
afterAll(async () => {
  await t.close();
  await receiver.close();
  await smtp.close();
});

const call = async (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) => {
  const response = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const rowsOf = async (token: string, query: string): Promise<LineItemRow[]> =>
  decodeRows((await call(token, 'GET', `/api/LineItems/rows?pageSize=500&${query}`)) as LineItemRowsResponse);
const summaryOf = (token: string) => call(token, 'GET', '/api/Exceptions/summary') as Promise<ExceptionSummaryResponse>;
const countOf = async (token: string, kind: string) =>
  ((await call(token, 'GET', `/api/LineItems/count?exception=${kind}`)) as { total: number }).total;
// The test's shipments have their own exceptions too (no documents, in transit unchanged): only
// the purchase order's are looked at.
const isPoKind = (kind: string) => (PO_EXCEPTION_KINDS as readonly string[]).includes(kind);
/** The PO exceptions of the line item `po`, as the dashboard's rows answer them. */
const poKindsOf = async (po: string) => {
  const [row] = await rowsOf(admin, `po=${po}`);
  return (row?.exceptions ?? []).filter(isPoKind);
};
/** What the PO exceptions' badges say, with the facts the rows answer sends when exceptions are asked. */
const badgesOf = async (po: string, kinds: readonly string[]) => {
  const [row] = await rowsOf(admin, `po=${po}&exception=${kinds.join(',')}`);
  return (row?.exceptions ?? []).filter(isPoKind).map((kind) => exceptionBadgeText(kind, row?.exception_facts));
};

/** An Admin's calls: a PO saved, a shipment received, a PO short-closed. */
const savePo = (fields: Record<string, unknown>) => call(admin, 'POST', '/api/PurchaseOrders', fields);
const receive = (shipment: { shipment: string }, lines: ReceiptRequest['lines']) =>
  call(admin, 'POST', `/api/Receipts?shipment=${encodeURIComponent(shipment.shipment)}`, { lines });
const shortClose = (po: string) =>
  call(admin, 'POST', `/api/PurchaseOrders/short-close?po=${encodeURIComponent(po)}`, {
    reason: 'Supplier out of stock',
  });
const shipmentSave = (fields: Record<string, unknown>, id: string) =>
  call(admin, 'POST', `/api/Shipments?id=${encodeURIComponent(id)}`, [fields]);

/** Every PO kind's chip count equals the dashboard's count of line items with it, for everyone. */
async function expectCountsAgree() {
  for (const token of [admin, employee, blue, kestrel]) {
    const summary = await summaryOf(token);
    for (const kind of PO_EXCEPTION_KINDS)
      expect([kind, summary.counts[kind]]).toEqual([kind, await countOf(token, kind)]);
  }
}

describe("a line item's purchase order exceptions", () => {
  it('received short: on the rows and in exception=, counted, until the PO is short-closed; the PO # knows its PO', async () => {
    setToday('2027-03-12');
    const shipment = await insertShipment(
      t.db,
      { shipment: 'POX-1', forwarder_name: 'Blue Anchor', atd: new Date('2027-03-05T00:00:00Z') },
      [
        {
          title: 'PO-X1',
          parts: [
            { part_number: 'SKU-A', qty: 10 },
            { part_number: 'SKU-B', qty: 5 },
          ],
        },
        { title: 'PO-NONE', parts: [{ part_number: 'SKU-A', qty: 1 }] },
      ],
    );
    await savePo({
      po_number: 'PO-X1',
      supplier: 'Acme',
      cargo_ready_date: '2027-03-01',
      requested_delivery_date: '2027-04-30',
      lines: [
        { line_number: 1, sku: 'SKU-A', ordered_qty: 10 },
        { line_number: 2, sku: 'SKU-B', ordered_qty: 5 },
      ],
    });
    const marks = Object.fromEntries((await rowsOf(admin, 'q=PO-')).map((row) => [row.title, row.has_purchase_order]));
    expect(marks).toMatchObject({ 'PO-X1': true, 'PO-NONE': false });
    expect(await poKindsOf('PO-X1')).toEqual([]);
    expect(await rowsOf(admin, 'exception=po_received_short')).toEqual([]);

    await receive(shipment, [
      { po_number: 'PO-X1', sku: 'SKU-A', received_qty: 8, reason: 'short', note: '' },
      { po_number: 'PO-X1', sku: 'SKU-B', received_qty: 5, reason: null, note: '' },
    ]);
    const short = await rowsOf(admin, 'exception=po_received_short');
    expect(
      short.map((row) => [row.title, row.exceptions.filter(isPoKind), row.exception_facts?.po_received_short]),
    ).toEqual([['PO-X1', ['po_received_short'], 2]]);
    expect(await badgesOf('PO-X1', ['po_received_short'])).toEqual(['Received short · −2']);
    // Blue Anchor's shipment: its forwarder sees it, another does not.
    expect((await rowsOf(blue, 'exception=po_received_short')).map((row) => row.title)).toEqual(['PO-X1']);
    expect(await rowsOf(kestrel, 'exception=po_received_short')).toEqual([]);
    expect((await summaryOf(admin)).counts.po_received_short).toBe(1);
    await expectCountsAgree();

    await shortClose('PO-X1');
    expect(await rowsOf(admin, 'exception=po_received_short')).toEqual([]);
    expect(await poKindsOf('PO-X1')).toEqual([]);
    expect((await summaryOf(admin)).counts.po_received_short).toBe(0);
    expect((await rowsOf(admin, 'po=PO-X1'))[0]?.has_purchase_order).toBe(true);
    await expectCountsAgree();
  });

  it('overdue and not booked begin the day after their dates, as the reference decides; over-shipped and unknown SKUs as soon as they ship', async () => {
    setToday('2027-03-12');
    await insertShipment(t.db, { shipment: 'POX-2', forwarder_name: 'Kestrel' }, [
      { title: 'PO-X2', parts: [{ part_number: 'SKU-A', qty: 4 }] },
    ]);
    const po = {
      po_number: 'PO-X2',
      cargo_ready_date: '2027-03-15',
      requested_delivery_date: '2027-03-25',
      lines: [{ line_number: 1, sku: 'SKU-A', ordered_qty: 10 }],
    };
    await savePo(po);
    /** The reference's kinds for PO-X2 on `today`: 4 booked on a shipment not yet departed, or shipped once it has. */
    const reference = (today: string, departed: boolean) =>
      reconcilePurchaseOrder({
        lines: [{ line_number: 1, sku: 'SKU-A', ordered_qty: 10, requested_date: null }],
        requested_delivery_date: po.requested_delivery_date,
        cargo_ready_date: po.cargo_ready_date,
        short_closed: false,
        carried: [{ shipment_id: 1, sku: 'SKU-A', qty: 4, departed, arrived: false }],
        received: [],
        today,
      }).exceptions;

    for (const [today, kinds, badges] of [
      ['2027-03-12', [], []],
      ['2027-03-15', [], []],
      ['2027-03-16', ['po_not_booked'], ['Not booked · 1 d']],
      ['2027-03-26', ['po_overdue', 'po_not_booked'], ['PO overdue · 1 d', 'Not booked · 11 d']],
    ] as const) {
      setToday(today);
      expect([today, await poKindsOf('PO-X2')]).toEqual([today, kinds]);
      expect([today, await poKindsOf('PO-X2')]).toEqual([today, reference(today, false)]);
      if (kinds.length > 0) expect(await badgesOf('PO-X2', kinds)).toEqual(badges);
      await expectCountsAgree();
    }
    // Departed, the 4 are shipped: still 6 neither booked nor shipped, and still overdue.
    await shipmentSave({ ATD: '2027-03-26' }, 'POX-2');
    expect(await poKindsOf('PO-X2')).toEqual(reference('2027-03-26', true));

    // Over-shipped and a SKU the PO does not order, on a departed shipment.
    await insertShipment(
      t.db,
      { shipment: 'POX-3', forwarder_name: 'Kestrel', atd: new Date('2027-03-20T00:00:00Z') },
      [
        {
          title: 'PO-X3',
          parts: [
            { part_number: 'SKU-A', qty: 7 },
            { part_number: 'SKU-Z', qty: 1 },
            { part_number: 'SKU-Y', qty: 1 },
          ],
        },
      ],
    );
    await savePo({ po_number: 'PO-X3', lines: [{ line_number: 1, sku: 'SKU-A', ordered_qty: 5 }] });
    expect(await poKindsOf('PO-X3')).toEqual(['po_over_shipped', 'po_unknown_sku']);
    expect(await badgesOf('PO-X3', ['po_over_shipped', 'po_unknown_sku'])).toEqual([
      'Over-shipped · +2',
      'Unknown SKUs · 2',
    ]);
    expect((await rowsOf(kestrel, 'exception=po_unknown_sku')).map((row) => row.title)).toEqual(['PO-X3']);
    expect(await rowsOf(blue, 'exception=po_unknown_sku,po_over_shipped')).toEqual([]);
    await expectCountsAgree();
    // The shipment's own exceptions come first, as before, then the PO's.
    expect((await rowsOf(admin, 'po=PO-X3'))[0]?.exceptions).toEqual([
      'missing_documents',
      'stale',
      'po_over_shipped',
      'po_unknown_sku',
    ]);
  });

  it('cargo-ready date slipped: once an approved proposal moves the date to book by past the first one, until it is booked', async () => {
    setToday('2027-03-12');
    const supplier = await t.signedInAs({ email: 'sales@slip.example', role: 'Supplier', company_name: 'Slip Mills' });
    await insertShipment(t.db, { shipment: 'POX-SLIP', forwarder_name: 'Blue Anchor' }, [
      { title: 'PO-SLIP', parts: [] },
    ]);
    await savePo({
      po_number: 'PO-SLIP',
      supplier: 'Slip Mills',
      cargo_ready_date: '2027-04-01',
      lines: [{ line_number: 1, sku: 'SKU-A', ordered_qty: 10 }],
    });
    const listed = async () =>
      (
        (await call(admin, 'GET', '/api/PurchaseOrders?exception=po_cargo_ready_slipped')) as {
          purchaseOrders: { po_number: string; exceptions: string[] }[];
        }
      ).purchaseOrders.map((po) => po.po_number);
    expect(await listed()).toEqual([]);

    // The supplier moves it two weeks later; the Admin approves.
    await call(supplier, 'POST', '/api/PurchaseOrders/proposals?po=PO-SLIP', { cargo_ready_date: '2027-04-15' });
    expect(await listed()).toEqual([]);
    const detail = (await call(admin, 'GET', '/api/PurchaseOrders/detail?po=PO-SLIP')) as {
      proposals: { id: number; status: string }[];
    };
    await call(admin, 'POST', '/api/PurchaseOrders/proposals/decision?po=PO-SLIP', {
      proposal: detail.proposals.find((proposal) => proposal.status === 'pending')?.id,
      decision: 'approve',
    });
    expect(await listed()).toEqual(['PO-SLIP']);
    expect(
      ((await call(admin, 'GET', '/api/PurchaseOrders/detail?po=PO-SLIP')) as { exceptions: string[] }).exceptions,
    ).toContain('po_cargo_ready_slipped');
    expect(await poKindsOf('PO-SLIP')).toEqual(['po_cargo_ready_slipped']);
    expect(await badgesOf('PO-SLIP', ['po_cargo_ready_slipped'])).toEqual(['Cargo-ready +14 d']);
    // The rows carry their PO's facts: the forwarder of its shipment sees it, another does not.
    expect((await rowsOf(blue, 'exception=po_cargo_ready_slipped')).map((row) => row.title)).toEqual(['PO-SLIP']);
    expect(await rowsOf(kestrel, 'exception=po_cargo_ready_slipped')).toEqual([]);
    await expectCountsAgree();

    // Booked in full, nothing waits on the late date any more.
    await insertShipment(t.db, { shipment: 'POX-SLIP-2', forwarder_name: 'Blue Anchor' }, [
      { title: 'PO-SLIP', parts: [{ part_number: 'SKU-A', qty: 10 }] },
    ]);
    await savePo({
      po_number: 'PO-SLIP',
      supplier: 'Slip Mills',
      cargo_ready_date: '2027-04-15',
      lines: [{ line_number: 1, sku: 'SKU-A', ordered_qty: 10 }],
    });
    expect(await listed()).toEqual([]);
    expect(await poKindsOf('PO-SLIP')).toEqual([]);
    await expectCountsAgree();
  });

  it("the sweep tells a follow of the shipment, a follow of the filter and a webhook of a PO's new exception", async () => {
    setToday('2027-04-01');
    const shipment = await insertShipment(
      t.db,
      { shipment: 'POX-4', forwarder_name: 'Blue Anchor', atd: new Date('2027-03-20T00:00:00Z') },
      [
        { title: 'PO-X4', parts: [{ part_number: 'SKU-A', qty: 6 }] },
        { title: 'PO-X5', parts: [{ part_number: 'SKU-B', qty: 3 }] },
      ],
    );
    await savePo({ po_number: 'PO-X4', lines: [{ line_number: 1, sku: 'SKU-A', ordered_qty: 6 }] });
    await savePo({ po_number: 'PO-X5', lines: [{ line_number: 1, sku: 'SKU-B', ordered_qty: 3 }] });
    await call(employee, 'POST', '/api/Follows', { shipment: 'POX-4' });
    await call(admin, 'POST', '/api/Follows', { name: 'Received short', query: { exception: 'po_received_short' } });
    expect(((await call(admin, 'GET', '/api/Follows')) as FollowsResponse).follows.map((f) => f.name)).toContain(
      'Received short',
    );
    await call(admin, 'POST', '/api/OrganisationSettings', {
      webhookPrivateAllowList: ['127.0.0.1'],
      followsPerPerson: 500,
    });
    await call(admin, 'POST', '/api/Webhooks', { url: receiver.url, events: ['new_exception'] });
    const sweep = () => sweepExceptions(t.db, now, undefined);
    // The installation's first sweep takes stock of what is already wrong, silently.
    await sweep();

    await receive(shipment, [
      { po_number: 'PO-X4', sku: 'SKU-A', received_qty: 5, reason: 'damaged', note: 'One crushed' },
    ]);
    setToday('2027-04-02');
    expect(await sweep()).toMatchObject({ opened: 1 });
    const jobs = defineJobs(t.db, t.config, pino({ level: 'silent' }));
    const run = (name: string) => jobs.find((job) => job.name === name)?.handle({});
    await run(JOB_NAMES.notify);
    await run(JOB_NAMES.webhooks);

    const told = async (token: string) =>
      ((await call(token, 'GET', '/api/Alerts')) as NotificationsResponse).notifications.map(
        (n) => `${n.event.shipment}: ${n.event.text}`,
      );
    expect(await told(employee)).toContain('POX-4: New exception: Received short');
    expect(await told(admin)).toContain('POX-4: New exception: Received short');
    const delivered = receiver.received.map((delivery) => JSON.parse(delivery.body));
    expect(delivered).toContainEqual(
      expect.objectContaining({
        kind: 'new_exception',
        shipment: 'POX-4',
        text: 'New exception: Received short',
        detail: { exception: 'po_received_short' },
      }),
    );
    // Told once: the next sweep finds nothing new.
    expect(await sweep()).toMatchObject({ opened: 0 });

    // The shipment's other PO falls short a day later: that is news of its own, told once too.
    await receive(shipment, [{ po_number: 'PO-X5', sku: 'SKU-B', received_qty: 2, reason: 'short', note: '' }]);
    setToday('2027-04-03');
    expect(await sweep()).toMatchObject({ opened: 1 });
    await run(JOB_NAMES.notify);
    expect((await told(employee)).filter((text) => text === 'POX-4: New exception: Received short')).toHaveLength(2);
    expect(await sweep()).toMatchObject({ opened: 0 });
  });
});
