import {
  type AlertPreferences,
  type AlertPreferencesRequest,
  type Follow,
  type FollowsResponse,
  followLimitReached,
  type NotificationsResponse,
} from '@quayside/domain/alerts';
import { EVENT_KINDS } from '@quayside/domain/events';
import { DEFAULT_FOLLOWS_PER_PERSON } from '@quayside/domain/organisation-settings';
import type { PeopleResponse } from '@quayside/domain/people';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, people } from '../../db/schema.ts';
import { JOB_NAMES } from '../../jobs/jobs.ts';
import { multipart } from '../../testing/multipart.ts';
import { startSmtpPeer } from '../../testing/smtp-peer.ts';
import { bearer, createTestApp, signInCast, type TestApp } from '../../testing/test-app.ts';
import { readOrganisationSettings, saveOrganisationSettings } from '../settings/organisation-settings.ts';
import { principalOfPerson } from './alert-recipients.ts';
import { alertsRequests } from './alerts-fixture.ts';

// Alerts through the API and the real jobs: who follows what, the three channels through a real
// SMTP peer, the bell, a forwarder told only of its own company's shipments, and unsubscribing
// from an e-mail's link without signing in.

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
const alertMailsTo = (address: string) =>
  smtp.received.filter((mail) => mail.to.includes(address) && mail.text.includes('because you follow'));
const texts = (response: NotificationsResponse) =>
  response.notifications.map((n) => `${n.event.shipment}: ${n.event.text}`);
const setPreferences = (token: string, preferences: AlertPreferencesRequest['preferences']) =>
  ok(token, 'POST', '/api/Alerts/preferences', { preferences });
const followed = async (token: string) =>
  (await ok<FollowsResponse>(token, 'GET', '/api/Follows')).follows.map((f) => f.shipment ?? f.name);
/** The Admin's form of the organisation settings, saved through the service its route calls. */
const setFollowLimit = async (followsPerPerson: number) => {
  const [row] = await t.db.select().from(people).where(eq(people.email, 'admin@napco.example'));
  const principal = row && principalOfPerson(row);
  if (!principal) throw new Error('no admin');
  const settings = await readOrganisationSettings(t.db);
  await saveOrganisationSettings(t.db, principal, { ...settings, followsPerPerson });
};
/** The Admin changes a person's role or company. */
const movePerson = async (email: string, role: string, company_name: string) => {
  const { peoples } = await ok<PeopleResponse>(admin, 'GET', `/api/Peoples?email=${encodeURIComponent(email)}`);
  const person = peoples[0];
  if (!person) throw new Error(`no ${email}`);
  await ok(admin, 'POST', '/api/Peoples', [{ id: person.id, full_name: person.full_name, email, role, company_name }]);
};

