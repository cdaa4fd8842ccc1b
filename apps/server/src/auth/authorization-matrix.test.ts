import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { API } from '@quayside/domain/api';
import { ANALYTICS_FIGURE_CALLS } from '@quayside/domain/api/analytics';
import { type Call, mayCall } from '@quayside/domain/call';
import type { Role as PersonRole } from '@quayside/domain/people';
import { PurchaseOrderInput } from '@quayside/domain/purchase-orders';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, savedViews } from '../db/schema.ts';
import { savePurchaseOrders } from '../modules/purchase-orders/purchase-order-writes.ts';
import { createLocalDocumentStore } from '../storage/local-document-store.ts';
import { insertShipment, lineItemsOf } from '../testing/fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../testing/test-app.ts';
import { withWrite } from '../write/with-write.ts';

// Every route × {anonymous, Admin, Employee, Forwarder A and B, Supplier A and B} × {a record of
// company A, of company B}. Company A's shipments are forwarded by Alpha Freight and carry POs of
// the supplier Anchor Mills; company B's, Beta Cargo and Birch Works. A route added without an
// entry here fails the first test.

const COMPANY_A = 'Alpha Freight';
const COMPANY_B = 'Beta Cargo';
const SUPPLIER_A = 'Anchor Mills';
const SUPPLIER_B = 'Birch Works';
type Role = 'anonymous' | 'Admin' | 'Employee' | 'ForwarderA' | 'ForwarderB' | 'SupplierA' | 'SupplierB';
type Company = 'A' | 'B';
const ROLES: Role[] = ['anonymous', 'Admin', 'Employee', 'ForwarderA', 'ForwarderB', 'SupplierA', 'SupplierB'];
/** Each signed-in role's e-mail, for records it wrote. */
const AUTHORS: Record<Exclude<Role, 'anonymous'>, string> = {
  Admin: 'admin@napco.example',
  Employee: 'employee@napco.example',
  ForwarderA: 'ops@alpha.example',
  ForwarderB: 'ops@beta.example',
  SupplierA: 'sales@anchor.example',
  SupplierB: 'sales@birch.example',
};
const supplierOf = (company: Company) => (company === 'A' ? SUPPLIER_A : SUPPLIER_B);

let t: TestApp;
const tokens: Partial<Record<Role, string>> = {};
beforeAll(async () => {
  t = await createTestApp();
  tokens.Admin = await t.signedInAs({ email: 'admin@napco.example', role: 'Admin', company_name: 'NAPCO' });
  tokens.Employee = await t.signedInAs({ email: 'employee@napco.example', role: 'Employee', company_name: 'NAPCO' });
  tokens.ForwarderA = await t.signedInAs({ email: 'ops@alpha.example', role: 'Forwarder', company_name: COMPANY_A });
  tokens.ForwarderB = await t.signedInAs({ email: 'ops@beta.example', role: 'Forwarder', company_name: COMPANY_B });
  tokens.SupplierA = await t.signedInAs({ email: 'sales@anchor.example', role: 'Supplier', company_name: SUPPLIER_A });
  tokens.SupplierB = await t.signedInAs({ email: 'sales@birch.example', role: 'Supplier', company_name: SUPPLIER_B });
  await shareViews();
  const integration = await t.app.inject({
    method: 'POST',
    url: '/api/CarrierIntegrations',
    headers: bearer(tokens.Admin),
    payload: { name: 'Matrix carrier' },
  });
  carrierToken = integration.json<{ token: string }>().token;
});
afterAll(() => t.close());

/** An integration's token: only a caller without a session keeps it (a session's bearer token replaces it). */
let carrierToken = '';

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');
let counter = 0;

/**
 * A fresh shipment of the company, with a line item, a part and a document, and when asked a purchase
 * order of the line item's number ordering the part (of the company's supplier), with a proposal of
 * its supplier waiting: writes never disturb other cases.
 */
async function record(
  company: Company,
  {
    withPurchaseOrder = false,
    withProposal = false,
    withContact = false,
    withBooking,
    withMessageBy,
  }: RecordOptions = {},
) {
  counter += 1;
  const shipment = `M-${company}-${counter}`;
  const row = await insertShipment(t.db, { shipment, forwarder_name: company === 'A' ? COMPANY_A : COMPANY_B }, [
    { title: `PO-${counter}`, parts: [{ part_number: `P-${counter}`, qty: 1 }] },
  ]);
  const key = randomUUID();
  await createLocalDocumentStore(path.join(t.config.dataDir, 'files')).put(key, PDF);
  const [document] = await t.db
    .insert(documents)
    .values({
      shipment_id: row.id,
      file_name: 'a.pdf',
      document_type: 'Other',
      content_type: 'application/pdf',
      size_bytes: PDF.length,
      storage_key: key,
    })
    .returning();
  const [lineItem] = await lineItemsOf(t.db, row.id);
  if (withPurchaseOrder) {
    const po = PurchaseOrderInput.parse({
      po_number: `PO-${counter}`,
      supplier: supplierOf(company),
      lines: [{ line_number: 1, sku: `P-${counter}`, ordered_qty: 2, unit_price: 3 }],
    });
    await withWrite(t.db, { personId: null, email: 'test-fixture' }, (write) =>
      savePurchaseOrders(write, [po], { removeAbsentLines: true, source: 'system' }),
    );
  }
  let proposalId = 0;
  if (withProposal) {
    const proposed = await t.db.execute<{ id: number }>(sql`
      insert into purchase_order_proposals (purchase_order_id, kind, status, proposed_by_name, proposed_by_email, cargo_ready_date)
      select id, 'change', 'pending', 'Sam', 'sales@anchor.example', '{"before":null,"after":"2027-06-01"}'::jsonb
      from purchase_orders where po_number = ${`PO-${counter}`} returning id::int as id`);
    await t.db.execute(sql`update purchase_orders set confirmation = 'proposed' where po_number = ${`PO-${counter}`}`);
    proposalId = proposed.rows[0]?.id ?? 0;
  }
  let bookingReference = '';
  if (withBooking) {
    const forwarder = company === 'A' ? COMPANY_A : COMPANY_B;
    const made = await t.db.execute<{ reference: string }>(sql`
      insert into booking_requests (purchase_order_id, status, requested_by_name, requested_by_email, cargo_ready_date,
                                    lines, mode, forwarder_name, forwarder_key)
      select id, ${withBooking}, 'Sam', 'sales@anchor.example', '2027-06-01',
             ${JSON.stringify([{ line_number: 1, sku: `P-${counter}`, description: '', qty: 1 }])}::jsonb, 'SEA',
             ${withBooking === 'routed' ? forwarder : null}, ${withBooking === 'routed' ? forwarder.toLowerCase() : null}
      from purchase_orders where po_number = ${`PO-${counter}`} returning reference`);
    bookingReference = made.rows[0]?.reference ?? '';
  }
  let messageId = 0;
  if (withMessageBy !== undefined) {
    const author = AUTHORS[withMessageBy as Exclude<Role, 'anonymous'>] ?? 'admin@napco.example';
    const made = await t.db.execute<{ id: number }>(sql`
      insert into messages (record_kind, record_id, author_person_id, author_name, author_email, body)
      select 'purchase_order', po.id, p.id, p.full_name, p.email, 'A note'
      from purchase_orders po, people p where po.po_number = ${`PO-${counter}`} and p.email = ${author}
      returning id::int as id`);
    messageId = made.rows[0]?.id ?? 0;
  }
  const contactEmail = `contact-${counter}@${company === 'A' ? 'anchor' : 'birch'}.example`;
  if (withContact) await t.addPerson({ email: contactEmail, role: 'Supplier', company_name: supplierOf(company) });
  return {
    messageId,
    proposalId,
    contactEmail,
    bookingReference,
    shipment,
    po: `PO-${counter}`,
    part: `P-${counter}`,
    documentId: document?.id ?? '',
    lineItemId: String(lineItem?.id),
  };
}

