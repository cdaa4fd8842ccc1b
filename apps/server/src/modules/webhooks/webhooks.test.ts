import { createHmac } from 'node:crypto';
import type { CreatedWebhook, WebhooksResponse } from '@quayside/domain/webhooks';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineJobs, JOB_NAMES } from '../../jobs/jobs.ts';
import { type Received, startHttpsReceiver } from '../../testing/https-receiver.ts';
import { bearer, createTestApp, signInCast, type TestApp } from '../../testing/test-app.ts';

// Outbound webhooks against a real HTTPS receiver on loopback (its certificate trusted through
// WEBHOOK_CA_FILE): signed deliveries, a retry after a failure with a doubling wait, the log.

let t: TestApp;
let admin: string;
let employee: string;
let receiver: Awaited<ReturnType<typeof startHttpsReceiver>>;
let receiverUrl: string;
let received: Received[];
let answers: number[];
let now = new Date('2027-07-01T12:00:00Z');

beforeAll(async () => {
  receiver = await startHttpsReceiver();
  ({ url: receiverUrl, received, answers } = receiver);
  t = await createTestApp({ clock: () => now, webhookCaFile: receiver.caFile });
  ({ admin, employee } = await signInCast(t));
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const notify = () =>
  defineJobs(t.db, t.config, pino({ level: 'silent' }))
    .find((job) => job.name === JOB_NAMES.notify)
    ?.handle({});

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
        lastError: 'HTTP 500',
        nextTryAt: '2027-07-01T12:01:00.000Z',
      }),
    ]);
    // Not due yet: nothing is sent.
    await notify();
    expect(received).toHaveLength(1);

    now = new Date('2027-07-01T12:01:30Z');
    await notify();
    expect(received).toHaveLength(2);
    expect((await listed())?.[0]).toMatchObject({ status: 'delivered', attempts: 2, lastStatus: 200, nextTryAt: null });

    const delivery = received[1] as Received;
    const body = JSON.parse(delivery.body);
    expect(body).toMatchObject({
      kind: 'eta_slipped',
      shipment: 'WH-1',
      text: 'ETA slipped: Dest. ETA 2027-07-10 → 2027-07-14 (+4 days)',
      detail: { days: 4 },
    });
    expect(delivery.headers['quayside-event']).toBe('eta_slipped');
    const [, t0, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(delivery.headers['quayside-signature'])) ?? [];
    expect(Number(t0)).toBe(Math.floor(now.getTime() / 1000));
    expect(v1).toBe(createHmac('sha256', secret).update(`${t0}.${delivery.body}`).digest('hex'));
    // Signed with another secret, or another body, it does not verify.
    expect(v1).not.toBe(createHmac('sha256', `${secret}x`).update(`${t0}.${delivery.body}`).digest('hex'));
  });
});
