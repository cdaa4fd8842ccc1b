import { LineItemQuery } from '@quayside/domain/line-item-query';
import type { LineItem, LineItemsResponse } from '@quayside/domain/line-items';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../auth/principal.ts';
import { auditLog, lineItemRows, lineItems, parts } from '../../db/schema.ts';
import { insertShipment } from '../../testing/fixtures.ts';
import { bearer, createTestApp, signInCast, type TestApp } from '../../testing/test-app.ts';
import { exceptionContext } from '../exceptions/exceptions.service.ts';
import { countRows, estimateRows } from './count-rows.ts';
import { syncLineItemRows } from './line-item-rows.ts';
import { listLineItems } from './line-items.service.ts';

let t: TestApp;
let admin: string;
let employee: string;
let blueForwarder: string;
let kestrelForwarder: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, employee, blue: blueForwarder, kestrel: kestrelForwarder } = await signInCast(t));
  await insertShipment(
    t.db,
    {
      shipment: 'SHP-1001',
      forwarder_name: 'Blue Anchor',
      consignee_name: 'NAPCO Dominicana',
      consignor_name: 'Ningbo Works',
      origin: 'CNNBO',
      dest: 'DOHAI',
      trans: 'SEA',
      master: 'MSKU1',
      house: 'HBL-1',
      dest_eta: new Date('2026-03-10T00:00:00Z'),
      atd: new Date('2026-02-01T08:00:00Z'),
      weight: '1200.5',
      outer: '40',
      volume: '12.25',
    },
    [
      {
        title: 'PO-100',
        parts: [
          { part_number: 'P-1', qty: 5 },
          { part_number: 'P-2', qty: 7 },
        ],
      },
      { title: 'PO-LONG-NUMBER-12345', parts: [] },
      { title: 'PO-HIDDEN', hide_lineitem: true },
    ],
  );
  await insertShipment(
    t.db,
    { shipment: 'SHP-1002', forwarder_name: 'Kestrel', trans: 'AIR', dest_eta: new Date('2026-04-01T00:00:00Z') },
    [{ title: 'PO-200', parts: [{ part_number: '=cmd|calc', qty: 1 }] }, { title: 'PO-201' }],
  );
  await insertShipment(t.db, { shipment: 'SHP-1003', forwarder_name: ' blue anchor ', trans: 'BCN' }, [
    { title: 'PO-"quoted"' },
  ]);
});
afterAll(() => t.close());

