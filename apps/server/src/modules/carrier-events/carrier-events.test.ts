import { createHmac } from 'node:crypto';
import type {
  CarrierEventReviewResponse,
  CarrierEventsReceipt,
  CarrierEventsResponse,
  CreatedCarrierIntegration,
  CreatedTrackingLink,
  PublicTracking,
} from '@quayside/domain/carrier-events';
import type { DateHistoryResponse } from '@quayside/domain/date-history';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertShipment } from '../../testing/fixtures.ts';
import { bearer, createTestApp, signInCast, type TestApp } from '../../testing/test-app.ts';
import { equipmentEvent, shipmentEvent, transportEvent } from './dcsa-events.ts';

// Carrier events in DCSA Track & Trace 2.2 form, posted as a sender would: its token (and signature),
// the standard's schema deciding what is valid, each event kept once, matched to one shipment by its
// container, transport document or booking reference, and applied by the rules table through the
// write door; the Admin's review of what matched nothing or several; the public tracking link.

let t: TestApp;
let cast: Awaited<ReturnType<typeof signInCast>>;
let maersk: CreatedCarrierIntegration;
let blueFeed: CreatedCarrierIntegration;
let signedFeed: CreatedCarrierIntegration;

const call = async (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) => {
  const response = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
};
const createIntegration = async (body: object) => {
  const created = await call(cast.admin, 'POST', '/api/CarrierIntegrations', body);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body as CreatedCarrierIntegration;
};
/** A notification as a sender posts it: its exact bytes, its token, and any extra headers. */
const post = async (token: string | null, payload: string, headers: Record<string, string> = {}) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/CarrierEvents',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    payload,
  });
  return { status: response.statusCode, body: response.json() };
};
const send = async (integration: CreatedCarrierIntegration, events: unknown) => {
  const sent = await post(integration.token, JSON.stringify(events));
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return sent.body as CarrierEventsReceipt;
};
const storedEvents = async () =>
  Number((await t.db.execute<{ n: number }>(sql`select count(*)::int as n from carrier_events`)).rows[0]?.n);
const shipmentDates = async (shipment: string) =>
  (await call(cast.admin, 'GET', `/api/Shipments?shipment=${shipment}`)).body.shipments[0] as Record<
    string,
    string | null
  >;
const history = async (shipment: string) =>
  (await call(cast.admin, 'GET', `/api/Shipments/history?shipment=${shipment}`)).body as DateHistoryResponse;

beforeAll(async () => {
  t = await createTestApp();
  cast = await signInCast(t);
  await insertShipment(t.db, {
    shipment: 'CE-BLUE-1',
    forwarder_name: 'Blue Anchor',
    origin: 'CNSHA',
    dest: 'AUSYD',
    mode: 'SEA',
    container_number: 'CSQU3054383',
    master: 'MAEU123456789',
    house: 'HBL-0001',
    consignee_name: 'NAPCO Sydney',
    dest_eta: new Date('2026-03-10T00:00:00Z'),
  });
  await insertShipment(t.db, {
    shipment: 'CE-KES-1',
    forwarder_name: 'Kestrel',
    origin: 'CNNGB',
    dest: 'AUMEL',
    mode: 'SEA',
    container_number: 'TCNU7200794',
    master: 'KEST-MBL-9',
  });
  for (const shipment of ['CE-TWIN-A', 'CE-TWIN-B']) {
    await insertShipment(t.db, {
      shipment,
      forwarder_name: 'Kestrel',
      origin: 'CNSZX',
      dest: 'AUBNE',
      container_number: 'TOLU4734787',
    });
  }
  maersk = await createIntegration({ name: 'Maersk' });
  blueFeed = await createIntegration({ name: 'Blue Anchor feed', forwarderName: 'Blue Anchor' });
  signedFeed = await createIntegration({ name: 'Signed carrier', signed: true });
});
afterAll(() => t.close());

