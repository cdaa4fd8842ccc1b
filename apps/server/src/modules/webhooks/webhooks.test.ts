import { createHmac } from 'node:crypto';
import net from 'node:net';
import type { CreatedWebhook, Webhook, WebhooksResponse } from '@quayside/domain/webhooks';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type JobQueue, startJobQueue } from '../../jobs/job-queue.ts';
import { defineJobs, JOB_NAMES } from '../../jobs/jobs.ts';
import { type Received, startHttpsReceiver } from '../../testing/https-receiver.ts';
import { startSmtpPeer } from '../../testing/smtp-peer.ts';
import { bearer, createTestApp, signInCast, type TestApp } from '../../testing/test-app.ts';
import { standardSignature } from './webhook-delivery.ts';

// Outbound webhooks against a real HTTPS receiver on loopback (its certificate trusted through
// WEBHOOK_CA_FILE, its address allowed in the organisation settings): signed deliveries, a retry
// after a failure with a doubling wait, the log; private addresses refused; a silent receiver
// that neither delays alert e-mail nor is tried for ever.

let t: TestApp;
let admin: string;
let employee: string;
let receiver: Awaited<ReturnType<typeof startHttpsReceiver>>;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let receiverUrl: string;
let received: Received[];
let answers: number[];
let now = new Date('2027-07-01T12:00:00Z');
/** A connection takes at most this long here: the silent receiver's tries cost 2 s, not 5. */
const CONNECT_MS = 2_000;

beforeAll(async () => {
  receiver = await startHttpsReceiver();
  smtp = await startSmtpPeer();
  ({ url: receiverUrl, received, answers } = receiver);
  t = await createTestApp({
    clock: () => now,
    webhookCaFile: receiver.caFile,
    smtpUrl: smtp.url,
    webhookTimeouts: { connectMs: CONNECT_MS, answerMs: 3_000 },
  });
  ({ admin, employee } = await signInCast(t));
});
afterAll(async () => {
  await t.close();
  await receiver.close();
  await smtp.close();
});

/** The jobs as a worker runs them, without their schedules (a test sends what it wants). */
const jobs = () => defineJobs(t.db, t.config, pino({ level: 'silent' })).map(({ cron: _cron, ...job }) => job);
const runJob = (name: string) =>
  jobs()
    .find((job) => job.name === name)
    ?.handle({}) as Promise<Record<string, unknown>>;
/** New events dispatched and alerts mailed, then the webhook deliveries due sent. */
const notify = async () => {
  await runJob(JOB_NAMES.notify);
  return runJob(JOB_NAMES.webhooks);
};

