import { createHmac } from 'node:crypto';
import dns from 'node:dns';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import tls from 'node:tls';
import {
  type DeliveryOutcome,
  SIGNATURE_HEADER,
  WEBHOOK_FIRST_RETRY_SECONDS,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_PAUSE_AFTER_FAILURES,
} from '@quayside/domain/webhooks';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { idArray } from '../../db/array-parameters.ts';
import type { Database } from '../../db/client.ts';
import { webhookDeliveries, webhooks } from '../../db/schema.ts';
import { withWrite } from '../../write/with-write.ts';
import { eventsById } from '../alerts/events.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { readOrganisationSettings } from '../settings/organisation-settings.ts';
import { type AddressKind, type AllowList, hostOf, readAllowList, refusal } from './receiver-address.ts';

const DELIVERY_ACTOR: AuditActor = { personId: null, email: null, source: 'system' };
/** The most deliveries one run tries; the rest wait for the next run (a minute later). */
const DELIVERIES_PER_RUN = 100;
/** A run starts no new delivery after this long, so runs a minute apart do not pile up. */
const RUN_BUDGET_MS = 40_000;
/** Receivers served at once by one run: one silent receiver does not hold up the others. */
const RECEIVERS_AT_ONCE = 4;
/** The longest a failing receiver rests between tries. */
const MAX_BACKOFF_SECONDS = 60 * 60;

/**
 * `ca`: certificates trusted besides the usual ones (WEBHOOK_CA_FILE: a receiver with a private CA);
 * the waits for a connection (TCP and TLS) and for the whole answer.
 */
export type WebhookTransport = { ca?: string; connectTimeoutMs: number; answerTimeoutMs: number };

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the hook's secret>`. */
export function signature(secret: string, body: string, at: Date) {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/**
 * Standard Webhooks' `webhook-signature`: `v1,<base64 HMAC-SHA256 of "<id>.<unix seconds>.<body>">`,
 * keyed with the bytes the secret's base64 (after `whsec_`) spells.
 */
export function standardSignature(secret: string, id: string, at: Date, body: string) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const t = Math.floor(at.getTime() / 1000);
  return `v1,${createHmac('sha256', key).update(`${id}.${t}.${body}`).digest('base64')}`;
}

/** The headers that sign a delivery as its hook chose; every try of one delivery has the same id. */
function signingHeaders(receiver: Claimed, deliveryId: number, body: string, at: Date): Record<string, string> {
  if (receiver.signing === 'standard') {
    const id = `msg_${deliveryId}`;
    return {
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': standardSignature(receiver.secret, id, at, body),
    };
  }
  return { [SIGNATURE_HEADER]: signature(receiver.secret, body, at) };
}

/** The wait before try `attempt + 1` of one delivery: a minute, doubling each time. */
export const retryDelaySeconds = (attempt: number) => WEBHOOK_FIRST_RETRY_SECONDS * 2 ** (attempt - 1);

/** How long a receiver rests after `failures` failed tries in a row: a minute, doubling, at most an hour. */
export const receiverBackoffSeconds = (failures: number) =>
  Math.min(WEBHOOK_FIRST_RETRY_SECONDS * 2 ** (failures - 1), MAX_BACKOFF_SECONDS);

type Answer = { outcome: DeliveryOutcome; status: number | null; message: string | null };
type Claimed = { id: number; url: string; secret: string; signing: string };

/**
 * Sends what is due, one delivery at a time per receiver. A receiver is claimed with a lease (an
 * atomic UPDATE, so among several servers one sends to it at a time), its oldest due delivery is
 * POSTed outside any transaction (deleting the hook meanwhile just works), and the outcome is
 * recorded in a short one. A failure rests the receiver (backoff_until) and it is not tried again
 * this run; WEBHOOK_PAUSE_AFTER_FAILURES failures in a row pause it until an Admin resumes it.
 * A worker that dies between the POST and the record leaves the delivery pending: it is sent again
 * once the lease runs out (at least once; receivers deduplicate by Quayside-Delivery).
 */
export async function deliverDueWebhooks(db: Database, clock: () => Date, transport: WebhookTransport) {
  const started = performance.now();
  const counts = { delivered: 0, retrying: 0, failed: 0, paused: 0 };
  const allowList = readAllowList((await readOrganisationSettings(db)).webhookPrivateAllowList);
  const leaseMs = transport.connectTimeoutMs + transport.answerTimeoutMs + 60_000;
  const resting: number[] = [];
  let tries = 0;
  const serve = async () => {
    while (tries < DELIVERIES_PER_RUN && performance.now() - started < RUN_BUDGET_MS) {
      const receiver = await claimReceiver(db, clock(), leaseMs, resting);
      if (!receiver) return;
      tries += 1;
      const result = await deliverOldest(db, clock, transport, allowList, receiver);
      if (result === null) continue;
      counts[result.status === 'pending' ? 'retrying' : result.status] += 1;
      if (result.isPaused) counts.paused += 1;
      if (result.status !== 'delivered') resting.push(receiver.id);
    }
  };
  await Promise.all(Array.from({ length: RECEIVERS_AT_ONCE }, serve));
  return counts;
}