describe('who may post', () => {
  const one = JSON.stringify([
    transportEvent({ code: 'DEPA', classifier: 'PLN', at: '2026-02-01T10:00:00+08:00', location: 'CNSHA' }),
  ]);

  it('refuses a notification without a token, with an unknown one, or with a revoked one (401)', async () => {
    expect(await post(null, one)).toEqual({
      status: 401,
      body: { message: 'Send the integration token as Authorization: Bearer <token>.' },
    });
    expect((await post('qct_not-a-token', one)).status).toBe(401);
    const doomed = await createIntegration({ name: 'Short-lived' });
    expect((await post(doomed.token, one)).status).toBe(200);
    expect((await call(cast.admin, 'POST', `/api/CarrierIntegrations/revoke?id=${doomed.integration.id}`)).status).toBe(
      200,
    );
    expect(await post(doomed.token, one)).toEqual({
      status: 401,
      body: { message: 'The integration token is not known or has been revoked.' },
    });
    const listed = await call(cast.admin, 'GET', '/api/CarrierIntegrations');
    expect(listed.body.integrations.map((i: { name: string }) => i.name)).not.toContain('Short-lived');
  });

  it('checks DCSA’s Notification-Signature over the exact body when the integration is signed', async () => {
    expect(signedFeed.signingSecret).toMatch(/^[0-9a-f]{64}$/);
    const secret = signedFeed.signingSecret as string;
    const body = JSON.stringify([
      transportEvent({ code: 'DEPA', classifier: 'PLN', at: '2026-02-01T10:00:00+08:00', location: 'CNSHA' }),
    ]);
    const signature = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
    expect((await post(signedFeed.token, body)).status).toBe(401);
    expect((await post(signedFeed.token, body, { 'notification-signature': 'sha256=00' })).status).toBe(401);
    expect((await post(signedFeed.token, `${body} `, { 'notification-signature': signature })).status).toBe(401);
    expect((await post(signedFeed.token, body, { 'notification-signature': signature })).status).toBe(200);
  });

  it('lets only an Admin manage integrations, and keeps the token out of the list', async () => {
    expect((await call(cast.employee, 'GET', '/api/CarrierIntegrations')).status).toBe(403);
    expect((await call(cast.blue, 'POST', '/api/CarrierIntegrations', { name: 'Mine' })).status).toBe(403);
    expect((await call(cast.admin, 'POST', '/api/CarrierIntegrations', { name: 'Maersk' })).status).toBe(409);
    const listed = await call(cast.admin, 'GET', '/api/CarrierIntegrations');
    expect(JSON.stringify(listed.body)).not.toContain(maersk.token);
    expect(listed.body.integrations).toContainEqual(
      expect.objectContaining({ name: 'Blue Anchor feed', forwarderName: 'Blue Anchor', signed: false, events: 0 }),
    );
    // Each integration counts its own events: the signed one has sent one, above.
    expect(listed.body.integrations).toContainEqual(
      expect.objectContaining({ name: 'Signed carrier', signed: true, events: 1, lastEventAt: expect.any(String) }),
    );
  });
});