const list = (token: string, query = '') => t.app.inject({ url: `/api/LineItems${query}`, headers: bearer(token) });
const listed = async (token: string, query = '') => {
  const response = await list(token, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LineItemsResponse>();
};
const titles = (body: LineItemsResponse) => body.lineItems.map((lineItem) => lineItem.title);
const encoded = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe('GET /api/LineItems', () => {
  it('answers page 1 of 50 in the default order (Dest. ETA descending, empty last), each with its shipment and parts', async () => {
    const body = await listed(admin);
    expect(titles(body)).toEqual(['PO-200', 'PO-201', 'PO-100', 'PO-LONG-NUMBER-12345', 'PO-HIDDEN', 'PO-"quoted"']);
    expect(body).toMatchObject({ total: 6, totalAll: 6, page: 1, pageSize: 50 });
    const po100 = body.lineItems.find((lineItem) => lineItem.title === 'PO-100');
    expect(po100).toEqual<LineItem>({
      _id: expect.any(String),
      title: 'PO-100',
      related_shipment: 'SHP-1001',
      forwarder_name: 'Blue Anchor',
      cosignee_name: 'NAPCO Dominicana',
      consignor_name: 'Ningbo Works',
      origin_port: 'CNNBO',
      destination_port: 'DOHAI',
      transit_type: 'SEA',
      master: 'MSKU1',
      house: 'HBL-1',
      obl_received_date: null,
      atd: '2026-02-01T08:00:00.000Z',
      dest_eta: '2026-03-10T00:00:00.000Z',
      ata: null,
      est_delivery: null,
      act_delivery: null,
      shipment_origin_etd: null,
      created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      weight: 1200.5,
      outer: 40,
      volume: 12.25,
      part_numbers: ['P-1', 'P-2'],
      parts: [
        { part_number: 'P-1', qty: 5 },
        { part_number: 'P-2', qty: 7 },
      ],
      total_qty: 12,
      numberOfParts: 2,
      po_review_required: 6,
      ignore_po_character_count: false,
      hide_lineitem: false,
      filter_record_out: false,
      // Dest. ETA and ATD long passed, no ATA, no documents.
      exceptions: ['late_arrival', 'missing_documents'],
      // Days late as of the real clock's today.
      exception_facts: { late_arrival: expect.any(Number), missing_documents: ['Commercial Invoice', 'Packing List'] },
      // No purchase order is numbered PO-100.
      has_purchase_order: false,
    });
  });

  it('searches, filters and sorts in the database, counting matches and everything visible', async () => {
    const search = await listed(admin, '?q=ningbo');
    expect(search.total).toBe(0); // Consignor is not a column of either report.
    const byPart = await listed(admin, '?q=p-2');
    expect(titles(byPart)).toEqual(['PO-100']);
    const filters = [
      { column: 'transit_type', operator: 'equals', value: 'sea' },
      { column: 'total_qty', operator: 'greaterThan', value: '10' },
    ];
    const and = await listed(admin, `?filters=${encoded(filters)}`);
    expect(titles(and)).toEqual(['PO-100']);
    expect(and).toMatchObject({ total: 1, totalAll: 6 });
    const or = await listed(
      admin,
      `?filters=${encoded(filters)}&logic=OR&sort=${encoded([{ key: 'title', direction: 'asc' }])}`,
    );
    expect(titles(or)).toEqual(['PO-100', 'PO-HIDDEN', 'PO-LONG-NUMBER-12345']);
    const page2 = await listed(admin, `?pageSize=25&page=2`);
    expect(page2).toMatchObject({ lineItems: [], total: 6, page: 2, pageSize: 25 });
  });

  it('shows N/A-typed and empty-date rows by what they display', async () => {
    const na = await listed(
      admin,
      `?filters=${encoded([{ column: 'transit_type', operator: 'equals', value: 'N/A' }])}`,
    );
    expect(titles(na)).toEqual(['PO-"quoted"']);
    const noEta = await listed(admin, `?filters=${encoded([{ column: 'dest_eta', operator: 'isEmpty' }])}`);
    expect(titles(noEta)).toEqual(['PO-"quoted"']);
  });

  it('looks a PO up by its number with po=', async () => {
    expect(titles(await listed(admin, '?po=PO-201'))).toEqual(['PO-201']);
  });

  it('shows a forwarder only its company’s line items (trimmed, any case), never hidden ones', async () => {
    const blue = await listed(blueForwarder);
    expect(titles(blue)).toEqual(['PO-100', 'PO-LONG-NUMBER-12345', 'PO-"quoted"']);
    expect(blue).toMatchObject({ total: 3, totalAll: 3 });
    expect(titles(await listed(kestrelForwarder, '?q=PO-1'))).toEqual([]);
    expect(titles(await listed(blueForwarder, '?po=PO-HIDDEN'))).toEqual([]);
  });

  it('ignores a spoofed user-data header', async () => {
    const response = await t.app.inject({
      url: '/api/LineItems',
      headers: {
        ...bearer(kestrelForwarder),
        'user-data': JSON.stringify({ role: 'Admin', company_name: 'Blue Anchor' }),
      },
    });
    expect(titles(response.json<LineItemsResponse>())).toEqual(['PO-200', 'PO-201']);
  });

  it.each([
    ['filters that are not JSON', '?filters=%5B%7Bcolumn', 'filters must be a JSON array.'],
    [
      'an unknown filter column',
      `?filters=${encoded([{ column: 'secret', operator: 'equals', value: 'x' }])}`,
      'Unknown filter column: secret.',
    ],
    [
      'an unknown operator',
      `?filters=${encoded([{ column: 'title', operator: 'like', value: 'x' }])}`,
      'Unknown filter operator: like.',
    ],
    ['sort that is not JSON', '?sort=title', 'sort must be a JSON array.'],
    [
      'an unknown sort column',
      `?sort=${encoded([{ key: 'password', direction: 'asc' }])}`,
      'Unknown sort column: password.',
    ],
    [
      'a bad sort direction',
      `?sort=${encoded([{ key: 'title', direction: 'up' }])}`,
      'A sort direction is asc or desc.',
    ],
    ['pageSize 10000', '?pageSize=10000', 'pageSize is one of 25, 50, 100, 200, 500.'],
    ['page 0', '?page=0', 'page starts at 1.'],
    ['an unknown report', '?report=secret', 'report is default or dr.'],
    ['a control character in the search', '?q=%01a', 'Search text must not contain control characters.'],
    [
      'half of a surrogate pair in a filter value (JSON can carry one)',
      `?filters=${encodeURIComponent('[{"column":"title","operator":"contains","value":"\\ud83d"}]')}`,
      'A filter value must be valid Unicode text.',
    ],
  ])('answers 400 with a message for %s', async (_case, query, message) => {
    const response = await list(admin, query);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/api/LineItems' })).statusCode).toBe(401);
  });
});

const update = (token: string, shipment: string, po: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/LineItems?shipment=${encodeURIComponent(shipment)}&po=${encodeURIComponent(po)}`,
    headers: bearer(token),
    payload,
  });
const remove = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/LineItems/delete', headers: bearer(token), payload });

async function storedLineItem(shipment: string, title: string) {
  const rows = await t.db
    .select({ lineItem: lineItems })
    .from(lineItems)
    .innerJoin(lineItemRows, eq(lineItemRows.line_item_id, lineItems.id))
    .where(and(eq(lineItemRows.related_shipment, shipment), eq(lineItems.title, title)));
  return rows[0]?.lineItem;
}

describe('POST /api/LineItems (edit)', () => {
  it('renames a PO keeping its parts, re-flags its length, and audits the change', async () => {
    await insertShipment(t.db, { shipment: 'SHP-EDIT', forwarder_name: 'Blue Anchor' }, [
      { title: 'PO-OLD', parts: [{ part_number: 'X-1', qty: 3 }] },
    ]);
    const response = await update(admin, 'SHP-EDIT', 'PO-OLD', {
      title: ' PO-RENAMED-LONGER ',
      ignore_po_character_count: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { lineItem } = response.json<{ lineItem: LineItem }>();
    expect(lineItem).toMatchObject({
      title: 'PO-RENAMED-LONGER',
      related_shipment: 'SHP-EDIT',
      part_numbers: ['X-1'],
      total_qty: 3,
      po_review_required: 17,
      ignore_po_character_count: true,
    });
    expect(titles(await listed(admin, '?q=renamed'))).toEqual(['PO-RENAMED-LONGER']);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'line_item'), eq(auditLog.entity_id, lineItem._id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'update', actor_email: 'admin@napco.example' });
  });

  it('hides a record for staff (filter_record_out is the same flag), and forwarders never see it', async () => {
    await insertShipment(t.db, { shipment: 'SHP-HIDE', forwarder_name: 'Kestrel' }, [{ title: 'PO-H' }]);
    expect((await update(admin, 'SHP-HIDE', 'PO-H', { filter_record_out: true })).statusCode).toBe(200);
    expect(titles(await listed(admin, '?po=PO-H'))).toEqual(['PO-H']);
    expect(titles(await listed(kestrelForwarder, '?po=PO-H'))).toEqual([]);
    expect((await update(kestrelForwarder, 'SHP-HIDE', 'PO-H', { title: 'PO-H2' })).statusCode).toBe(404);
  });

  it('lets a forwarder rename its own PO but ignores its Valid PO # and Hide record fields', async () => {
    await insertShipment(t.db, { shipment: 'SHP-FWD', forwarder_name: 'Kestrel' }, [{ title: 'PO-F' }]);
    const response = await update(kestrelForwarder, 'SHP-FWD', 'PO-F', {
      title: 'PO-F2',
      hide_lineitem: true,
      ignore_po_character_count: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await storedLineItem('SHP-FWD', 'PO-F2')).toMatchObject({
      hide_lineitem: false,
      ignore_po_character_count: false,
    });
  });

  it('refuses what may not be done, changing nothing', async () => {
    const before = await t.db.select().from(lineItems).orderBy(lineItems.id);
    const cases = [
      [employee, 'SHP-1001', 'PO-100', { title: 'X' }, 403, 'Your role has read-only access.'],
      [kestrelForwarder, 'SHP-1001', 'PO-100', { title: 'X' }, 404, 'Shipment not found'],
      [admin, 'SHP-1001', 'PO-NONE', { title: 'X' }, 404, 'Line item not found'],
      [
        admin,
        'SHP-1001',
        'PO-100',
        { title: 'PO-LONG-NUMBER-12345' },
        409,
        'This shipment already has a line item with that PO number.',
      ],
      [admin, 'SHP-1001', 'PO-100', { title: '   ' }, 400, 'PO number is required.'],
      [admin, 'SHP-1001', 'PO-100', { title: 'a\u0000b' }, 400, 'Text must not contain NUL characters.'],
    ] as const;
    for (const [token, shipment, po, payload, status, message] of cases) {
      const response = await update(token, shipment, po, payload);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json<{ message: string }>().message).toContain(message);
    }
    expect(await t.db.select().from(lineItems).orderBy(lineItems.id)).toEqual(before);
  });
});

describe('POST /api/LineItems/delete', () => {
  it('removes the line item and its parts; the audit log keeps what was deleted', async () => {
    await insertShipment(t.db, { shipment: 'SHP-DEL', forwarder_name: 'Blue Anchor' }, [
      { title: 'PO-GONE', parts: [{ part_number: 'G-1', qty: 2 }] },
    ]);
    const stored = await storedLineItem('SHP-DEL', 'PO-GONE');
    const response = await remove(blueForwarder, { title: 'PO-GONE', related_shipment: 'SHP-DEL' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'Line item deleted.' });
    expect(await storedLineItem('SHP-DEL', 'PO-GONE')).toBeUndefined();
    expect(await t.db.$count(parts, eq(parts.line_item_id, stored?.id ?? 0))).toBe(0);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'line_item'), eq(auditLog.action, 'delete')));
    expect(audit?.before).toMatchObject({ title: 'PO-GONE', part_numbers: ['G-1'] });
  });

  it('answers errors as {message}', async () => {
    const cases = [
      [employee, { title: 'PO-100', related_shipment: 'SHP-1001' }, 403],
      [kestrelForwarder, { title: 'PO-100', related_shipment: 'SHP-1001' }, 404],
      [admin, { title: 'PO-NOPE', related_shipment: 'SHP-1001' }, 404],
      [admin, { title: 'PO-100' }, 400],
    ] as const;
    for (const [token, payload, status] of cases) {
      const response = await remove(token, payload);
      expect(response.statusCode).toBe(status);
      expect(response.json<{ message: string }>().message).toEqual(expect.any(String));
    }
    expect(await storedLineItem('SHP-1001', 'PO-100')).toBeDefined();
  });
});

describe('GET /api/LineItems/export', () => {
  const exported = (token: string, query = '') =>
    t.app.inject({ url: `/api/LineItems/export${query}`, headers: bearer(token) });

  it('streams the matching rows as CSV: report labels, every value quoted, formulas neutralised, dated file name', async () => {
    const response = await exported(
      admin,
      `?report=dr&q=SHP-100&sort=${encoded([{ key: 'title', direction: 'asc' }])}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="shipment-data-${today}.csv"`);
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      '"PO #","Forwarder Name","Transit Type","Part Numbers","Total Qty","Est Delivery","ATD","Dest. ETA","ATA","House","Master","Shipment"',
    );
    expect(lines.slice(1, 4)).toEqual([
      // The stored transit code, where the table shows N/A.
      '"PO-""quoted"""," blue anchor ","BCN","","0","","","","","","","SHP-1003"',
      '"PO-100","Blue Anchor","SEA","P-1, P-2","12","","2026-02-01","2026-03-10","","HBL-1","MSKU1","SHP-1001"',
      '"PO-200","Kestrel","AIR","\'=cmd|calc","1","","","2026-04-01","","","","SHP-1002"',
    ]);
  });

  it('exports only what the forwarder may see', async () => {
    const body = (await exported(kestrelForwarder)).body;
    expect(body).toContain('"PO-200"');
    expect(body).not.toContain('PO-100');
  });

  it('validates the query like the list does', async () => {
    expect((await exported(admin, '?filters=nope')).statusCode).toBe(400);
  });

  it('streams a large export in pieces rather than building it whole', async () => {
    const shipment = await insertShipment(t.db, { shipment: 'SHP-BULK', forwarder_name: 'Bulk Co' });
    await t.db.execute(
      sql`insert into line_items (shipment_id, title, po_review_required)
          select ${shipment.id}, 'BULK-' || n, 10 from generate_series(1, 5000) n`,
    );
    await syncLineItemRows(t.db, { shipmentIds: [shipment.id] });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/LineItems/export?q=BULK-`, { headers: bearer(admin) });
    const reader = response.body?.getReader();
    let chunks = 0;
    let text = '';
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = (await reader?.read()) ?? { done: true, value: undefined };
      if (done) break;
      chunks += 1;
      text += decoder.decode(value, { stream: true });
    }
    expect(text.trim().split('\r\n')).toHaveLength(5001);
    expect(chunks).toBeGreaterThan(2);
  });
});