/** Leases the receiver whose oldest due delivery waited longest, if any is free, awake and not resting. */
async function claimReceiver(db: Database, now: Date, leaseMs: number, resting: readonly number[]) {
  const at = now.toISOString();
  const result = await db.execute<Claimed & { id: string }>(sql`
    update webhooks set lease_until = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz
    where id = (
      select w.id from webhooks w
      join lateral (
        select min(d.next_try_at) as oldest from webhook_deliveries d
        where d.webhook_id = w.id and d.status = 'pending' and d.next_try_at <= ${at}::timestamptz
      ) due on due.oldest is not null
      where w.paused_at is null
        and (w.backoff_until is null or w.backoff_until <= ${at}::timestamptz)
        and (w.lease_until is null or w.lease_until < ${at}::timestamptz)
        and not (w.id = any(${idArray(resting)}))
      order by due.oldest, w.id
      limit 1
      for update of w skip locked)
    and (lease_until is null or lease_until < ${at}::timestamptz)
    returning id, url, secret, signing`);
  const [row] = result.rows;
  return row ? { ...row, id: Number(row.id) } : null;
}

async function deliverOldest(
  db: Database,
  clock: () => Date,
  transport: WebhookTransport,
  allowList: AllowList,
  receiver: Claimed,
) {
  const now = clock();
  const [delivery] = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.webhook_id, receiver.id),
        eq(webhookDeliveries.status, 'pending'),
        lte(webhookDeliveries.next_try_at, now),
      ),
    )
    .orderBy(asc(webhookDeliveries.next_try_at), asc(webhookDeliveries.id))
    .limit(1);
  if (!delivery) {
    await db.update(webhooks).set({ lease_until: null }).where(eq(webhooks.id, receiver.id));
    return null;
  }
  const [event] = await eventsById(db, [delivery.event_id]);
  const body = JSON.stringify({ deliveryId: delivery.id, ...event });
  const answer = await post(
    receiver.url,
    body,
    {
      'Content-Type': 'application/json',
      'User-Agent': 'Quayside-Webhooks/1',
      'Quayside-Event': event?.kind ?? '',
      'Quayside-Delivery': String(delivery.id),
      ...signingHeaders(receiver, delivery.id, body, now),
    },
    transport,
    allowList,
  );
  const attempts = delivery.attempts + 1;
  const isDelivered = answer.outcome === 'delivered';
  const status = isDelivered ? 'delivered' : attempts >= WEBHOOK_MAX_ATTEMPTS ? 'failed' : 'pending';
  // The hook may have been deleted meanwhile: then these updates change nothing.
  const isPaused = await withWrite(db, DELIVERY_ACTOR, async (write) => {
    await write.tx
      .update(webhookDeliveries)
      .set({
        status,
        attempts,
        last_status: answer.status,
        last_outcome: answer.outcome,
        last_error: answer.message,
        last_try_at: now,
        next_try_at: status === 'pending' ? new Date(now.getTime() + retryDelaySeconds(attempts) * 1000) : null,
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    if (isDelivered) {
      await write.tx
        .update(webhooks)
        .set({ lease_until: null, consecutive_failures: 0, backoff_until: null })
        .where(eq(webhooks.id, receiver.id));
      return false;
    }
    const [failing] = await write.tx
      .update(webhooks)
      .set({ lease_until: null, consecutive_failures: sql`${webhooks.consecutive_failures} + 1` })
      .where(eq(webhooks.id, receiver.id))
      .returning();
    if (!failing) return false;
    const failures = failing.consecutive_failures;
    const shouldPause = failures >= WEBHOOK_PAUSE_AFTER_FAILURES && failing.paused_at === null;
    const reason = `${failures} tries in a row failed; the last: ${answer.message}`;
    await write.tx
      .update(webhooks)
      .set({
        backoff_until: new Date(now.getTime() + receiverBackoffSeconds(failures) * 1000),
        ...(shouldPause ? { paused_at: now, paused_reason: reason } : {}),
      })
      .where(eq(webhooks.id, receiver.id));
    if (shouldPause) {
      write.audit({
        action: 'update',
        entity: 'webhook',
        entityId: receiver.id,
        before: { pausedAt: null },
        after: { pausedAt: now.toISOString(), pausedReason: reason },
      });
    }
    return shouldPause;
  });
  return { status, isPaused } as const;
}

const seconds = (ms: number) => `${ms / 1000} s`;

/**
 * One POST; never throws: a failure is an answer classified, with a message fit for the delivery
 * log (never a raw socket error, which would tell a caller what listens where). Redirects are not
 * followed. The address connected to is the one checked: a host name is resolved by `lookup`
 * below, which drops every address the rule refuses.
 */
function post(
  url: string,
  body: string,
  headers: Record<string, string>,
  { ca, connectTimeoutMs, answerTimeoutMs }: WebhookTransport,
  allowList: AllowList,
): Promise<Answer> {
  const blocked = (kind: AddressKind): Answer => ({
    outcome: 'blocked',
    status: null,
    message: `Blocked: the address is ${kind}`,
  });
  const target = URL.canParse(url) ? new URL(url) : null;
  if (target?.protocol !== 'https:') {
    return Promise.resolve({ outcome: 'blocked', status: null, message: 'Blocked: not an https:// address' });
  }
  const host = hostOf(target);
  // An address in the URL is connected to without a lookup: check it here.
  const literalKind = isIP(host) ? refusal(host, host, allowList) : null;
  if (literalKind) return Promise.resolve(blocked(literalKind));

  let refusedKind: AddressKind | null = null;
  const lookup: LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const permitted = addresses.filter((entry) => {
        const kind = refusal(host, entry.address, allowList);
        refusedKind ??= kind;
        return kind === null;
      });
      const [first] = permitted;
      if (!first) return callback(Object.assign(new Error('blocked'), { code: 'QUAYSIDE_BLOCKED' }), '', 0);
      if (options.all) return callback(null, permitted);
      callback(null, first.address, first.family);
    });
  };

  return new Promise((resolve) => {
    let isSettled = false;
    const settle = (answer: Answer) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(connectTimer);
      clearTimeout(answerTimer);
      request.destroy();
      resolve(answer);
    };
    const request = https.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': Buffer.byteLength(body) },
        // A fresh connection each time, through the lookup above (a pooled one would skip it).
        agent: false,
        lookup,
        ...(ca ? { ca: [...tls.rootCertificates, ca] } : {}),
      },
      (response) => {
        const status = response.statusCode ?? null;
        // The answer's body is not needed: read and drop it so the socket is released.
        response.resume();
        response.on('end', () => settle(answerOf(status)));
        response.on('error', () => settle(answerOf(status)));
      },
    );
    const connectTimer = setTimeout(
      () => settle({ outcome: 'timeout', status: null, message: `No connection within ${seconds(connectTimeoutMs)}` }),
      connectTimeoutMs,
    );
    const answerTimer = setTimeout(
      () => settle({ outcome: 'timeout', status: null, message: `No answer within ${seconds(answerTimeoutMs)}` }),
      answerTimeoutMs,
    );
    request.on('socket', (socket) => socket.once('secureConnect', () => clearTimeout(connectTimer)));
    request.on('error', (error: NodeJS.ErrnoException) =>
      settle(error.code === 'QUAYSIDE_BLOCKED' ? blocked(refusedKind ?? 'private') : failureOf(error)),
    );
    request.end(body);
  });
}