/**
 * Named views shared by people outside the cast (so no role here owns one): a staff view, and one
 * of each forwarder company named after it, so a view shown to the wrong company shows its name.
 */
const VIEWS = { staff: 0, A: 0, B: 0 };
async function shareViews() {
  const share = async (email: string, role: 'Employee' | 'Forwarder', company_name: string, name: string) => {
    const owner = await t.addPerson({ email, role, company_name });
    const [view] = await t.db
      .insert(savedViews)
      .values({ owner_id: owner.id, name, shared: true, query: {} })
      .returning();
    return view?.id ?? 0;
  };
  VIEWS.staff = await share('planner@napco.example', 'Employee', 'NAPCO', 'Staff planning');
  VIEWS.A = await share('ops2@alpha.example', 'Forwarder', COMPANY_A, `${COMPANY_A} arrivals`);
  VIEWS.B = await share('ops2@beta.example', 'Forwarder', COMPANY_B, `${COMPANY_B} arrivals`);
}

type Request = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: object | string;
  headers?: Record<string, string>;
};
type Fixture = Awaited<ReturnType<typeof record>>;
/**
 * Forwarder B's and Supplier B's answers mirror A's, their own company being B: they are derived,
 * not listed. A supplier's contact is refused every call not opened to suppliers (403), so only
 * those list it; a call for anyone answers it as anyone.
 */
type Expected = Record<'anonymous' | 'Admin' | 'Employee', number> & {
  ForwarderA: number | Record<Company, number>;
  SupplierA?: number | Record<Company, number>;
};

function expectedStatus(expected: Expected, role: Role, company: Company): number {
  if (role === 'anonymous' || role === 'Admin' || role === 'Employee') return expected[role];
  const supplier = role === 'SupplierA' || role === 'SupplierB';
  const want = supplier
    ? (expected.SupplierA ?? (expected.anonymous === 401 ? 403 : expected.anonymous))
    : expected.ForwarderA;
  if (typeof want === 'number') return want;
  const own = role === 'ForwarderA' || role === 'SupplierA' ? company : company === 'A' ? 'B' : 'A';
  return want[own];
}
type Case = {
  route: string;
  name: string;
  request: (fixture: Fixture, company: Company) => Request;
  expected: Expected;
  /** The answer repeats what was sent (the import's preview shows the file's own rows). */
  echoesRequest?: boolean;
  /** The fixture's line item has a purchase order of its number. */
  withPurchaseOrder?: boolean;
  /** That purchase order has a proposal of its supplier waiting (and so a PO). */
  withProposal?: boolean;
  /** The company's supplier has a contact (the fixture's contactEmail). */
  withContact?: boolean;
  /** A shared message on the company's PO, written by the role asking (the fixture's messageId). */
  withOwnMessage?: boolean;
  /** That purchase order has a booking request (and so a PO), requested, or routed to the company's forwarder. */
  withBooking?: 'requested' | 'routed';
};
type RecordOptions = Pick<Case, 'withPurchaseOrder' | 'withProposal' | 'withContact' | 'withBooking'> & {
  /** A shared message on that purchase order (and so a PO), written by this role's person. */
  withMessageBy?: Role;
};

const adminOnly: Expected = { anonymous: 401, Admin: 200, Employee: 403, ForwarderA: 403 };
const staffOnly: Expected = { anonymous: 401, Admin: 200, Employee: 200, ForwarderA: 403 };
const readable: Expected = { anonymous: 401, Admin: 200, Employee: 200, ForwarderA: { A: 200, B: 404 } };
const writable: Expected = { anonymous: 401, Admin: 200, Employee: 403, ForwarderA: { A: 200, B: 404 } };
const everyoneSignedIn: Expected = { anonymous: 401, Admin: 200, Employee: 200, ForwarderA: 200 };
/** A supplier's contact on its own company's PO; every other role refused. */
const supplierOnly: Expected = {
  anonymous: 401,
  Admin: 403,
  Employee: 403,
  ForwarderA: 403,
  SupplierA: { A: 200, B: 404 },
};
const q = encodeURIComponent;
const SPOOFED_USER_DATA = { 'user-data': JSON.stringify({ role: 'Admin', company_name: COMPANY_B }) };