describe('the DCSA schema decides what is valid', () => {
  // The standard's sample notification: one event of each family with every optional part filled.
  const sample = () => [
    {
      ...transportEvent({
        code: 'ARRI',
        classifier: 'ACT',
        at: '2021-01-09T14:12:56+01:00',
        location: 'FRPAR',
        documents: ['reserved-HHL123'],
        bookings: ['ABC123123123'],
      }),
      delayReasonCode: 'WEA',
      changeRemark: 'Bad weather',
    },
    {
      ...shipmentEvent({
        code: 'DRFT',
        classifier: 'ACT',
        at: '2019-11-12T07:41:00+08:30',
        documentID: 'reserved-HHL123',
        documentTypeCode: 'SHI',
      }),
      reason: 'The following attributes are missing...',
      references: [{ referenceType: 'FF', referenceValue: 'string' }],
    },
    {
      ...equipmentEvent({
        code: 'LOAD',
        classifier: 'EST',
        at: '2019-11-12T07:41:00+08:30',
        container: 'APZU4812090',
        location: 'FRPAR',
        empty: true,
      }),
      ISOEquipmentCode: '22GP',
      seals: [{ sealNumber: 'string', sealSource: 'CUS', sealType: 'WIR' }],
    },
  ];

  it('accepts the standard’s sample notification (its events match nothing here, so they wait for review)', async () => {
    const receipt = await send(maersk, sample());
    expect(receipt.received).toBe(3);
    expect(receipt.results.map((result) => result.outcome)).toEqual(['unmatched', 'unmatched', 'unmatched']);
  });

  const spoiled: [string, (events: Record<string, unknown>[]) => unknown, RegExp][] = [
    [
      'a time without its zone',
      (e) => [{ ...e[0], eventDateTime: '2026-03-12T07:41:00' }],
      /event 1 \(.+\): eventDateTime must be an ISO 8601 date and time with its zone/,
    ],
    [
      'a date in another format',
      (e) => [{ ...e[1], eventDateTime: '2019/11/12 07:41:00 +08:30' }],
      /eventDateTime must be an ISO 8601/,
    ],
    [
      'no eventCreatedDateTime',
      (e) => [(({ eventCreatedDateTime: _, ...rest }) => rest)(e[1] as { eventCreatedDateTime: unknown })],
      /eventCreatedDateTime is required/,
    ],
    [
      'an unknown event code',
      (e) => [e[1], { ...e[0], transportEventTypeCode: 'FLYS' }],
      /event 2 .*transportEventTypeCode must be one of ARRI, DEPA/,
    ],
    [
      'an unknown classifier',
      (e) => [{ ...e[2], eventClassifierCode: 'GUESS' }],
      /eventClassifierCode must be one of PLN, ACT, EST/,
    ],
    [
      'an unknown event type',
      (e) => [{ ...e[0], eventType: 'RUMOUR' }],
      /eventType must be TRANSPORT, EQUIPMENT or SHIPMENT/,
    ],
    ['a wrong type', (e) => [{ ...e[0], transportCall: 'FRPAR' }], /transportCall must be object/],
    [
      'a required field missing',
      (e) => [(({ transportCall: _, ...rest }) => rest)(e[0] as { transportCall: unknown })],
      /transportCall is required/,
    ],
    [
      'no eventID',
      (e) => [(({ eventID: _, ...rest }) => rest)(e[1] as { eventID: unknown })],
      /eventID is required: Quayside receives each event once by it/,
    ],
    ['an eventID that is not a UUID', (e) => [{ ...e[1], eventID: 'event-1' }], /eventID must match format "uuid"/],
    [
      'an actual event in the future',
      (e) => [{ ...e[0], eventDateTime: '2099-01-01T00:00:00Z' }],
      /must not be in the future/,
    ],
    ['an event that is not an object', () => [42], /event 1: must be a JSON object/],
    // The standard's 'wrong structure' sample: the events wrapped one level too deep.
    [
      'events wrapped in another object',
      (e) => [{ someEvents: e }],
      /event 1: eventType must be TRANSPORT, EQUIPMENT or SHIPMENT/,
    ],
  ];
  it.each(spoiled)(
    'refuses the whole notification for %s (400, naming the event), keeping none of it',
    async (_case, spoil, message) => {
      const before = await storedEvents();
      const refused = await post(maersk.token, JSON.stringify(spoil(sample() as Record<string, unknown>[])));
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/^Not a valid DCSA Track & Trace 2\.2 notification: /);
      expect(refused.body.message).toMatch(message);
      expect(await storedEvents()).toBe(before);
    },
  );

  it('refuses malformed JSON (400) and a batch of 10,000 events (413), keeping nothing', async () => {
    const before = await storedEvents();
    const malformed = await post(maersk.token, '[{"eventID": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/^The body is not valid JSON/);
    const event = transportEvent({
      code: 'DEPA',
      classifier: 'PLN',
      at: '2026-02-01T10:00:00+08:00',
      location: 'CNSHA',
    });
    const huge = await post(maersk.token, JSON.stringify(Array.from({ length: 10_000 }, () => event)));
    expect(huge).toEqual({ status: 413, body: { message: 'A notification may carry at most 1000 events.' } });
    expect((await post(maersk.token, '[]')).status).toBe(400);
    expect(await storedEvents()).toBe(before);
  });
});