function answerOf(status: number | null): Answer {
  if (status !== null && status >= 200 && status < 300) return { outcome: 'delivered', status, message: null };
  const redirect = status !== null && status >= 300 && status < 400 ? ' (redirects are not followed)' : '';
  return { outcome: 'http', status, message: `HTTP ${status}${redirect}` };
}

const UNTRUSTED = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
]);

/** A connection's failure, classified, in words for the delivery log. */
function failureOf(error: NodeJS.ErrnoException): Answer {
  const code = error.code ?? '';
  const failed = (outcome: DeliveryOutcome, message: string): Answer => ({ outcome, status: null, message });
  if (code === 'ENOTFOUND' || code === 'ENODATA') return failed('dns', 'DNS: no such host');
  if (code.startsWith('EAI_')) return failed('dns', 'DNS: the lookup failed');
  if (code === 'ECONNREFUSED') return failed('refused', 'Connection refused');
  if (code === 'ETIMEDOUT') return failed('timeout', 'No connection (timed out)');
  if (UNTRUSTED.has(code)) return failed('tls', 'TLS: certificate not trusted');
  if (code === 'CERT_HAS_EXPIRED') return failed('tls', 'TLS: certificate expired');
  if (code === 'CERT_NOT_YET_VALID') return failed('tls', 'TLS: certificate not yet valid');
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return failed('tls', 'TLS: certificate is for another name');
  if (code === 'EPROTO' || code.startsWith('ERR_SSL') || code.startsWith('ERR_TLS') || code.includes('CERT')) {
    return failed('tls', 'TLS: the handshake failed');
  }
  if (code === 'EHOSTUNREACH') return failed('unreachable', 'Host unreachable');
  if (code === 'ENETUNREACH') return failed('unreachable', 'Network unreachable');
  if (code === 'ECONNRESET' || code === 'EPIPE')
    return failed('unreachable', 'The connection was closed before an answer');
  return failed('unreachable', 'Could not connect');
}