describe('a forwarder listed without a company', () => {
  it('sees nothing, not every shipment without a forwarder', async () => {
    await insertShipment(t.db, { shipment: 'SHP-NOBODY', forwarder_name: '' }, [{ title: 'PO-ORPHAN' }]);
    const nobody = await t.signedInAs({ email: 'ops@nowhere.example', role: 'Forwarder', company_name: '' });
    expect(await listed(nobody)).toMatchObject({ lineItems: [], total: 0, totalAll: 0 });
    expect((await t.app.inject({ url: '/api/Shipments?shipment=SHP-NOBODY', headers: bearer(nobody) })).json()).toEqual(
      {
        shipments: [],
      },
    );
  });
});

describe('GET /api/LineItems/count', () => {
  const count = async (token: string, query: string) => {
    const response = await t.app.inject({ url: `/api/LineItems/count${query}`, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ total: number }>().total;
  };

  beforeAll(async () => {
    const shipment = await insertShipment(t.db, { shipment: 'SHP-MANY', forwarder_name: 'Kestrel' });
    await t.db.execute(
      sql`insert into line_items (shipment_id, title, po_review_required)
          select ${shipment.id}, 'MANY-' || n, 10 from generate_series(1, 1200) n`,
    );
    await syncLineItemRows(t.db, { shipmentIds: [shipment.id] });
  });

  it('a page of more than 1,000 matches says exactly how many, from the rows in memory', async () => {
    const page = await listed(admin, '?q=MANY-');
    expect(page).toMatchObject({ total: 1200, totalExact: true });
    expect(page.totalEstimate).toBeUndefined();
    expect(page.lineItems).toHaveLength(50);
    expect(await count(admin, '?q=MANY-')).toBe(1200);
    expect(await count(admin, '?q=MANY-&page=3&pageSize=25')).toBe(1200);
  });

  it('without the rows in memory (while they load), a page says "more than 1,000" and about how many at once', async () => {
    const staff: Principal = {
      personId: 1,
      userId: 'u',
      email: 'a@example.com',
      fullName: 'A',
      role: 'Admin',
      company: 'NAPCO',
    };
    const context = await exceptionContext(t.db, () => new Date());
    const page = await listLineItems(t.db, staff, LineItemQuery.parse({ q: 'MANY-' }), context);
    // A table this small is sampled whole, so the estimate is the count to two digits.
    expect(page).toMatchObject({ total: 1001, totalExact: false, totalEstimate: 1200 });
    expect(page.lineItems).toHaveLength(50);
  });

  it('estimates from a sample of the pages, the same each time, and only what it can say', async () => {
    const rows =
      (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from line_item_rows`)).rows[0]?.n ?? 0;
    const half = sql`r.line_item_id % 2 = 0`; // spread over every page, as a sample assumes
    const exact = await countRows(t.db, half);
    const sampledRows = Math.ceil(rows / 3); // a third of the table's pages
    const estimate = (await estimateRows(t.db, half, sampledRows)) ?? 0;
    expect(Math.abs(estimate - exact) / exact).toBeLessThan(0.2);
    expect(String(estimate)).toMatch(/^\d\d0+$/); // two significant digits
    expect(await estimateRows(t.db, half, sampledRows)).toBe(estimate);
    // Matches the sample finds too few of, or that it puts at 1,000 or fewer, get no estimate.
    expect(await estimateRows(t.db, sql`r.title = 'MANY-7'`)).toBeUndefined();
    expect(await estimateRows(t.db, sql`r.title like 'MANY-1%'`)).toBeUndefined();
  });

  it('counts exactly up to 1,000 matches in the page answer itself', async () => {
    // MANY-1, MANY-10..19, MANY-100..199, MANY-1000..1199 and any other text holding "many-1".
    const page = await listed(admin, '?q=MANY-1');
    expect(page.totalExact).toBe(true);
    expect(page.totalEstimate).toBeUndefined();
    expect(page.total).toBeGreaterThanOrEqual(311);
    expect(page.total).toBeLessThanOrEqual(1000);
    expect(await count(admin, '?q=MANY-1')).toBe(page.total);
  });

  it('counts only what the principal sees', async () => {
    expect(await count(kestrelForwarder, '?q=MANY-')).toBe(1200);
    expect(await count(blueForwarder, '?q=MANY-')).toBe(0);
    expect(await listed(blueForwarder, '?q=MANY-')).toMatchObject({ total: 0, totalExact: true });
    const everything = await listed(kestrelForwarder);
    expect(everything.totalExact).toBe(true);
    expect(await count(kestrelForwarder, '')).toBe(everything.totalAll);
  });

  it('validates its query like the list does', async () => {
    const response = await t.app.inject({ url: '/api/LineItems/count?logic=XOR', headers: bearer(admin) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'logic is AND or OR. (logic)' });
  });
});