describe('matching and applying', () => {
  it('moves Dest. ETA on an estimated arrival at the destination, once, recorded as the carrier’s', async () => {
    const estimate = transportEvent({
      code: 'ARRI',
      classifier: 'EST',
      at: '2026-03-16T06:00:00+10:00',
      location: 'AUSYD',
      containers: ['CSQU3054383'],
    });
    const receipt = await send(maersk, [estimate, estimate]);
    expect(receipt.results).toEqual([
      { eventID: estimate.eventID, outcome: 'applied', shipment: 'CE-BLUE-1', applied: 'Dest. ETA', reason: null },
      expect.objectContaining({ eventID: estimate.eventID, outcome: 'duplicate' }),
    ]);
    expect((await send(maersk, [estimate])).results[0]?.outcome).toBe('duplicate');
    expect((await shipmentDates('CE-BLUE-1'))['Dest. ETA']).toBe('2026-03-16T00:00:00.000Z');
    const changes = (await history('CE-BLUE-1')).changes.filter((change) => change.field === 'dest_eta');
    expect(changes).toEqual([
      expect.objectContaining({ newValue: '2026-03-16T00:00:00.000Z', source: 'carrier event:Maersk', by: null }),
    ]);
    const slipped = await t.db.execute<{ kind: string; source: string }>(sql`
      select kind, source from shipment_events where kind = 'eta_slipped'
        and shipment_id = (select id from shipments where shipment = 'CE-BLUE-1')`);
    expect(slipped.rows).toEqual([{ kind: 'eta_slipped', source: 'carrier event:Maersk' }]);
  });

  it('lets the newer of two reports of a date decide, whatever order they arrive in', async () => {
    const newer = transportEvent({
      code: 'ARRI',
      classifier: 'EST',
      at: '2026-03-18T06:00:00+10:00',
      location: 'AUSYD',
      documents: ['MAEU123456789'],
      createdAt: new Date().toISOString(),
    });
    const older = transportEvent({
      code: 'ARRI',
      classifier: 'EST',
      at: '2026-03-12T06:00:00+10:00',
      location: 'AUSYD',
      documents: ['MAEU123456789'],
      createdAt: '2026-03-01T00:00:00Z',
    });
    expect((await send(maersk, [newer])).results[0]?.applied).toBe('Dest. ETA');
    expect((await send(maersk, [older])).results[0]).toMatchObject({
      outcome: 'recorded',
      reason: 'A newer event already set Dest. ETA.',
    });
    expect((await shipmentDates('CE-BLUE-1'))['Dest. ETA']).toBe('2026-03-18T00:00:00.000Z');
  });

  it('sets ATD and ATA on actual departure and arrival, by Master or House; a transhipment port sets nothing', async () => {
    const departed = transportEvent({
      code: 'DEPA',
      classifier: 'ACT',
      at: '2026-02-20T22:30:00+08:00',
      location: 'CNSHA',
      documents: ['HBL-0001'],
    });
    const transhipped = transportEvent({
      code: 'ARRI',
      classifier: 'ACT',
      at: '2026-03-01T09:00:00+08:00',
      location: 'SGSIN',
      documents: ['HBL0001'],
    });
    const arrived = transportEvent({
      code: 'ARRI',
      classifier: 'ACT',
      at: '2026-03-17T23:10:00+10:00',
      location: 'AU SYD'.replace(' ', ''),
      documents: ['maeu-123456789'],
    });
    const receipt = await send(maersk, [departed, transhipped, arrived]);
    expect(receipt.results.map(({ outcome, applied, reason }) => ({ outcome, applied, reason }))).toEqual([
      { outcome: 'applied', applied: 'ATD', reason: null },
      {
        outcome: 'recorded',
        applied: null,
        reason: 'SGSIN is not the shipment’s Destination port, so it sets no date.',
      },
      { outcome: 'applied', applied: 'ATA', reason: null },
    ]);
    const dates = await shipmentDates('CE-BLUE-1');
    expect(dates.ATD).toBe('2026-02-20T00:00:00.000Z');
    expect(dates.ATA).toBe('2026-03-17T00:00:00.000Z');
  });

  it('matches a confirmed booking’s carrier booking reference', async () => {
    await t.db.execute(sql`insert into purchase_orders (po_number) values ('PO-CE-1')`);
    await t.db.execute(sql`
      insert into booking_requests (purchase_order_id, status, requested_by_name, requested_by_email, cargo_ready_date, lines, mode, shipment_id, carrier_booking_reference)
      select po.id, 'confirmed', 'Supplier', 'supplier@example.com', '2026-02-01', '[]'::jsonb, 'SEA', s.id, 'BKG-778899'
      from purchase_orders po, shipments s where po.po_number = 'PO-CE-1' and s.shipment = 'CE-KES-1'`);
    const departed = transportEvent({
      code: 'DEPA',
      classifier: 'EST',
      at: '2026-02-03T18:00:00+08:00',
      location: 'CNNGB',
      bookings: ['BKG778899'],
    });
    expect((await send(maersk, [departed])).results[0]).toMatchObject({ shipment: 'CE-KES-1', applied: 'Origin ETD' });
  });

  it('finds only its own company’s shipments from a forwarder’s integration: another’s waits for review, untouched', async () => {
    const kestrelArrival = transportEvent({
      code: 'ARRI',
      classifier: 'ACT',
      at: '2026-03-20T08:00:00+10:00',
      location: 'AUMEL',
      containers: ['TCNU7200794'],
    });
    const receipt = await send(blueFeed, [kestrelArrival]);
    expect(receipt.results[0]).toEqual({
      eventID: kestrelArrival.eventID,
      outcome: 'unmatched',
      shipment: null,
      applied: null,
      reason: 'No shipment of Blue Anchor has TCNU7200794 as a container, Master, House or booking reference.',
    });
    expect((await shipmentDates('CE-KES-1')).ATA).toBeNull();
  });

  it('shows a shipment’s events newest first to those who see it, and hides them from others (404)', async () => {
    const timeline = await call(cast.blue, 'GET', '/api/Shipments/carrier-events?shipment=CE-BLUE-1');
    expect(timeline.status).toBe(200);
    const events = (timeline.body as CarrierEventsResponse).events;
    const times = events.map((event) => Date.parse(event.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(events.find((event) => event.applied === 'ATA')).toMatchObject({
      title: 'Arrival (actual)',
      at: '2026-03-17T23:10:00+10:00',
      location: 'AUSYD',
      applied: 'ATA',
      sender: 'Maersk',
    });
    expect(events.map((event) => event.title)).toContain('Arrival (estimated)');
    expect((await call(cast.kestrel, 'GET', '/api/Shipments/carrier-events?shipment=CE-BLUE-1')).status).toBe(404);
  });
});

describe('the review list', () => {
  it('holds an event that matches several shipments; an Admin attaches it or dismisses one', async () => {
    const ambiguous = transportEvent({
      code: 'ARRI',
      classifier: 'ACT',
      at: '2026-03-05T08:00:00+10:00',
      location: 'AUBNE',
      containers: ['TOLU4734787'],
    });
    const stray = equipmentEvent({
      code: 'GTIN',
      classifier: 'ACT',
      at: '2026-02-01T08:00:00+08:00',
      container: 'GYOU4047990',
      location: 'CNSZX',
    });
    const receipt = await send(maersk, [ambiguous, stray]);
    expect(receipt.results[0]).toMatchObject({
      outcome: 'ambiguous',
      reason: 'It matches 2 shipments: CE-TWIN-A, CE-TWIN-B.',
    });
    expect((await call(cast.employee, 'GET', '/api/CarrierEvents/review')).status).toBe(403);
    const review = (await call(cast.admin, 'GET', '/api/CarrierEvents/review')).body as CarrierEventReviewResponse;
    const waiting = review.items.find((item) => item.eventID === ambiguous.eventID);
    const lost = review.items.find((item) => item.eventID === stray.eventID);
    expect(waiting).toMatchObject({
      outcome: 'ambiguous',
      candidates: ['CE-TWIN-A', 'CE-TWIN-B'],
      containers: ['TOLU4734787'],
    });
    expect(lost).toMatchObject({ outcome: 'unmatched', title: 'Gate in (actual)' });
    if (!waiting || !lost) throw new Error('review items missing');

    const attached = await call(cast.admin, 'POST', '/api/CarrierEvents/attach', {
      id: waiting.id,
      shipment: 'CE-TWIN-B',
    });
    expect(attached).toMatchObject({ status: 200, body: { message: 'Event attached to CE-TWIN-B; it set ATA.' } });
    expect((await shipmentDates('CE-TWIN-B')).ATA).toBe('2026-03-05T00:00:00.000Z');
    expect((await shipmentDates('CE-TWIN-A')).ATA).toBeNull();
    const change = (await history('CE-TWIN-B')).changes.find((entry) => entry.field === 'ata');
    expect(change).toMatchObject({ source: 'carrier event:Maersk', by: 'admin@napco.example' });
    expect(
      (await call(cast.admin, 'POST', '/api/CarrierEvents/attach', { id: waiting.id, shipment: 'CE-TWIN-A' })).status,
    ).toBe(409);

    expect((await call(cast.admin, 'POST', `/api/CarrierEvents/dismiss?id=${lost.id}`)).status).toBe(200);
    const after = (await call(cast.admin, 'GET', '/api/CarrierEvents/review')).body as CarrierEventReviewResponse;
    expect(after.items.map((item) => item.eventID)).not.toContain(stray.eventID);
    expect(after.items.map((item) => item.eventID)).not.toContain(ambiguous.eventID);
    expect((await call(cast.admin, 'POST', '/api/CarrierEvents/dismiss?id=999999')).status).toBe(404);
  });
});

describe('the public tracking link', () => {
  it('shows milestones, dates, ports, mode and carrier events without sign-in, and nothing else', async () => {
    expect((await call(cast.blue, 'POST', '/api/TrackingLinks', { shipment: 'CE-BLUE-1' })).status).toBe(403);
    const created = await call(cast.employee, 'POST', '/api/TrackingLinks', { shipment: 'CE-BLUE-1' });
    expect(created.status).toBe(200);
    const { token, path } = created.body as CreatedTrackingLink;
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(path).toBe(`/track/${token}`);
    const shown = await t.app.inject({ method: 'GET', url: `/api/Tracking/${token}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['x-robots-tag']).toBe('noindex, nofollow');
    const page = shown.json() as PublicTracking;
    expect(Object.keys(page).sort()).toEqual(['dates', 'destination', 'events', 'mode', 'origin']);
    expect(page).toMatchObject({ mode: 'SEA', origin: 'CNSHA', destination: 'AUSYD' });
    expect(page.dates.ATA).toBe('2026-03-17T00:00:00.000Z');
    expect(Object.keys(page.events[0] ?? {}).sort()).toEqual(['at', 'classifier', 'location', 'title', 'vessel']);
    for (const secret of ['Blue Anchor', 'NAPCO Sydney', 'MAEU123456789', 'CSQU3054383', 'CE-BLUE-1', 'Maersk"']) {
      expect(shown.body).not.toContain(secret);
    }
  });

  it('is withdrawn at once, answers 404 for a guess, and limits how often one address asks', async () => {
    const { token, link } = (await call(cast.admin, 'POST', '/api/TrackingLinks', { shipment: 'CE-BLUE-1' }))
      .body as CreatedTrackingLink;
    const ask = (path: string, remoteAddress = '203.0.113.9') =>
      t.app.inject({ method: 'GET', url: path, remoteAddress });
    expect((await ask(`/api/Tracking/${token}`)).statusCode).toBe(200);
    expect((await call(cast.kestrel, 'POST', `/api/TrackingLinks/revoke?id=${link.id}`)).status).toBe(403);
    expect((await call(cast.employee, 'POST', `/api/TrackingLinks/revoke?id=${link.id}`)).status).toBe(200);
    const gone = await ask(`/api/Tracking/${token}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'This tracking link is not valid or has been withdrawn.' });
    const links = await call(cast.admin, 'GET', '/api/TrackingLinks?shipment=CE-BLUE-1');
    expect(links.body.links.find((entry: { id: number }) => entry.id === link.id).revokedAt).not.toBeNull();
    let last = 0;
    for (let i = 0; i < 61; i++) last = (await ask('/api/Tracking/guess', '198.51.100.7')).statusCode;
    expect(last).toBe(429);
    expect((await ask('/api/Tracking/guess', '198.51.100.8')).statusCode).toBe(404);
  });
});