const call = async (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) => {
  const response = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() };
};
const allowPrivate = async (...webhookPrivateAllowList: string[]) => {
  const saved = await call(admin, 'POST', '/api/OrganisationSettings', {
    webhookPrivateAllowList,
    followsPerPerson: 500,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
};
const register = (url: string, events = ['eta_slipped'], signing?: string) =>
  call(admin, 'POST', '/api/Webhooks', { url, events, ...(signing ? { signing } : {}) });
const registered = async (url: string, events = ['eta_slipped'], signing?: string) => {
  const created = await register(url, events, signing);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body as CreatedWebhook;
};
const hookOf = async (id: number) =>
  ((await call(admin, 'GET', '/api/Webhooks')).body as WebhooksResponse).webhooks.find((hook) => hook.id === id) as
    | Webhook
    | undefined;
const remove = (id: number) => call(admin, 'POST', `/api/Webhooks/delete?id=${id}`);
let shipments = 0;
/** A new shipment, then its Dest. ETA slipped: one eta_slipped event. */
const slip = async (followedBy?: string) => {
  shipments += 1;
  const shipment = `WH-S${shipments}`;
  const save = async (fields: Record<string, unknown>, id?: string) =>
    expect((await call(admin, 'POST', `/api/Shipments${id ? `?id=${id}` : ''}`, [fields])).status).toBe(200);
  await save({
    Shipment: shipment,
    'Forwarder Name': 'Kestrel',
    'Dest. ETA': '2027-07-10',
    'Order Ref': [`PO-${shipment}`],
  });
  if (followedBy) expect((await call(followedBy, 'POST', '/api/Follows', { shipment })).status).toBe(200);
  await save({ 'Dest. ETA': '2027-07-12' }, shipment);
  return shipment;
};

describe('webhooks', () => {
  it('are an Admin’s to register, at https:// addresses only', async () => {
    const asEmployee = await t.app.inject({
      method: 'POST',
      url: '/api/Webhooks',
      headers: bearer(employee),
      payload: { url: receiverUrl, events: ['eta_slipped'] },
    });
    expect([asEmployee.statusCode, asEmployee.json().message]).toEqual([
      403,
      'Only an administrator can manage webhooks.',
    ]);
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/Webhooks',
      headers: bearer(admin),
      payload: { url: 'http://example.com/hook', events: ['eta_slipped'] },
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().message).toMatch(/^The webhook URL must be an https:\/\/ address\./);
  });

  it('deliver each wanted event signed and timestamped, retry a failure after a minute, and log it', async () => {
    await allowPrivate('127.0.0.1');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/Webhooks',
      headers: bearer(admin),
      payload: { url: receiverUrl, events: ['eta_slipped', 'arrived'] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { webhook, secret } = created.json<CreatedWebhook>();
    expect(secret).toMatch(/^whsec_/);

    const save = async (fields: Record<string, unknown>, id?: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/Shipments${id ? `?id=${id}` : ''}`,
        headers: bearer(admin),
        payload: [fields],
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await save({ Shipment: 'WH-1', 'Forwarder Name': 'Kestrel', 'Dest. ETA': '2027-07-10', 'Order Ref': ['PO-WH-1'] });
    // A departure is not wanted; the slip is.
    await save({ ATD: '2027-07-01', 'Dest. ETA': '2027-07-14' }, 'WH-1');

    answers.push(500);
    await notify();
    expect(received).toHaveLength(1);
    const listed = async () =>
      (await t.app.inject({ url: '/api/Webhooks', headers: bearer(admin) }))
        .json<WebhooksResponse>()
        .webhooks.find((hook) => hook.id === webhook.id)?.deliveries;
    expect(await listed()).toEqual([
      expect.objectContaining({
        eventKind: 'eta_slipped',
        shipment: 'WH-1',
        status: 'pending',
        attempts: 1,
        lastStatus: 500,
        lastOutcome: 'http',
        lastError: 'HTTP 500',
        nextTryAt: '2027-07-01T12:01:00.000Z',
      }),
    ]);
    // Not due yet (and the receiver resting): nothing is sent.
    expect(await hookOf(webhook.id)).toMatchObject({
      consecutiveFailures: 1,
      backoffUntil: '2027-07-01T12:01:00.000Z',
    });
    await notify();
    expect(received).toHaveLength(1);

    now = new Date('2027-07-01T12:01:30Z');
    await notify();
    expect(received).toHaveLength(2);
    expect((await listed())?.[0]).toMatchObject({
      status: 'delivered',
      attempts: 2,
      lastStatus: 200,
      lastOutcome: 'delivered',
      nextTryAt: null,
    });
    expect(await hookOf(webhook.id)).toMatchObject({ consecutiveFailures: 0, backoffUntil: null, pausedAt: null });

    const delivery = received[1] as Received;
    const body = JSON.parse(delivery.body);
    expect(body).toMatchObject({
      kind: 'eta_slipped',
      shipment: 'WH-1',
      text: 'ETA slipped: Dest. ETA 2027-07-10 → 2027-07-14 (+4 days)',
      detail: { days: 4 },
    });
    expect(delivery.headers['quayside-event']).toBe('eta_slipped');
    // The same delivery id on each try of one delivery: what a receiver deduplicates by.
    expect(delivery.headers['quayside-delivery']).toBe(String(body.deliveryId));
    expect(received[0]?.headers['quayside-delivery']).toBe(String(body.deliveryId));
    const [, t0, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(delivery.headers['quayside-signature'])) ?? [];
    expect(Number(t0)).toBe(Math.floor(now.getTime() / 1000));
    expect(v1).toBe(createHmac('sha256', secret).update(`${t0}.${delivery.body}`).digest('hex'));
    // Signed with another secret, or another body, it does not verify.
    expect(v1).not.toBe(createHmac('sha256', `${secret}x`).update(`${t0}.${delivery.body}`).digest('hex'));
    expect((await remove(webhook.id)).status).toBe(200);
  });

  it('are signed the Standard Webhooks way when the Admin chooses it, as that project’s library verifies', async () => {
    // The specification's published test vector (its JavaScript library's tests).
    expect(
      standardSignature(
        'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        'msg_p5jXN8AQM9LWM0D4loKWxJek',
        new Date(1614265330 * 1000),
        '{"test": 2432232314}',
      ),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');

    await allowPrivate('127.0.0.1');
    const wrong = await call(admin, 'POST', '/api/Webhooks', {
      url: receiverUrl,
      events: ['eta_slipped'],
      signing: 'hmac',
    });
    expect(wrong.status).toBe(400);
    expect((wrong.body as { message: string }).message).toMatch(/^signing is quayside or standard\./);
    const { webhook, secret } = await registered(receiverUrl, ['eta_slipped'], 'standard');
    expect(webhook.signing).toBe('standard');
    expect((await hookOf(webhook.id))?.signing).toBe('standard');
    const before = received.length;
    answers.push(500);
    await slip();
    await notify();
    now = new Date(now.getTime() + 61_000);
    await notify();
    expect(received).toHaveLength(before + 2);
    const [first, second] = received.slice(before);
    if (!first || !second) throw new Error('two tries expected');
    // The library checks the timestamp against its own clock: it runs at the app's.
    vi.useFakeTimers({ now, toFake: ['Date'] });
    try {
      const verified = new StandardWebhook(secret).verify(second.body, second.headers as Record<string, string>);
      expect(verified).toMatchObject({ kind: 'eta_slipped' });
      expect(() =>
        new StandardWebhook(secret).verify(`${second.body} `, second.headers as Record<string, string>),
      ).toThrow();
    } finally {
      vi.useRealTimers();
    }
    // A retry is the same message: the same webhook-id, and no Quayside-Signature.
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(second.headers['quayside-signature']).toBeUndefined();
    expect((await remove(webhook.id)).status).toBe(200);
  });

  it('carry a purchase order’s events, naming the PO; a conversation’s are no integrator’s to ask for', async () => {
    await allowPrivate('127.0.0.1');
    const personal = await register(receiverUrl, ['po_confirmed', 'mentioned']);
    expect(personal.status).toBe(400);
    expect(JSON.stringify(personal.body)).toContain('Event kinds are new_exception,');
    const { webhook } = await registered(receiverUrl, ['po_confirmed', 'po_change_proposed']);
    const supplier = await t.signedInAs({
      email: 'sales@wharf.example',
      role: 'Supplier',
      company_name: 'Wharf Mills',
    });
    const order = await call(admin, 'POST', '/api/PurchaseOrders', {
      po_number: 'PO-WH-ORDER',
      supplier: 'Wharf Mills',
      lines: [{ line_number: 1, sku: 'WH-SKU', ordered_qty: 10 }],
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const before = received.length;
    expect((await call(supplier, 'POST', '/api/PurchaseOrders/confirm?po=PO-WH-ORDER', {})).status).toBe(200);
    await notify();
    expect(received).toHaveLength(before + 1);
    const body = JSON.parse(received.at(-1)?.body ?? '{}');
    expect(body).toMatchObject({
      kind: 'po_confirmed',
      record: { type: 'purchase_order', reference: 'PO-WH-ORDER' },
      shipment: null,
      text: expect.stringMatching(/^Confirmed by /),
    });
    expect((await hookOf(webhook.id))?.deliveries[0]).toMatchObject({
      eventKind: 'po_confirmed',
      record: { type: 'purchase_order', reference: 'PO-WH-ORDER' },
      shipment: null,
      status: 'delivered',
    });
    expect((await remove(webhook.id)).status).toBe(200);
  });
});

describe('a webhook’s address', () => {
  it('is refused at registration when it is loopback, private, link-local or reserved, in any spelling', async () => {
    await allowPrivate();
    const refused = [
      'https://127.0.0.1/hook',
      'https://[::1]/hook',
      'https://0.0.0.0/hook',
      'https://localhost/hook',
      'https://LOCALHOST./hook',
      'https://api.localhost/hook',
      'https://2130706433/hook',
      'https://0x7f000001/hook',
      'https://0177.0.0.1/hook',
      'https://127.1/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[::127.0.0.1]/hook',
      'https://[64:ff9b::127.0.0.1]/hook',
      'https://[::]/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.1/hook',
      'https://172.16.5.4/hook',
      'https://192.168.1.1/hook',
      'https://100.64.0.1/hook',
      'https://[fd00::1]/hook',
      'https://[fe80::1]/hook',
      'https://224.0.0.1/hook',
      'https://255.255.255.255/hook',
      'https://[ff02::1]/hook',
    ];
    for (const url of refused) {
      const answer = await register(url);
      expect([url, answer.status], JSON.stringify(answer.body)).toEqual([url, 400]);
      expect(answer.body.message).toMatch(
        /^The webhook URL must not point at a loopback, private, link-local or reserved address; an Admin may allow a private network in the organisation settings\. \(.+: (loopback|private|link-local|unspecified|multicast|reserved)\)$/,
      );
    }
    expect((await register('https://0177.0.0.1/hook')).body.message).toMatch(/\(127\.0\.0\.1: loopback\)$/);
    expect((await register('https://169.254.169.254/')).body.message).toMatch(/\(169\.254\.169\.254: link-local\)$/);
    // A public address is fine.
    const publicHook = await registered('https://93.184.215.14/hook');
    expect((await remove(publicHook.webhook.id)).status).toBe(200);
    expect(((await call(admin, 'GET', '/api/Webhooks')).body as WebhooksResponse).webhooks).toEqual([]);
  });

  it('on a private network is let through by the Admin’s allow-list, which only an Admin sees and sets', async () => {
    expect(await call(employee, 'GET', '/api/OrganisationSettings')).toEqual({
      status: 403,
      body: { message: 'Only an administrator can change the organisation settings.' },
    });
    const asEmployee = await call(employee, 'POST', '/api/OrganisationSettings', {
      webhookPrivateAllowList: ['10.0.0.0/8'],
      followsPerPerson: 500,
    });
    expect(asEmployee.status).toBe(403);
    for (const entry of ['10.0.0.0/33', '10.1', 'fd00::/129']) {
      const bad = await call(admin, 'POST', '/api/OrganisationSettings', {
        webhookPrivateAllowList: [entry],
        followsPerPerson: 500,
      });
      expect([entry, bad.status]).toEqual([entry, 400]);
      expect(bad.body.message).toMatch(/^Each allowed private network is a host name, an IP address or a CIDR range/);
    }
    await allowPrivate('10.20.0.0/16', 'fd00::7', 'hooks.internal');
    expect((await call(admin, 'GET', '/api/OrganisationSettings')).body).toEqual({
      webhookPrivateAllowList: ['10.20.0.0/16', 'fd00::7', 'hooks.internal'],
      followsPerPerson: 500,
    });
    const allowed = [
      await registered('https://10.20.3.4/hook'),
      await registered('https://[fd00::7]/hook'),
      await registered('https://[::ffff:10.20.0.9]/hook'),
    ];
    expect((await register('https://10.21.0.1/hook')).status).toBe(400);
    expect((await register('https://[fd00::8]/hook')).status).toBe(400);
    for (const { webhook } of allowed) expect((await remove(webhook.id)).status).toBe(200);
    await allowPrivate();
  });

  it('is checked again at each delivery, after resolving the name: a loopback one is blocked, never connected to', async () => {
    // Allowed when registered, then the allow-list no longer says so.
    await allowPrivate('127.0.0.1');
    const byName = await registered(`https://localhost:${receiver.port}/quayside`);
    const byAddress = await registered(receiverUrl);
    await allowPrivate();
    const connectionsBefore = receiver.connections.count;
    const receivedBefore = received.length;
    await slip();
    await notify();
    for (const { webhook } of [byName, byAddress]) {
      expect((await hookOf(webhook.id))?.deliveries).toEqual([
        expect.objectContaining({
          status: 'pending',
          attempts: 1,
          lastStatus: null,
          lastOutcome: 'blocked',
          lastError: 'Blocked: the address is loopback',
        }),
      ]);
    }
    expect(receiver.connections.count).toBe(connectionsBefore);
    expect(received).toHaveLength(receivedBefore);

    // Allowed again, both go through to the receiver.
    await allowPrivate('127.0.0.1');
    now = new Date(now.getTime() + 5 * 60_000);
    await notify();
    expect((await hookOf(byAddress.webhook.id))?.deliveries[0]).toMatchObject({ status: 'delivered', attempts: 2 });
    // By name the certificate does not match (it is made for 127.0.0.1): said in words, not as a socket error.
    expect((await hookOf(byName.webhook.id))?.deliveries[0]).toMatchObject({
      status: 'pending',
      attempts: 2,
      lastOutcome: 'tls',
      lastError: 'TLS: certificate is for another name',
    });
    for (const { webhook } of [byName, byAddress]) expect((await remove(webhook.id)).status).toBe(200);
  });
});

describe('a receiver that never answers', () => {
  it('delays no alert e-mail, can be deleted mid-try, rests after a failure, and is paused until resumed', async () => {
    // Accepts the connection and says nothing, ever.
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentUrl = `https://127.0.0.1:${(silent.address() as net.AddressInfo).port}/quayside`;
    await allowPrivate('127.0.0.1');
    const kept = await registered(silentUrl);
    const deleted = await registered(silentUrl);
    await call(employee, 'POST', '/api/Alerts/preferences', {
      preferences: {
        new_exception: 'app',
        eta_slipped: 'email',
        departed: 'app',
        arrived: 'app',
        document_uploaded: 'app',
      },
    });
    await slip();
    await runJob(JOB_NAMES.notify);

    const queue: JobQueue = await startJobQueue(t.database.pool, jobs(), pino({ level: 'silent' }), {
      pollingIntervalSeconds: 0.5,
    });
    const stateOf = async (id: string | null) =>
      (await t.db.execute<{ state: string }>(sql`select state from pgboss.job where id = ${id}`)).rows[0]?.state;
    try {
      const webhookJob = await queue.send(JOB_NAMES.webhooks);
      await expect.poll(() => sockets.size, { timeout: 10_000, interval: 50 }).toBe(2);
      // Both tries hang. Meanwhile a followed shipment slips: its e-mail goes out at once.
      const shipment = await slip(employee);
      const notifyJob = await queue.send(JOB_NAMES.notify);
      const mail = await smtp.mailTo('employee@napco.example', new RegExp(`${shipment}`), 10_000);
      expect(mail.text).toContain('ETA slipped');
      await expect.poll(() => stateOf(notifyJob), { timeout: 5_000, interval: 100 }).toBe('completed');
      expect(await stateOf(webhookJob)).toBe('active');
      // Deleting a hook whose delivery is in flight just works.
      expect(await remove(deleted.webhook.id)).toEqual({ status: 200, body: { message: 'Webhook removed.' } });

      await expect.poll(() => stateOf(webhookJob), { timeout: 10_000, interval: 100 }).toBe('completed');
    } finally {
      await queue.stop();
    }
    const afterTimeout = await hookOf(kept.webhook.id);
    expect(afterTimeout).toMatchObject({
      consecutiveFailures: 1,
      pausedAt: null,
      backoffUntil: new Date(now.getTime() + 60_000).toISOString(),
    });
    expect(afterTimeout?.deliveries).toEqual([
      expect.objectContaining({ status: 'pending', attempts: 0 }),
      expect.objectContaining({
        status: 'pending',
        attempts: 1,
        lastOutcome: 'timeout',
        lastError: `No connection within ${CONNECT_MS / 1000} s`,
      }),
    ]);
    expect(await hookOf(deleted.webhook.id)).toBeUndefined();
    // Resting for a minute, it is not tried again, though a delivery is due.
    expect(await runJob(JOB_NAMES.webhooks)).toEqual({ delivered: 0, retrying: 0, failed: 0, paused: 0 });

    // The receiver goes away altogether; each time it has rested it is tried once more, until
    // ten failures in a row pause it.
    await new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      silent.close(() => resolve());
    });
    for (let tried = 2; tried <= 10; tried++) {
      now = new Date(now.getTime() + 3 * 60 * 60_000);
      const run = await runJob(JOB_NAMES.webhooks);
      expect(run.paused).toBe(tried === 10 ? 1 : 0);
    }
    const paused = await hookOf(kept.webhook.id);
    expect(paused).toMatchObject({
      consecutiveFailures: 10,
      pausedAt: now.toISOString(),
      pausedReason: '10 tries in a row failed; the last: Connection refused',
    });
    // Its two deliveries were tried in turn, the one waiting longest first; both still wait.
    expect(paused?.deliveries.map((delivery) => [delivery.status, delivery.attempts])).toEqual([
      ['pending', 5],
      ['pending', 5],
    ]);
    now = new Date(now.getTime() + 24 * 60 * 60_000);
    expect(await runJob(JOB_NAMES.webhooks)).toMatchObject({ retrying: 0, failed: 0 });

    expect((await call(employee, 'POST', `/api/Webhooks/resume?id=${kept.webhook.id}`)).status).toBe(403);
    expect(await call(admin, 'POST', `/api/Webhooks/resume?id=${kept.webhook.id}`)).toEqual({
      status: 200,
      body: { message: 'Webhook resumed.' },
    });
    expect(await hookOf(kept.webhook.id)).toMatchObject({ consecutiveFailures: 0, pausedAt: null, pausedReason: null });
    // Resumed, it is tried again at once.
    expect(await runJob(JOB_NAMES.webhooks)).toMatchObject({ retrying: 1 });
    const resumed = await hookOf(kept.webhook.id);
    expect(resumed).toMatchObject({ consecutiveFailures: 1, pausedAt: null });
    expect(resumed?.deliveries.map((delivery) => delivery.attempts).sort()).toEqual([5, 6]);
    expect(resumed?.deliveries.map((delivery) => delivery.lastOutcome)).toEqual(['refused', 'refused']);
    expect((await remove(kept.webhook.id)).status).toBe(200);
  }, 60_000);
});

describe('a delivery whose worker died mid-try', () => {
  it('is sent again, with the same Quayside-Delivery, once the dead worker’s hold on the receiver runs out', async () => {
    await allowPrivate('127.0.0.1');
    const { webhook } = await registered(receiverUrl);
    const receivedBefore = received.length;
    await slip();
    await runJob(JOB_NAMES.notify);
    // A worker took the receiver for its try and died before it could record the answer.
    await t.db.execute(
      sql`update webhooks set lease_until = ${new Date(now.getTime() + 10 * 60_000).toISOString()}::timestamptz where id = ${webhook.id}`,
    );
    expect(await runJob(JOB_NAMES.webhooks)).toMatchObject({ delivered: 0, retrying: 0 });
    answers.push(500);
    now = new Date(now.getTime() + 11 * 60_000);
    expect(await runJob(JOB_NAMES.webhooks)).toMatchObject({ retrying: 1 });
    now = new Date(now.getTime() + 2 * 60_000);
    expect(await runJob(JOB_NAMES.webhooks)).toMatchObject({ delivered: 1 });
    // At least once: both tries of the one delivery carry its id, for the receiver to drop the second.
    const tries = received.slice(receivedBefore);
    expect(tries).toHaveLength(2);
    const ids = tries.map((one) => one.headers['quayside-delivery']);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[0]).toBe(String((await hookOf(webhook.id))?.deliveries[0]?.id));
    expect((await remove(webhook.id)).status).toBe(200);
  });
});