function upload(fixture: Fixture): Request {
  const boundary = 'matrixBoundary';
  const body =
    `--${boundary}\r\nContent-Disposition: form-data; name="shipment"\r\n\r\n${fixture.shipment}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="documentType"\r\n\r\nOther\r\n` +
    // The original client named the forwarder in the upload: ignored, the server decides.
    `--${boundary}\r\nContent-Disposition: form-data; name="forwarder"\r\n\r\n${COMPANY_B}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="b.pdf"\r\nContent-Type: application/pdf\r\n\r\n${PDF.toString()}\r\n` +
    `--${boundary}--\r\n`;
  return {
    method: 'POST',
    url: '/api/Files',
    payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A dry run naming the fixture's shipment: another company's is rejected in the report, not revealed. */
function importReport(fixture: Fixture): Request {
  const boundary = 'matrixBoundary';
  const body =
    `--${boundary}\r\nContent-Disposition: form-data; name="shipments"; filename="r.csv"\r\nContent-Type: text/csv\r\n\r\n` +
    `Shipment,Order Ref,Vessel\r\n${fixture.shipment},${fixture.po},Matrix Vessel\r\n` +
    `\r\n--${boundary}--\r\n`;
  return {
    method: 'POST',
    url: '/api/Import?dryRun=true',
    payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A dry run of an ERP PO export, or of a receipts file, naming the fixture's PO and shipment. */
function recordImport(kind: 'purchase-orders' | 'receipts') {
  return (fixture: Fixture): Request => {
    const boundary = 'matrixBoundary';
    const rows =
      kind === 'purchase-orders'
        ? `PO Number,SKU,Qty Ordered\r\n${fixture.po},${fixture.part},1\r\n`
        : `Shipment,PO Number,SKU,Received Qty\r\n${fixture.shipment},${fixture.po},${fixture.part},1\r\n`;
    const body =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.csv"\r\nContent-Type: text/csv\r\n\r\n` +
      `${rows}\r\n--${boundary}--\r\n`;
    return {
      method: 'POST',
      url: `/api/Import/${kind}?dryRun=true`,
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  };
}

const CASES: Case[] = [
  {
    route: 'GET /api/Peoples',
    name: 'list people',
    request: () => ({ url: '/api/Peoples' }),
    expected: { ...everyoneSignedIn, SupplierA: 200 },
  },
  {
    route: 'POST /api/Peoples',
    name: 'add a person',
    request: () => ({
      method: 'POST',
      url: '/api/Peoples',
      payload: [{ full_name: 'N', email: `n${++counter}@x.example` }],
    }),
    expected: adminOnly,
  },
  {
    route: 'POST /api/Peoples/delete',
    name: 'delete a person',
    request: () => ({ method: 'POST', url: '/api/Peoples/delete', payload: [{ email: 'nobody@x.example' }] }),
    expected: { anonymous: 401, Admin: 404, Employee: 403, ForwarderA: 403 },
  },
  {
    route: 'GET /api/Peoples/eligibility',
    name: 'registration eligibility (public)',
    request: () => ({ url: '/api/Peoples/eligibility?email=someone%40x.example' }),
    expected: { anonymous: 200, Admin: 200, Employee: 200, ForwarderA: 200 },
  },
  {
    route: 'GET /api/site',
    name: 'site settings (public)',
    request: () => ({ url: '/api/site' }),
    expected: { anonymous: 200, Admin: 200, Employee: 200, ForwarderA: 200 },
  },
  {
    route: 'GET /api/Shipments',
    name: 'one shipment (empty for another company)',
    request: (fixture) => ({ url: `/api/Shipments?shipment=${q(fixture.shipment)}` }),
    expected: everyoneSignedIn,
  },
  {
    route: 'GET /api/Shipments',
    name: 'shipment page',
    request: () => ({ url: '/api/Shipments' }),
    expected: everyoneSignedIn,
  },
  {
    route: 'GET /api/Shipments',
    name: 'shipment suggestions',
    request: () => ({ url: '/api/Shipments?shipmentMatch=M-B-' }),
    expected: everyoneSignedIn,
  },
  {
    route: 'POST /api/Shipments',
    name: 'create a shipment',
    request: (_fixture, company) => ({
      method: 'POST',
      url: '/api/Shipments',
      payload: [{ Shipment: `NEW-${++counter}`, 'Forwarder Name': company === 'A' ? COMPANY_A : COMPANY_B }],
    }),
    expected: { anonymous: 401, Admin: 200, Employee: 403, ForwarderA: 200 },
  },
  {
    route: 'POST /api/Shipments',
    name: 'update a shipment',
    request: (fixture) => ({
      method: 'POST',
      url: `/api/Shipments?id=${q(fixture.shipment)}`,
      payload: [{ House: 'H' }],
    }),
    expected: writable,
  },
  {
    route: 'GET /api/LineItems',
    name: 'line-item page',
    request: () => ({ url: '/api/LineItems' }),
    expected: everyoneSignedIn,
  },
  {
    route: 'GET /api/LineItems',
    name: 'line item by PO',
    request: (fixture) => ({ url: `/api/LineItems?po=${q(fixture.po)}` }),
    expected: everyoneSignedIn,
  },
  {
    route: 'GET /api/LineItems/rows',
    name: 'dashboard rows',
    request: () => ({ url: '/api/LineItems/rows' }),
    expected: everyoneSignedIn,
  },
  {
    route: 'GET /api/LineItems/rows',
    name: 'dashboard rows by PO',
    request: (fixture) => ({ url: `/api/LineItems/rows?po=${q(fixture.po)}&columns=forwarder_name,related_shipment` }),
    expected: everyoneSignedIn,
  },
  {
    route: 'GET /api/LineItems/count',
    name: 'exact count',
    request: (fixture) => ({ url: `/api/LineItems/count?po=${q(fixture.po)}` }),
    expected: everyoneSignedIn,
  },
  {
    route: 'GET /api/LineItems/export',
    name: 'export',
    request: () => ({ url: '/api/LineItems/export' }),
    expected: everyoneSignedIn,
  },
  {
    route: 'POST /api/LineItems',
    name: 'edit a line item',
    request: (fixture) => ({
      method: 'POST',
      url: `/api/LineItems?shipment=${q(fixture.shipment)}&po=${q(fixture.po)}`,
      payload: { title: `${fixture.po}-X` },
    }),
    expected: writable,
  },
  {
    route: 'POST /api/LineItems/delete',
    name: 'delete a line item',
    request: (fixture) => ({
      method: 'POST',
      url: '/api/LineItems/delete',
      payload: { title: fixture.po, related_shipment: fixture.shipment },
    }),
    expected: writable,
  },
  {
    route: 'POST /api/LineItems/bulk',
    name: "delete line items by id (another company's: refused as not found)",
    request: (fixture) => ({
      method: 'POST',
      url: '/api/LineItems/bulk',
      payload: { action: 'delete', selection: { ids: [fixture.lineItemId] } },
    }),
    expected: { anonymous: 401, Admin: 200, Employee: 403, ForwarderA: 200 },
  },
  {
    route: 'POST /api/LineItems/bulk',
    name: "delete all line items a query matches (another company's never match)",
    request: (fixture) => ({
      method: 'POST',
      url: '/api/LineItems/bulk',
      payload: { action: 'delete', selection: { query: { po: fixture.po }, expected: 1 } },
    }),
    expected: { anonymous: 401, Admin: 200, Employee: 403, ForwarderA: { A: 200, B: 409 } },
  },
  {
    route: 'POST /api/LineItems/bulk',
    name: "hide line items ('Hide record' is staff's)",
    request: (fixture) => ({
      method: 'POST',
      url: '/api/LineItems/bulk',
      payload: { action: 'hide', selection: { ids: [fixture.lineItemId] } },
    }),
    expected: { anonymous: 401, Admin: 200, Employee: 403, ForwarderA: 403 },
  },
  {
    route: 'POST /api/LineItems/export',
    name: 'export ticked line items',
    request: (fixture) => ({ method: 'POST', url: '/api/LineItems/export', payload: { ids: [fixture.lineItemId] } }),
    expected: everyoneSignedIn,
  },
  {
    route: 'GET /api/Parts/getParts',
    name: 'parts of a line item',
    request: (fixture) => ({ url: `/api/Parts/getParts?po=${q(fixture.po)}&shipment=${q(fixture.shipment)}` }),
    expected: readable,
  },
  {
    route: 'POST /api/Parts',
    name: 'add a part',
    request: (fixture) => ({
      method: 'POST',
      url: '/api/Parts',
      payload: { part_number: 'NEW', qty: 1, related_po_number: fixture.po, related_shipment: fixture.shipment },
    }),
    expected: writable,
  },
  {
    route: 'POST /api/Parts/save',
    name: 'save the parts list',
    request: (fixture) => ({
      method: 'POST',
      url: '/api/Parts/save',
      payload: {
        related_po_number: fixture.po,
        related_shipment: fixture.shipment,
        parts: [{ part_number: 'S', qty: 2 }],
      },
    }),
    expected: writable,
  },
  {
    route: 'POST /api/Parts/delete',
    name: 'delete a part',
    request: (fixture) => ({
      method: 'POST',
      url: '/api/Parts/delete',
      payload: { part_number: fixture.part, related_po_number: fixture.po, related_shipment: fixture.shipment },
    }),
    expected: writable,
  },
  {
    route: 'GET /api/Shipments/history',
    name: 'date history of a shipment',
    request: (fixture) => ({ url: `/api/Shipments/history?shipment=${q(fixture.shipment)}` }),
    expected: readable,
  },
  // Every figure is over what the caller sees; the supplier scorecard (whole POs) is staff's alone.
  ...Object.entries(ANALYTICS_FIGURE_CALLS).map(([name, call]) => ({
    route: `GET ${call.path}`,
    name: `analytics: ${name}`,
    request: () => ({ url: `${call.path}?from=2027-01-01&to=2027-12-31` }),
    expected: (call as Call).who === 'staff' ? staffOnly : everyoneSignedIn,
  })),
  {
    route: 'GET /api/Analytics/settings',
    name: 'analytics settings',
    request: () => ({ url: '/api/Analytics/settings' }),
    expected: everyoneSignedIn,
  },
  {
    route: 'POST /api/Analytics/settings',
    name: 'change the analytics settings',
    request: () => ({ method: 'POST', url: '/api/Analytics/settings', payload: { onTimeGraceDays: 1 } }),
    expected: adminOnly,
  },
  {
    route: 'GET /api/Exceptions/summary',
    name: 'exception counts',
    request: () => ({ url: '/api/Exceptions/summary' }),
    expected: everyoneSignedIn,
  },
  {
    route: 'GET /api/Exceptions/settings',
    name: 'exception rules',
    request: () => ({ url: '/api/Exceptions/settings' }),
    expected: everyoneSignedIn,
  },
  {
    route: 'POST /api/Exceptions/settings',
    name: 'change the exception rules',
    request: () => ({
      method: 'POST',
      url: '/api/Exceptions/settings',
      payload: { etaSlipDays: 3, checklist: [{ mode: '*', documentType: 'Commercial Invoice', after: 'atd' }] },
    }),
    expected: adminOnly,
  },
  {
    route: 'GET /api/Follows',
    name: 'what I follow',
    request: () => ({ url: '/api/Follows' }),
    expected: everyoneSignedIn,
  },
  {
    route: 'POST /api/Follows',
    name: 'follow a shipment',
    request: (fixture) => ({ method: 'POST', url: '/api/Follows', payload: { shipment: fixture.shipment } }),
    expected: readable,
  },
  {
    route: 'POST /api/Follows',
    name: 'follow a shipment for its arrival, at once',
    request: (fixture) => ({
      method: 'POST',
      url: '/api/Follows',
      payload: { shipment: fixture.shipment, events: ['arrived'], channel: 'email' },
    }),
    expected: readable,
  },
  {
    route: 'POST /api/Follows',
    name: 'follow a view',
    request: () => ({
      method: 'POST',
      url: '/api/Follows',
      payload: { name: 'Late arrivals', query: { exception: 'late_arrival' }, events: ['arrived'], channel: 'app' },
    }),
    expected: everyoneSignedIn,
  },
  {
    route: 'POST /api/Follows/delete',
    name: 'stop following (none with that id)',
    request: () => ({ method: 'POST', url: '/api/Follows/delete?id=999999999' }),
    expected: { anonymous: 401, Admin: 404, Employee: 404, ForwarderA: 404 },
  },
  {
    route: 'GET /api/Views',
    name: 'the named views I may open',
    request: () => ({ url: '/api/Views' }),
    expected: everyoneSignedIn,
  },
  {
    route: 'POST /api/Views',
    name: 'save a named view',
    request: () => ({ method: 'POST', url: '/api/Views', payload: { name: `Matrix view ${++counter}` } }),
    expected: { anonymous: 401, Admin: 201, Employee: 201, ForwarderA: 201 },
  },
  {
    route: 'GET /api/Views/:id',
    name: "a company's shared view",
    request: (_fixture, company) => ({ url: `/api/Views/${VIEWS[company]}` }),
    expected: { anonymous: 401, Admin: 404, Employee: 404, ForwarderA: { A: 200, B: 404 } },
  },
  {
    route: 'GET /api/Views/:id',
    name: 'a shared staff view',
    request: () => ({ url: `/api/Views/${VIEWS.staff}` }),
    expected: { anonymous: 401, Admin: 200, Employee: 200, ForwarderA: 404 },
  },
  {
    route: 'PUT /api/Views/:id',
    name: "change a company's shared view (not the owner)",
    request: (_fixture, company) => ({ method: 'PUT', url: `/api/Views/${VIEWS[company]}`, payload: { name: 'Mine' } }),
    expected: { anonymous: 401, Admin: 404, Employee: 404, ForwarderA: { A: 403, B: 404 } },
  },
  {
    route: 'PUT /api/Views/:id',
    name: 'change a shared staff view (not the owner)',
    request: () => ({ method: 'PUT', url: `/api/Views/${VIEWS.staff}`, payload: { name: 'Mine' } }),
    expected: { anonymous: 401, Admin: 403, Employee: 403, ForwarderA: 404 },
  },
  {
    route: 'DELETE /api/Views/:id',
    name: "delete a company's shared view (not the owner)",
    request: (_fixture, company) => ({ method: 'DELETE', url: `/api/Views/${VIEWS[company]}` }),
    expected: { anonymous: 401, Admin: 404, Employee: 404, ForwarderA: { A: 403, B: 404 } },
  },
  {
    route: 'DELETE /api/Views/:id',
    name: 'delete a shared staff view (not the owner)',
    request: () => ({ method: 'DELETE', url: `/api/Views/${VIEWS.staff}` }),
    expected: { anonymous: 401, Admin: 403, Employee: 403, ForwarderA: 404 },
  },
  {
    route: 'PUT /api/Views/default',
    name: "choose a company's shared view as my default",
    request: (_fixture, company) => ({ method: 'PUT', url: '/api/Views/default', payload: { id: VIEWS[company] } }),
    expected: { anonymous: 401, Admin: 404, Employee: 404, ForwarderA: { A: 200, B: 404 } },
  },
  {
    route: 'PUT /api/Views/organisation-default',
    name: "the organisation's default view",
    request: () => ({ method: 'PUT', url: '/api/Views/organisation-default', payload: { id: VIEWS.staff } }),
    expected: adminOnly,
  },
  {
    route: 'GET /api/Alerts',
    name: 'my alerts',
    request: () => ({ url: '/api/Alerts' }),
    expected: { ...everyoneSignedIn, SupplierA: 200 },
  },
  {
    route: 'POST /api/Alerts/read',
    name: 'mark my alerts read',
    request: () => ({ method: 'POST', url: '/api/Alerts/read', payload: {} }),
    expected: { ...everyoneSignedIn, SupplierA: 200 },
  },
  {
    route: 'GET /api/Alerts/preferences',
    name: 'my alert preferences',
    request: () => ({ url: '/api/Alerts/preferences' }),
    expected: { ...everyoneSignedIn, SupplierA: 200 },
  },
  {
    route: 'POST /api/Alerts/preferences',
    name: 'choose my alert preferences',
    request: () => ({
      method: 'POST',
      url: '/api/Alerts/preferences',
      payload: {
        preferences: {
          new_exception: 'digest',
          eta_slipped: 'email',
          departed: 'app',
          arrived: 'app',
          document_uploaded: 'digest',
        },
      },
    }),
    expected: { ...everyoneSignedIn, SupplierA: 200 },
  },
  {
    route: 'POST /api/Unsubscribe',
    name: 'unsubscribe with a link that is not ours (public)',
    request: () => ({ method: 'POST', url: '/api/Unsubscribe?token=1.not-a-signature' }),
    expected: { anonymous: 400, Admin: 400, Employee: 400, ForwarderA: 400 },
  },
  { route: 'GET /api/Webhooks', name: 'webhooks', request: () => ({ url: '/api/Webhooks' }), expected: adminOnly },
  {
    route: 'POST /api/Webhooks',
    name: 'register a webhook',
    request: () => ({
      method: 'POST',
      url: '/api/Webhooks',
      payload: { url: 'https://hooks.example/quayside', events: ['arrived'] },
    }),
    expected: adminOnly,
  },
  {
    route: 'POST /api/Webhooks/delete',
    name: 'remove a webhook (none with that id)',
    request: () => ({ method: 'POST', url: '/api/Webhooks/delete?id=999999999' }),
    expected: { anonymous: 401, Admin: 404, Employee: 403, ForwarderA: 403 },
  },
  {
    route: 'POST /api/Webhooks/resume',
    name: 'resume a webhook (none with that id)',
    request: () => ({ method: 'POST', url: '/api/Webhooks/resume?id=999999999' }),
    expected: { anonymous: 401, Admin: 404, Employee: 403, ForwarderA: 403 },
  },
  {
    route: 'POST /api/CarrierEvents',
    name: 'post carrier events with a session instead of an integration token',
    request: () => ({ method: 'POST', url: '/api/CarrierEvents', payload: [] }),
    expected: { anonymous: 401, Admin: 401, Employee: 401, ForwarderA: 401, SupplierA: 401 },
  },
  {
    route: 'POST /api/CarrierEvents',
    name: "post an empty notification with an integration's token",
    request: () => ({
      method: 'POST',
      url: '/api/CarrierEvents',
      payload: [],
      headers: { authorization: `Bearer ${carrierToken}` },
    }),
    expected: { anonymous: 400, Admin: 401, Employee: 401, ForwarderA: 401, SupplierA: 401 },
  },
  {
    route: 'GET /api/Shipments/carrier-events',
    name: "a shipment's carrier events",
    request: (fixture) => ({ url: `/api/Shipments/carrier-events?shipment=${q(fixture.shipment)}` }),
    expected: readable,
  },
  {
    route: 'GET /api/CarrierEvents/review',
    name: 'carrier events waiting for review',
    request: () => ({ url: '/api/CarrierEvents/review' }),
    expected: adminOnly,
  },
  {
    route: 'POST /api/CarrierEvents/attach',
    name: 'attach a carrier event (none with that id)',
    request: (fixture) => ({
      method: 'POST',
      url: '/api/CarrierEvents/attach',
      payload: { id: 999999999, shipment: fixture.shipment },
    }),
    expected: { anonymous: 401, Admin: 404, Employee: 403, ForwarderA: 403 },
  },
  {
    route: 'POST /api/CarrierEvents/dismiss',
    name: 'dismiss a carrier event (none with that id)',
    request: () => ({ method: 'POST', url: '/api/CarrierEvents/dismiss?id=999999999' }),
    expected: { anonymous: 401, Admin: 404, Employee: 403, ForwarderA: 403 },
  },
  {
    route: 'GET /api/CarrierIntegrations',
    name: 'carrier integrations',
    request: () => ({ url: '/api/CarrierIntegrations' }),
    expected: adminOnly,
  },
  {
    route: 'POST /api/CarrierIntegrations',
    name: 'create a carrier integration',
    request: () => ({
      method: 'POST',
      url: '/api/CarrierIntegrations',
      payload: { name: `Matrix carrier ${Math.random().toString(36).slice(2)}` },
    }),
    expected: adminOnly,
  },
  {
    route: 'POST /api/CarrierIntegrations/revoke',
    name: 'revoke a carrier integration (none with that id)',
    request: () => ({ method: 'POST', url: '/api/CarrierIntegrations/revoke?id=999999999' }),
    expected: { anonymous: 401, Admin: 404, Employee: 403, ForwarderA: 403 },
  },
  {
    route: 'GET /api/TrackingLinks',
    name: "a shipment's tracking links",
    request: (fixture) => ({ url: `/api/TrackingLinks?shipment=${q(fixture.shipment)}` }),
    expected: staffOnly,
  },
  {
    route: 'POST /api/TrackingLinks',
    name: 'make a tracking link',
    request: (fixture) => ({ method: 'POST', url: '/api/TrackingLinks', payload: { shipment: fixture.shipment } }),
    expected: staffOnly,
  },
  {
    route: 'POST /api/TrackingLinks/revoke',
    name: 'withdraw a tracking link (none with that id)',
    request: () => ({ method: 'POST', url: '/api/TrackingLinks/revoke?id=999999999' }),
    expected: { anonymous: 401, Admin: 404, Employee: 404, ForwarderA: 403 },
  },
  {
    route: 'GET /api/Tracking/:token',
    name: 'a tracking link that does not exist (public)',
    request: () => ({ url: '/api/Tracking/not-a-token' }),
    expected: { anonymous: 404, Admin: 404, Employee: 404, ForwarderA: 404 },
  },
  {
    route: 'GET /api/OrganisationSettings',
    name: 'organisation settings',
    request: () => ({ url: '/api/OrganisationSettings' }),
    expected: adminOnly,
  },
  {
    route: 'POST /api/OrganisationSettings',
    name: 'change the organisation settings (to the defaults)',
    request: () => ({
      method: 'POST',
      url: '/api/OrganisationSettings',
      payload: { webhookPrivateAllowList: [], followsPerPerson: 500 },
    }),
    expected: adminOnly,
  },
  {
    route: 'GET /api/Deletions',
    name: 'recent deletions',
    request: () => ({ url: '/api/Deletions' }),
    expected: adminOnly,
  },
  {
    route: 'POST /api/Deletions/:id/restore',
    name: 'restore a deletion (none with that id)',
    request: () => ({ method: 'POST', url: '/api/Deletions/999999999/restore' }),
    expected: { anonymous: 401, Admin: 404, Employee: 403, ForwarderA: 403 },
  },
  { route: 'POST /api/Files', name: 'upload', request: upload, expected: writable },
  {
    route: 'GET /api/Files',
    name: 'documents of a shipment',
    request: (fixture) => ({ url: `/api/Files?shipment=${q(fixture.shipment)}` }),
    expected: readable,
  },
  {
    route: 'GET /api/Files',
    name: 'recent-documents report',
    request: () => ({ url: '/api/Files?createdOn=01/01/2020' }),
    expected: staffOnly,
  },
  {
    route: 'POST /api/Import',
    name: 'import a report (dry run)',
    request: importReport,
    expected: { anonymous: 401, Admin: 200, Employee: 403, ForwarderA: 200 },
    echoesRequest: true,
  },
  {
    route: 'POST /api/Import/purchase-orders',
    name: "import the ERP's PO lines (dry run)",
    request: recordImport('purchase-orders'),
    expected: adminOnly,
    echoesRequest: true,
  },
  {
    route: 'POST /api/Import/receipts',
    name: 'import receipts (dry run)',
    request: recordImport('receipts'),
    expected: adminOnly,
    echoesRequest: true,
  },
  {
    route: 'GET /api/Files/:id/content',
    name: 'download a document',
    request: (fixture) => ({ url: `/api/Files/${fixture.documentId}/content` }),
    expected: readable,
  },
  {
    route: 'GET /api/PurchaseOrders',
    name: 'purchase orders',
    request: () => ({ url: '/api/PurchaseOrders?pageSize=500' }),
    expected: { ...everyoneSignedIn, SupplierA: 200 },
    withPurchaseOrder: true,
  },
  {
    route: 'GET /api/PurchaseOrders',
    name: "purchase orders of a company's PO's supplier (a supplier of none it sees is unknown)",
    request: (_fixture, company) => ({ url: `/api/PurchaseOrders?supplier=${q(supplierOf(company))}` }),
    expected: {
      anonymous: 401,
      Admin: 200,
      Employee: 200,
      ForwarderA: { A: 200, B: 400 },
      SupplierA: { A: 200, B: 400 },
    },
    // 'No supplier named …' says the name asked for.
    echoesRequest: true,
    withPurchaseOrder: true,
  },
  {
    route: 'GET /api/PurchaseOrders/count',
    name: "the exact count of a company's PO's supplier (a supplier of none it sees is unknown)",
    request: (_fixture, company) => ({ url: `/api/PurchaseOrders/count?supplier=${q(supplierOf(company))}` }),
    expected: {
      anonymous: 401,
      Admin: 200,
      Employee: 200,
      ForwarderA: { A: 200, B: 400 },
      SupplierA: { A: 200, B: 400 },
    },
    // 'No supplier named …' says the name asked for.
    echoesRequest: true,
    withPurchaseOrder: true,
  },
  {
    route: 'GET /api/PurchaseOrders/detail',
    name: 'one purchase order',
    request: (fixture) => ({ url: `/api/PurchaseOrders/detail?po=${q(fixture.po)}` }),
    expected: { ...readable, SupplierA: { A: 200, B: 404 } },
    withPurchaseOrder: true,
  },
  {
    route: 'POST /api/PurchaseOrders/confirm',
    name: 'confirm a purchase order (its supplier)',
    request: (fixture) => ({ method: 'POST', url: `/api/PurchaseOrders/confirm?po=${q(fixture.po)}`, payload: {} }),
    expected: { ...supplierOnly },
    withPurchaseOrder: true,
  },
  {
    route: 'POST /api/PurchaseOrders/proposals',
    name: 'propose changes to a purchase order (its supplier)',
    request: (fixture) => ({
      method: 'POST',
      url: `/api/PurchaseOrders/proposals?po=${q(fixture.po)}`,
      payload: { cargo_ready_date: '2027-06-01', lines: [{ line_number: 1, ordered_qty: 1 }] },
    }),
    expected: { ...supplierOnly },
    withPurchaseOrder: true,
  },
  {
    route: 'POST /api/PurchaseOrders/proposals/decision',
    name: "approve a supplier's proposal",
    request: (fixture) => ({
      method: 'POST',
      url: `/api/PurchaseOrders/proposals/decision?po=${q(fixture.po)}`,
      payload: { proposal: fixture.proposalId, decision: 'approve' },
    }),
    expected: adminOnly,
    withProposal: true,
  },
  {
    route: 'GET /api/Bookings',
    name: 'bookings',
    request: () => ({ url: '/api/Bookings?pageSize=500' }),
    expected: { ...everyoneSignedIn, SupplierA: 200 },
    withBooking: 'routed',
  },
  {
    route: 'GET /api/Bookings/detail',
    name: 'one booking (routed to the company’s forwarder)',
    request: (fixture) => ({ url: `/api/Bookings/detail?reference=${q(fixture.bookingReference)}` }),
    expected: { ...readable, SupplierA: { A: 200, B: 404 } },
    withBooking: 'routed',
  },
  {
    route: 'POST /api/Bookings',
    name: 'request a booking',
    request: (fixture) => ({
      method: 'POST',
      url: '/api/Bookings',
      payload: {
        po_number: fixture.po,
        cargo_ready_date: '2027-06-01',
        lines: [{ line_number: 1, qty: 1 }],
        mode: 'SEA',
      },
    }),
    expected: { anonymous: 401, Admin: 201, Employee: 403, ForwarderA: 403, SupplierA: { A: 201, B: 404 } },
    withPurchaseOrder: true,
  },
  {
    route: 'POST /api/Bookings/route',
    name: 'route a booking',
    request: (fixture) => ({
      method: 'POST',
      url: `/api/Bookings/route?reference=${q(fixture.bookingReference)}`,
      payload: { forwarder_name: 'Gamma Lines' },
    }),
    expected: adminOnly,
    withBooking: 'requested',
  },
  {
    route: 'POST /api/Bookings/confirm',
    name: 'confirm a booking routed to the company’s forwarder',
    request: (fixture) => ({
      method: 'POST',
      url: `/api/Bookings/confirm?reference=${q(fixture.bookingReference)}`,
      payload: { shipment: `S-${fixture.bookingReference}` },
    }),
    expected: writable,
    withBooking: 'routed',
  },
  {
    route: 'POST /api/Bookings/decline',
    name: 'decline a booking routed to the company’s forwarder',
    request: (fixture) => ({
      method: 'POST',
      url: `/api/Bookings/decline?reference=${q(fixture.bookingReference)}`,
      payload: { reason: 'No space' },
    }),
    expected: writable,
    withBooking: 'routed',
  },
  {
    route: 'GET /api/Bookings/lane-rules',
    name: 'lane rules',
    request: () => ({ url: '/api/Bookings/lane-rules' }),
    expected: adminOnly,
  },
  {
    route: 'PUT /api/Bookings/lane-rules',
    name: 'set lane rules',
    request: () => ({ method: 'PUT', url: '/api/Bookings/lane-rules', payload: { rules: [] } }),
    expected: adminOnly,
  },
  {
    route: 'GET /api/Messages',
    name: "a purchase order's conversation",
    request: (fixture) => ({ url: `/api/Messages?record=purchase_order&key=${q(fixture.po)}` }),
    expected: { ...readable, SupplierA: { A: 200, B: 404 } },
    withPurchaseOrder: true,
  },
  {
    route: 'POST /api/Messages',
    name: 'write on a purchase order',
    request: (fixture) => ({
      method: 'POST',
      url: '/api/Messages',
      payload: { record: 'purchase_order', key: fixture.po, body: 'Hello' },
    }),
    expected: {
      anonymous: 401,
      Admin: 201,
      Employee: 201,
      ForwarderA: { A: 201, B: 404 },
      SupplierA: { A: 201, B: 404 },
    },
    withPurchaseOrder: true,
  },
  {
    route: 'POST /api/Messages/edit',
    name: 'edit one’s own message (on a PO one may no longer see: not found)',
    request: (fixture) => ({
      method: 'POST',
      url: `/api/Messages/edit?id=${fixture.messageId}`,
      payload: { body: 'Changed' },
    }),
    expected: { ...readable, SupplierA: { A: 200, B: 404 } },
    withOwnMessage: true,
  },
  {
    route: 'POST /api/Messages/delete',
    name: 'delete one’s own message',
    request: (fixture) => ({ method: 'POST', url: `/api/Messages/delete?id=${fixture.messageId}` }),
    expected: { ...readable, SupplierA: { A: 200, B: 404 } },
    withOwnMessage: true,
  },
  {
    route: 'GET /api/Suppliers',
    name: 'suppliers',
    request: () => ({ url: '/api/Suppliers?pageSize=500' }),
    expected: adminOnly,
    withPurchaseOrder: true,
  },
  {
    route: 'POST /api/Suppliers/contacts',
    name: "invite a supplier's contact",
    request: (fixture, company) => ({
      method: 'POST',
      url: '/api/Suppliers/contacts',
      payload: {
        supplier: supplierOf(company),
        full_name: 'New Contact',
        email: `contact-${fixture.po}@maker.example`,
      },
    }),
    expected: { ...adminOnly, Admin: 201 },
  },
  {
    route: 'DELETE /api/Suppliers/contacts',
    name: "remove a supplier's contact",
    request: (fixture) => ({
      method: 'DELETE',
      url: '/api/Suppliers/contacts',
      payload: { email: fixture.contactEmail },
    }),
    expected: adminOnly,
    withContact: true,
  },
  {
    route: 'GET /api/Suppliers/settings',
    name: 'automatic approval',
    request: () => ({ url: '/api/Suppliers/settings' }),
    expected: adminOnly,
  },
  {
    route: 'PUT /api/Suppliers/settings',
    name: 'set automatic approval',
    request: () => ({ method: 'PUT', url: '/api/Suppliers/settings', payload: { autoApproveCargoReadyDays: null } }),
    expected: adminOnly,
  },
  {
    route: 'POST /api/PurchaseOrders',
    name: 'save a purchase order',
    request: (fixture) => ({
      method: 'POST',
      url: '/api/PurchaseOrders',
      payload: { po_number: fixture.po, lines: [{ line_number: 1, sku: fixture.part, ordered_qty: 5 }] },
    }),
    expected: adminOnly,
  },
  {
    route: 'POST /api/PurchaseOrders/short-close',
    name: 'short-close a purchase order',
    request: (fixture) => ({
      method: 'POST',
      url: `/api/PurchaseOrders/short-close?po=${q(fixture.po)}`,
      payload: { reason: 'The supplier stopped' },
    }),
    expected: adminOnly,
    withPurchaseOrder: true,
  },
  {
    route: 'GET /api/Receipts',
    name: "a shipment's receipt",
    request: (fixture) => ({ url: `/api/Receipts?shipment=${q(fixture.shipment)}` }),
    expected: staffOnly,
    withPurchaseOrder: true,
  },
  {
    route: 'POST /api/Receipts',
    name: 'receive a shipment',
    request: (fixture) => ({
      method: 'POST',
      url: `/api/Receipts?shipment=${q(fixture.shipment)}`,
      payload: { lines: [{ po_number: fixture.po, sku: fixture.part, received_qty: 1 }] },
    }),
    expected: adminOnly,
    withPurchaseOrder: true,
  },
];

/** Routes that are not the product's API: sign-in (better-auth), the OpenAPI page, health, the web app. */
const isProductRoute = (method: string, url: string) =>
  method !== 'HEAD' && url.startsWith('/api/') && !url.startsWith('/api/auth') && !url.startsWith('/api/docs');

describe('authorization on every route', () => {
  it('has an entry for every route the server has', () => {
    const routes = t.app.routeTable
      .filter((route) => isProductRoute(route.method, route.url))
      .map((route) => `${route.method} ${route.url}`);
    expect(new Set(CASES.map((entry) => entry.route))).toEqual(new Set(routes));
  });

  it("refuses every role the route table's `who` leaves out, and lets each role it names succeed somewhere", () => {
    const roleOf = {
      anonymous: undefined,
      Admin: 'Admin',
      Employee: 'Employee',
      ForwarderA: 'Forwarder',
      SupplierA: 'Supplier',
    } as const;
    const disagreements: string[] = [];
    for (const route of new Set(CASES.map((entry) => entry.route))) {
      const cases = CASES.filter((entry) => entry.route === route);
      const call = Object.values(API as Record<string, Call>).find(
        (entry) => `${entry.method} ${entry.path}` === route,
      );
      if (!call) {
        disagreements.push(`${route}: not in the route table`);
        continue;
      }
      for (const [role, person] of Object.entries(roleOf) as [keyof typeof roleOf, PersonRole | undefined][]) {
        const statuses = cases.flatMap((entry) =>
          (['A', 'B'] as const).map((company) => expectedStatus(entry.expected, role, company)),
        );
        const refusal = person === undefined ? 401 : 403;
        const allowed = mayCall(call, person);
        if (!allowed && statuses.some((status) => status !== refusal))
          disagreements.push(`${route}: who '${call.who}' leaves out ${role}, which the matrix lets through`);
        if (allowed && statuses.every((status) => status === refusal))
          disagreements.push(`${route}: who '${call.who}' names ${role}, which the matrix always refuses`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  const rows = CASES.flatMap((entry) =>
    ROLES.flatMap((role) => (['A', 'B'] as const).map((company) => ({ ...entry, role, company }))),
  );
  it.each(rows)(
    '$route ($name) as $role on company $company',
    async ({
      request,
      expected,
      role,
      company,
      echoesRequest,
      withPurchaseOrder,
      withProposal,
      withContact,
      withBooking,
      withOwnMessage,
    }) => {
      const fixture = await record(company, {
        withPurchaseOrder: withPurchaseOrder || withProposal || withBooking !== undefined || withOwnMessage,
        withProposal,
        withContact,
        withBooking,
        withMessageBy: withOwnMessage ? role : undefined,
      });
      const { method = 'GET', url, payload, headers = {} } = request(fixture, company);
      const token = tokens[role as Exclude<Role, 'anonymous'>];
      const response: LightMyRequestResponse = await t.app.inject({
        method,
        url,
        ...(payload === undefined ? {} : { payload }),
        // Every call also claims to be an Admin of company B the way the original client did: ignored.
        headers: { ...headers, ...SPOOFED_USER_DATA, ...(token ? bearer(token) : {}) },
      });
      const status = expectedStatus(expected, role, company);
      expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
      // Nothing of the other company ever reaches a forwarder or a supplier: not in a list, a count, a
      // suggestion, an export or a document.
      const ownA = role === 'ForwarderA' || role === 'SupplierA';
      const other = ownA
        ? { name: COMPANY_B, prefix: 'M-B-', supplier: SUPPLIER_B }
        : { name: COMPANY_A, prefix: 'M-A-', supplier: SUPPLIER_A };
      if (role.startsWith('Forwarder') || role.startsWith('Supplier')) {
        expect(response.body).not.toContain(other.name);
        if (!echoesRequest) expect(response.body).not.toContain(other.prefix);
        if (role.startsWith('Supplier') && !echoesRequest) expect(response.body).not.toContain(other.supplier);
      }
      if (status >= 400) expect(response.json<{ message: string }>().message).toEqual(expect.any(String));
    },
  );
});