describe('following', () => {
  it('follows a shipment the user sees, once, and a saved filter; another company’s shipment is not found', async () => {
    await saveShipment({
      Shipment: 'AL-K1',
      'Forwarder Name': 'Kestrel',
      'Dest. ETA': '2027-06-10',
      'Order Ref': ['PO-AL-K1'],
    });
    const first = await ok<Follow>(kestrel, 'POST', '/api/Follows', { shipment: 'AL-K1' });
    const again = await ok<Follow>(kestrel, 'POST', '/api/Follows', { shipment: 'AL-K1' });
    expect(again.id).toBe(first.id);
    expect(await call(blue, 'POST', '/api/Follows', { shipment: 'AL-K1' })).toEqual({
      status: 404,
      body: { message: 'Shipment not found' },
    });
    const filter = await ok<Follow>(admin, 'POST', '/api/Follows', {
      name: 'Late arrivals of Kestrel',
      query: {
        filters: JSON.stringify([{ column: 'forwarder_name', operator: 'equals', value: 'Kestrel' }]),
        exception: 'late_arrival',
      },
    });
    expect(filter).toMatchObject({ shipment: null, name: 'Late arrivals of Kestrel' });
    const bad = await call(admin, 'POST', '/api/Follows', { name: 'Bad', query: { exception: 'sunk' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Unknown exception: sunk/);

    expect((await ok<FollowsResponse>(kestrel, 'GET', '/api/Follows')).follows.map((f) => f.shipment)).toEqual([
      'AL-K1',
    ]);
    // Someone else's follow is not found; one's own goes.
    expect((await call(admin, 'POST', `/api/Follows/delete?id=${first.id}`)).status).toBe(404);
    await ok(kestrel, 'POST', `/api/Follows/delete?id=${first.id}`);
    expect((await ok<FollowsResponse>(kestrel, 'GET', '/api/Follows')).follows).toEqual([]);
  });
});

describe('alerts on each channel', () => {
  it('e-mails at once, gathers a daily digest, or only rings the bell, as the person chose', async () => {
    await saveShipment({
      Shipment: 'AL-1',
      'Forwarder Name': 'Blue Anchor',
      'Dest. ETA': '2027-06-10',
      'Order Ref': ['PO-AL-1'],
    });
    await ok(employee, 'POST', '/api/Follows', { shipment: 'AL-1' });
    await setPreferences(employee, {
      new_exception: 'digest',
      eta_slipped: 'email',
      departed: 'app',
      arrived: 'app',
      document_uploaded: 'digest',
    });
    await saveShipment({ 'Dest. ETA': '2027-06-20', ATD: '2027-06-01' }, 'AL-1');
    const upload = multipart(
      [
        ['documentType', 'Packing List'],
        ['shipment', 'AL-1'],
      ],
      [{ name: 'packing.pdf', bytes: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') }],
    );
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/Files',
      headers: { ...bearer(admin), 'content-type': upload.contentType },
      payload: upload.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);

    await runJob(JOB_NAMES.notify);
    const atOnce = await smtp.mailTo('employee@napco.example', /ETA slipped/);
    expect(atOnce.text).toContain('ETA slipped: Dest. ETA 2027-06-10 → 2027-06-20 (+10 days)');
    expect(atOnce.text).toContain('Open it: http://localhost:3000/shipment-details/AL-1');
    expect(atOnce.raw).toMatch(/^List-Unsubscribe:\s+<http:\/\/localhost:3000\/unsubscribe\?token=/m);
    // Only the slip went by e-mail; the bell has all three, unread.
    expect(alertMailsTo('employee@napco.example')).toHaveLength(1);
    const rung = await bell(employee);
    expect(rung.unread).toBe(3);
    expect(texts(rung)).toEqual([
      'AL-1: Document uploaded: Packing List (packing.pdf)',
      'AL-1: ETA slipped: Dest. ETA 2027-06-10 → 2027-06-20 (+10 days)',
      'AL-1: Departed: ATD 2027-06-01',
    ]);

    await runJob(JOB_NAMES.dailyDigest);
    const digest = await smtp.mailTo('employee@napco.example', /since the last digest/);
    expect(digest.text).toContain('Shipment AL-1');
    expect(digest.text).toContain('Document uploaded: Packing List (packing.pdf)');
    expect(digest.text).not.toContain('Departed');
    // Nothing is mailed twice.
    await runJob(JOB_NAMES.dailyDigest);
    await runJob(JOB_NAMES.notify);
    expect(alertMailsTo('employee@napco.example')).toHaveLength(2);

    await ok(employee, 'POST', '/api/Alerts/read', { ids: [rung.notifications[0]?.id] });
    expect((await bell(employee)).unread).toBe(2);
    await ok(employee, 'POST', '/api/Alerts/read', {});
    expect((await bell(employee)).unread).toBe(0);
  });

  it("tells a forwarder only of its own company's shipments, whatever it follows", async () => {
    await saveShipment({
      Shipment: 'AL-K2',
      'Forwarder Name': 'Kestrel',
      'Dest. ETA': '2027-06-10',
      'Order Ref': ['PO-AL-K2'],
    });
    await saveShipment({
      Shipment: 'AL-B2',
      'Forwarder Name': 'Blue Anchor',
      'Dest. ETA': '2027-06-10',
      'Order Ref': ['PO-AL-B2'],
    });
    // Everything it sees, as a saved filter; and one of its shipments, which then goes to another forwarder.
    await ok(kestrel, 'POST', '/api/Follows', { name: 'All mine', query: {} });
    await ok(kestrel, 'POST', '/api/Follows', { shipment: 'AL-K2' });
    await runJob(JOB_NAMES.notify);
    await saveShipment({ ATD: '2027-06-01' }, 'AL-B2');
    await saveShipment({ ATD: '2027-06-01' }, 'AL-K2');
    await runJob(JOB_NAMES.notify);
    expect(texts(await bell(kestrel))).toEqual(['AL-K2: Departed: ATD 2027-06-01']);
    // Once the shipment is another forwarder's, neither its news nor its past alerts reach Kestrel.
    await saveShipment({ 'Forwarder Name': 'Blue Anchor', 'Dest. ETA': '2027-06-15' }, 'AL-K2');
    await runJob(JOB_NAMES.notify);
    expect(texts(await bell(kestrel))).toEqual([]);
    expect((await bell(blue)).notifications).toEqual([]);
  });
});

describe("an e-mail's unsubscribe link", () => {
  it('shows a page with one button, and stops every alert e-mail without signing in', async () => {
    await ok(employee, 'POST', '/api/Follows', { shipment: 'AL-1', channel: 'email' });
    const mail = await smtp.mailTo('employee@napco.example', /ETA slipped/);
    const link = /Stop alert e-mails: (\S+)/.exec(mail.text)?.[1] ?? '';
    const { pathname, search } = new URL(link);
    const page = await t.app.inject({ url: `${pathname}${search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<button type="submit">Unsubscribe</button>');

    const token = new URLSearchParams(search).get('token') ?? '';
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/Unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toMatch(/^You will no longer get alert e-mails/);
    const { preferences } = await ok<AlertPreferences>(employee, 'GET', '/api/Alerts/preferences');
    expect(new Set(Object.values(preferences))).toEqual(new Set(['app']));
    expect(Object.keys(preferences)).toHaveLength(EVENT_KINDS.length);
    // A follow that mailed at once of its own choosing now tells only in the app.
    const ownFollows = (await ok<FollowsResponse>(employee, 'GET', '/api/Follows')).follows;
    expect(ownFollows.map((follow) => follow.channel)).toEqual(['app']);

    const forged = await t.app.inject({ method: 'POST', url: `/api/Unsubscribe?token=${token.replace(/.$/, 'x')}1` });
    expect([forged.statusCode, forged.json().message]).toEqual([
      400,
      'This unsubscribe link is not valid. Sign in to Quayside to change your alerts.',
    ]);
  });
});

describe('the follow limit', () => {
  it("refuses a follow past the Admin's limit, counts a shipment followed again once, and lets more through when raised", async () => {
    const collector = await t.signedInAs({
      email: 'collector@kestrel.example',
      role: 'Forwarder',
      company_name: 'Kestrel',
    });
    for (const shipment of ['AL-L1', 'AL-L2', 'AL-L3'])
      await saveShipment({ Shipment: shipment, 'Forwarder Name': 'Kestrel', 'Order Ref': [`PO-${shipment}`] });
    await setFollowLimit(2);
    try {
      const first = await ok<Follow>(collector, 'POST', '/api/Follows', { shipment: 'AL-L1' });
      await ok(collector, 'POST', '/api/Follows', { name: 'Everything', query: {} });
      expect(await call(collector, 'POST', '/api/Follows', { shipment: 'AL-L2' })).toEqual({
        status: 409,
        body: {
          message:
            'You follow 2 shipments and filters, the most allowed. Stop following some, or ask an administrator to raise the limit.',
        },
      });
      expect((await call(collector, 'POST', '/api/Follows', { name: 'More', query: { q: 'more' } })).body).toEqual({
        message: followLimitReached(2),
      });
      // Following the same shipment again is the same follow, not a third.
      expect((await ok<Follow>(collector, 'POST', '/api/Follows', { shipment: 'AL-L1' })).id).toBe(first.id);

      // Raised by one: of two follows at once, exactly one gets the last place.
      await setFollowLimit(3);
      const racing = await Promise.all([
        call(collector, 'POST', '/api/Follows', { shipment: 'AL-L2' }),
        call(collector, 'POST', '/api/Follows', { shipment: 'AL-L3' }),
      ]);
      expect(racing.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(await followed(collector)).toHaveLength(3);
    } finally {
      await setFollowLimit(DEFAULT_FOLLOWS_PER_PERSON);
    }
    await ok(collector, 'POST', '/api/Follows', { shipment: 'AL-L2' });
    await ok(collector, 'POST', '/api/Follows', { shipment: 'AL-L3' });
    expect(await followed(collector)).toHaveLength(4);
  });
});

describe('saved filters', () => {
  it('tells the people whose filter includes the shipment and who see it, and nobody else', async () => {
    await saveShipment({ Shipment: 'AL-F1', 'Forwarder Name': 'Kestrel', 'Order Ref': ['PO-AL-F1'] });
    const analyst = await t.signedInAs({ email: 'analyst@napco.example', role: 'Employee', company_name: 'NAPCO' });
    const watcher = await t.signedInAs({ email: 'watcher@napco.example', role: 'Employee', company_name: 'NAPCO' });
    const thisShipment = {
      filters: JSON.stringify([{ column: 'related_shipment', operator: 'equals', value: 'AL-F1' }]),
    };
    // More filters than one statement asks about, none of them including the shipment, before the one that does.
    // (Written straight to the table: a hundred requests would only slow the test.)
    const [watcherRow] = await t.db.select().from(people).where(eq(people.email, 'watcher@napco.example'));
    await t.db.insert(follows).values(
      Array.from({ length: 100 }, (_, index) => ({
        person_id: watcherRow?.id ?? 0,
        name: `Nothing ${index}`,
        query: { q: `no such thing ${index}` },
      })),
    );
    await ok(analyst, 'POST', '/api/Follows', { name: 'AL-F1', query: thisShipment });
    // The same filter, of a forwarder that does not see the shipment.
    await ok(blue, 'POST', '/api/Follows', { name: 'AL-F1', query: thisShipment });
    await runJob(JOB_NAMES.notify);

    await saveShipment({ ATD: '2027-06-02' }, 'AL-F1');
    await runJob(JOB_NAMES.notify);
    expect(texts(await bell(analyst))).toEqual(['AL-F1: Departed: ATD 2027-06-02']);
    expect(texts(await bell(watcher))).toEqual([]);
    expect(texts(await bell(blue)).filter((text) => text.startsWith('AL-F1'))).toEqual([]);
  });
});

describe('a shipment or person moved', () => {
  it("mails no digest of a shipment that went to another forwarder, and drops it from the old one's follows", async () => {
    const tracker = await t.signedInAs({
      email: 'tracker@kestrel.example',
      role: 'Forwarder',
      company_name: 'Kestrel',
    });
    await saveShipment({ Shipment: 'AL-R1', 'Forwarder Name': 'Kestrel', 'Order Ref': ['PO-AL-R1'] });
    await ok(tracker, 'POST', '/api/Follows', { shipment: 'AL-R1' });
    await saveShipment({ ATD: '2027-06-03' }, 'AL-R1');
    await runJob(JOB_NAMES.notify);
    expect(texts(await bell(tracker))).toEqual(['AL-R1: Departed: ATD 2027-06-03']);

    await saveShipment({ 'Forwarder Name': 'Blue Anchor' }, 'AL-R1');
    await runJob(JOB_NAMES.dailyDigest);
    expect(alertMailsTo('tracker@kestrel.example')).toEqual([]);
    expect(await followed(tracker)).toEqual([]);
    expect(texts(await bell(tracker))).toEqual([]);
  });

  it("drops a moved person's follows of shipments they no longer see, and keeps their saved filters", async () => {
    const mover = await t.signedInAs({ email: 'mover@kestrel.example', role: 'Forwarder', company_name: 'Kestrel' });
    await saveShipment({ Shipment: 'AL-M1', 'Forwarder Name': 'Kestrel', 'Order Ref': ['PO-AL-M1'] });
    await ok(mover, 'POST', '/api/Follows', { shipment: 'AL-M1' });
    await ok(mover, 'POST', '/api/Follows', { name: 'Everything I see', query: {} });

    await movePerson('mover@kestrel.example', 'Forwarder', 'Blue Anchor');
    expect(await followed(mover)).toEqual(['Everything I see']);
    // Dropped, not hidden: moving back does not bring the follow back.
    await movePerson('mover@kestrel.example', 'Forwarder', 'Kestrel');
    expect(await followed(mover)).toEqual(['Everything I see']);
  });
});
