import type { ImportReport } from '@quayside/domain/import';
import { SHIPMENT_EXISTS } from '@quayside/domain/shipments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PO_NUMBER_NOT_USABLE } from '../modules/line-items/line-items.service.ts';
import { insertShipment } from '../testing/fixtures.ts';
import { multipart } from '../testing/multipart.ts';
import { bearer, createTestApp, type TestApp } from '../testing/test-app.ts';

// No oracle for what a forwarder may not see: as Forwarder A, an answer about another
// company's shipment or PO, or about a hidden line item, is byte for byte an answer that some
// request about a free or unrelated number gets too.

const COMPANY_A = 'Alpha Freight';
const COMPANY_B = 'Beta Cargo';

let t: TestApp;
let admin = '';
let forwarderA = '';
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedInAs({ email: 'admin@napco.example', role: 'Admin', company_name: 'NAPCO' });
  forwarderA = await t.signedInAs({ email: 'ops@alpha.example', role: 'Forwarder', company_name: COMPANY_A });
  await insertShipment(t.db, { shipment: 'INV-A-1', forwarder_name: COMPANY_A }, [
    { title: 'PO-MINE' },
    { title: 'PO-SEEN' },
    { title: 'PO-HIDDEN', hide_lineitem: true },
  ]);
  await insertShipment(t.db, { shipment: 'INV-B-1', forwarder_name: COMPANY_B }, [{ title: 'PO-B' }]);
});
afterAll(() => t.close());

type Call = { method?: 'GET' | 'POST'; url: string; payload?: object };
const call = async (token: string, { method = 'GET', url, payload }: Call) => {
  const response = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.body };
};
const rename = (shipment: string, po: string, title: string): Call => ({
  method: 'POST',
  url: `/api/LineItems?shipment=${shipment}&po=${po}`,
  payload: { title },
});

/** A forwarder's dry run of one shipments row: its outcome, as the report lists it. */
async function dryRunRow(row: string) {
  const body = multipart(
    [],
    [{ name: 'r.csv', field: 'shipments', bytes: Buffer.from(`Shipment,Order Ref,Forwarder Name\r\n${row}\r\n`) }],
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/Import?dryRun=true',
    headers: { ...bearer(forwarderA), 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  const report = response.json<ImportReport>();
  return JSON.stringify({ counts: report.shipments.counts, rows: report.rows, rejections: report.rejections });
}

describe('what Forwarder A cannot see answers like what does not concern it', () => {
  it('a rename onto a hidden PO number answers as one onto a PO number it sees, in words that claim nothing', async () => {
    const ontoHidden = await call(forwarderA, rename('INV-A-1', 'PO-MINE', 'PO-HIDDEN'));
    const ontoSeen = await call(forwarderA, rename('INV-A-1', 'PO-MINE', 'PO-SEEN'));
    expect(ontoHidden).toEqual(ontoSeen);
    expect(ontoHidden).toEqual({ status: 409, body: JSON.stringify({ message: PO_NUMBER_NOT_USABLE }) });
    // Staff see hidden line items: they still hear what is in the way.
    expect((await call(admin, rename('INV-A-1', 'PO-MINE', 'PO-HIDDEN'))).body).toContain(
      'already has a line item with that PO number',
    );
    // Another company's PO number is on another shipment: free here, as any unused number.
    const ontoOtherCompanys = await call(forwarderA, rename('INV-A-1', 'PO-MINE', 'PO-B'));
    expect(ontoOtherCompanys.status, ontoOtherCompanys.body).toBe(200);
    expect((await call(forwarderA, rename('INV-A-1', 'PO-B', 'PO-MINE'))).status).toBe(200);
  });

  it("a dry run refuses another company's shipment number in the words it uses for a free number it may not import", async () => {
    // The same number, first free (the row names another company), then held by another company.
    const free = await dryRunRow(`INV-GUESS-1,PO-1,${COMPANY_B}`);
    await insertShipment(t.db, { shipment: 'INV-GUESS-1', forwarder_name: COMPANY_B });
    const takenUnnamed = await dryRunRow('INV-GUESS-1,PO-1,');
    const takenNamedOwn = await dryRunRow(`INV-GUESS-1,PO-1,${COMPANY_A}`);
    expect(takenUnnamed).toBe(free);
    expect(takenNamedOwn).toBe(free);
    expect(free).toContain(`Shipment INV-GUESS-1 cannot be imported by your company (${COMPANY_A}).`);
    expect(free).not.toContain('exists');
  });

  it("creating a shipment with another company's number answers as creating one with its own existing number", async () => {
    const othersNumber = await call(forwarderA, {
      method: 'POST',
      url: '/api/Shipments',
      payload: [{ Shipment: 'INV-B-1' }],
    });
    const ownNumber = await call(forwarderA, {
      method: 'POST',
      url: '/api/Shipments',
      payload: [{ Shipment: 'INV-A-1' }],
    });
    expect(othersNumber).toEqual(ownNumber);
    expect(othersNumber).toEqual({ status: 409, body: JSON.stringify({ message: SHIPMENT_EXISTS }) });
  });

  it('line items, parts and documents it cannot see answer as ones that do not exist', async () => {
    const pairs: [Call, Call][] = [
      [
        { url: '/api/Parts/getParts?po=PO-HIDDEN&shipment=INV-A-1' },
        { url: '/api/Parts/getParts?po=PO-NONE&shipment=INV-A-1' },
      ],
      [
        { url: '/api/Parts/getParts?po=PO-B&shipment=INV-B-1' },
        { url: '/api/Parts/getParts?po=PO-B&shipment=INV-NONE' },
      ],
      [
        {
          method: 'POST',
          url: '/api/Parts',
          payload: { part_number: 'P', qty: 1, related_po_number: 'PO-HIDDEN', related_shipment: 'INV-A-1' },
        },
        {
          method: 'POST',
          url: '/api/Parts',
          payload: { part_number: 'P', qty: 1, related_po_number: 'PO-NONE', related_shipment: 'INV-A-1' },
        },
      ],
      [rename('INV-A-1', 'PO-HIDDEN', 'PO-X'), rename('INV-A-1', 'PO-NONE', 'PO-X')],
      [rename('INV-B-1', 'PO-B', 'PO-X'), rename('INV-NONE', 'PO-B', 'PO-X')],
      [
        { method: 'POST', url: '/api/LineItems/delete', payload: { title: 'PO-HIDDEN', related_shipment: 'INV-A-1' } },
        { method: 'POST', url: '/api/LineItems/delete', payload: { title: 'PO-NONE', related_shipment: 'INV-A-1' } },
      ],
      [{ url: '/api/Files?shipment=INV-B-1' }, { url: '/api/Files?shipment=INV-NONE' }],
      [{ url: '/api/Shipments?shipment=INV-B-1' }, { url: '/api/Shipments?shipment=INV-NONE' }],
      [
        { method: 'POST', url: '/api/Shipments?id=INV-B-1', payload: [{ House: 'H' }] },
        { method: 'POST', url: '/api/Shipments?id=INV-NONE', payload: [{ House: 'H' }] },
      ],
      [{ url: '/api/LineItems?po=PO-HIDDEN' }, { url: '/api/LineItems?po=PO-NONE' }],
      [{ url: '/api/LineItems/count?po=PO-B' }, { url: '/api/LineItems/count?po=PO-NONE' }],
    ];
    for (const [invisible, absent] of pairs) {
      expect(await call(forwarderA, invisible), invisible.url).toEqual(await call(forwarderA, absent));
    }
  });
});
