import type { Follow, FollowsResponse } from '@quayside/domain/alerts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_NAMES } from '../../jobs/jobs.ts';
import { multipart } from '../../testing/multipart.ts';
import { startSmtpPeer } from '../../testing/smtp-peer.ts';
import { bearer, createTestApp, signInCast, type TestApp } from '../../testing/test-app.ts';
import { alertsRequests } from './alerts-fixture.ts';

// The follow rules through the API and the real jobs: every event kind reaches a followed view
// and a followed shipment (also an event that takes the shipment out of the view, as an ATA ends
// a late arrival); each follow says which events it tells of and how; the same view or shipment
// followed twice is one follow; a forwarder hears only of its own company's shipments.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let admin: string;
let employee: string;
let blue: string;
let kestrel: string;
const now = new Date('2027-06-01T12:00:00Z');

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ smtpUrl: smtp.url, clock: () => now });
  ({ admin, employee, blue, kestrel } = await signInCast(t));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const { call, ok, saveShipment, runJob, bell } = alertsRequests(() => ({ t, admin }));
const told = async (token: string, prefix: string) =>
  (await bell(token)).notifications
    .map((n) => `${n.event.shipment}: ${n.event.text}`)
    .filter((text) => text.startsWith(prefix))
    .sort();
const follows = async (token: string) => (await ok<FollowsResponse>(token, 'GET', '/api/Follows')).follows;
const upload = async (shipment: string, fileName: string) => {
  const form = multipart(
    [
      ['documentType', 'Bill of Lading'],
      ['shipment', shipment],
    ],
    [{ name: fileName, bytes: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') }],
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/Files',
    headers: { ...bearer(admin), 'content-type': form.contentType },
    payload: form.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
};
/** A shipment due on 20 May and not arrived: a late arrival on 1 June. */
const lateShipment = (shipment: string, forwarder = 'Kestrel') =>
  saveShipment({
    Shipment: shipment,
    'Forwarder Name': forwarder,
    'Dest. ETA': '2027-05-20',
    'Order Ref': [`PO-${shipment}`],
  });
const LATE_ARRIVALS = { exception: 'late_arrival' };

describe('every event kind through a followed view and a followed shipment', () => {
  it('tells the view’s and the shipment’s followers of each kind, also when the event takes the shipment out of the view', async () => {
    for (const shipment of ['FR-ETA', 'FR-ATD', 'FR-ATA', 'FR-DOC']) await lateShipment(shipment);
    await lateShipment('FR-BLUE', 'Blue Anchor');
    // Not in the view: due next week.
    await saveShipment({
      Shipment: 'FR-AWAY',
      'Forwarder Name': 'Kestrel',
      'Dest. ETA': '2027-06-08',
      'Order Ref': ['PO-FR-AWAY'],
    });
    // The first sweep takes stock of what is already late; the next one announces what is new.
    await runJob(JOB_NAMES.exceptionSweep);
    await lateShipment('FR-EXC');

    await ok(employee, 'POST', '/api/Follows', { name: 'Late arrivals', query: LATE_ARRIVALS });
    await ok(kestrel, 'POST', '/api/Follows', { name: 'My late arrivals', query: LATE_ARRIVALS });
    const watcher = await t.signedInAs({ email: 'watcher@napco.example', role: 'Employee', company_name: 'NAPCO' });
    for (const shipment of ['FR-EXC', 'FR-ETA', 'FR-ATD', 'FR-ATA', 'FR-DOC', 'FR-AWAY'])
      await ok(watcher, 'POST', '/api/Follows', { shipment });

    await runJob(JOB_NAMES.exceptionSweep);
    // Moved a month later: no longer overdue, so out of the view.
    await saveShipment({ 'Dest. ETA': '2027-06-20' }, 'FR-ETA');
    await saveShipment({ ATD: '2027-05-10' }, 'FR-ATD');
    // Arrived: its late arrival ends, so out of the view.
    await saveShipment({ ATA: '2027-05-31' }, 'FR-ATA');
    await saveShipment({ ATA: '2027-05-31' }, 'FR-BLUE');
    await saveShipment({ ATA: '2027-06-01' }, 'FR-AWAY');
    await upload('FR-DOC', 'bl.pdf');
    await runJob(JOB_NAMES.notify);

    const everyKind = [
      'FR-ATA: Arrived: ATA 2027-05-31',
      'FR-ATD: Departed: ATD 2027-05-10',
      'FR-DOC: Document uploaded: Bill of Lading (bl.pdf)',
      'FR-ETA: ETA slipped: Dest. ETA 2027-05-20 → 2027-06-20 (+31 days)',
      'FR-EXC: New exception: Late arrival',
    ];
    expect(await told(employee, 'FR-')).toEqual([...everyKind, 'FR-BLUE: Arrived: ATA 2027-05-31'].sort());
    // The forwarder's view is the same filter, over its own company's shipments only.
    expect(await told(kestrel, 'FR-')).toEqual(everyKind);
    expect(await told(blue, 'FR-')).toEqual([]);
    expect(await told(watcher, 'FR-')).toEqual([...everyKind, 'FR-AWAY: Arrived: ATA 2027-06-01'].sort());
  });
});

describe('per follow: which events and how', () => {
  it('tells each follow’s own events on its own channel; of two follows of one event, the sooner', async () => {
    const coordinator = await t.signedInAs({
      email: 'coordinator@napco.example',
      role: 'Employee',
      company_name: 'NAPCO',
    });
    for (const shipment of ['PF-1', 'PF-2'])
      await saveShipment({
        Shipment: shipment,
        'Forwarder Name': 'Kestrel',
        'Dest. ETA': '2027-06-10',
        'Order Ref': [`PO-${shipment}`],
      });
    // 'Tell me when PF-1 arrives': the arrival at once, nothing else.
    const arrival = await ok<Follow>(coordinator, 'POST', '/api/Follows', {
      shipment: 'PF-1',
      events: ['arrived'],
      channel: 'email',
    });
    expect(arrival).toMatchObject({ shipment: 'PF-1', events: ['arrived'], channel: 'email' });
    // PF-2 in the digest; a view of both, its departures in the app only and arrivals at once.
    await ok(coordinator, 'POST', '/api/Follows', { shipment: 'PF-2', channel: 'digest' });
    await ok(coordinator, 'POST', '/api/Follows', {
      name: 'PF',
      query: { q: 'PF-' },
      events: ['departed', 'arrived'],
      channel: 'app',
    });

    await saveShipment({ 'Dest. ETA': '2027-06-12', ATD: '2027-06-01' }, 'PF-1');
    await saveShipment({ 'Dest. ETA': '2027-06-12', ATD: '2027-06-01' }, 'PF-2');
    await saveShipment({ ATA: '2027-06-01' }, 'PF-1');
    await runJob(JOB_NAMES.notify);

    const atOnce = await smtp.mailTo('coordinator@napco.example', /Arrived: ATA 2027-06-01/);
    expect(atOnce.text).not.toContain('Departed');
    expect(await told(coordinator, 'PF-')).toEqual([
      'PF-1: Arrived: ATA 2027-06-01',
      'PF-1: Departed: ATD 2027-06-01',
      'PF-2: Departed: ATD 2027-06-01',
      'PF-2: ETA slipped: Dest. ETA 2027-06-10 → 2027-06-12 (+2 days)',
    ]);
    // The digest has PF-2's news (its follow's channel is louder than the view's), not PF-1's.
    await runJob(JOB_NAMES.dailyDigest);
    const digest = await smtp.mailTo('coordinator@napco.example', /since the last digest/);
    expect(digest.text).toContain('Shipment PF-2');
    expect(digest.text).toContain('Departed: ATD 2027-06-01');
    expect(digest.text).not.toContain('PF-1');
    const alertMails = smtp.received.filter(
      (mail) => mail.to.includes('coordinator@napco.example') && mail.text.includes('because you follow'),
    );
    expect(alertMails).toHaveLength(2);
  });

  it('refuses an unknown event kind or channel, no events, and a kind named twice', async () => {
    const refused = async (body: unknown) => {
      const { status, body: answer } = await call(employee, 'POST', '/api/Follows', body);
      expect(status).toBe(400);
      return answer.message as string;
    };
    expect(await refused({ shipment: 'PF-1', events: ['sunk'] })).toMatch(/Event kinds are new_exception/);
    expect(await refused({ shipment: 'PF-1', events: [] })).toMatch(/Choose at least one event/);
    expect(await refused({ shipment: 'PF-1', events: ['arrived', 'arrived'] })).toMatch(/Name each event kind once/);
    expect(await refused({ name: 'X', query: {}, channel: 'pigeon' })).toMatch(/channel is email, digest, app/);
  });
});

describe('one follow per view and per shipment', () => {
  it('answers and updates the existing follow when the same view or shipment is followed again, and lists it once', async () => {
    const twice = await t.signedInAs({ email: 'twice@napco.example', role: 'Employee', company_name: 'NAPCO' });
    await saveShipment({ Shipment: 'OF-1', 'Forwarder Name': 'Kestrel', 'Order Ref': ['PO-OF-1'] });
    const filters = JSON.stringify([{ column: 'forwarder_name', operator: 'equals', value: 'Kestrel' }]);
    const first = await ok<Follow>(twice, 'POST', '/api/Follows', {
      name: 'Kestrel late',
      query: { filters, exception: 'late_arrival' },
    });
    // The same query, its parts in another order and an empty search: the same follow, renamed.
    const again = await ok<Follow>(twice, 'POST', '/api/Follows', {
      name: 'Kestrel, late',
      query: { exception: 'late_arrival', q: '', filters },
      events: ['arrived'],
      channel: 'email',
    });
    expect(again).toMatchObject({ id: first.id, name: 'Kestrel, late', events: ['arrived'], channel: 'email' });
    const byShipment = await ok<Follow>(twice, 'POST', '/api/Follows', { shipment: 'OF-1' });
    expect(byShipment).toMatchObject({ events: expect.arrayContaining(['arrived', 'departed']), channel: null });
    const shipmentAgain = await ok<Follow>(twice, 'POST', '/api/Follows', {
      shipment: 'OF-1',
      events: ['departed'],
      channel: 'app',
    });
    expect(shipmentAgain).toMatchObject({ id: byShipment.id, events: ['departed'], channel: 'app' });
    // At once, too: one follow.
    await Promise.all([
      call(twice, 'POST', '/api/Follows', { name: 'Everything', query: {} }),
      call(twice, 'POST', '/api/Follows', { name: 'All', query: { q: '' } }),
    ]);
    const listed = (await follows(twice)).map((follow) => follow.shipment ?? follow.name);
    expect(listed).toHaveLength(3);
    expect(listed).toEqual(expect.arrayContaining(['Kestrel, late', 'OF-1']));
    expect(listed.filter((name) => name === 'Everything' || name === 'All')).toHaveLength(1);
  });
});
