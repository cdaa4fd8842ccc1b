import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  CARRIER_INTEGRATION_EXISTS,
  CARRIER_SIGNATURE_REFUSED,
  CARRIER_TOKEN_MISSING,
  CARRIER_TOKEN_REFUSED,
  type CarrierIntegration,
  type CarrierIntegrationRequest,
  type CreatedCarrierIntegration,
} from '@quayside/domain/carrier-events';
import { desc, eq, sql } from 'drizzle-orm';
import { canManageCarrierEvents } from '../../auth/permissions.ts';
import type { Principal } from '../../auth/principal.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { carrierIntegrations } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { tokenDigest } from '../../lib/token-digest.ts';
import { withWrite } from '../../write/with-write.ts';
import { actorOf } from '../audit/audit.service.ts';
import type { Sender } from './ingest.ts';

// The senders of carrier events: an Admin creates an integration per carrier or provider and gives
// it the token (shown once; only its digest is kept). A signed integration's notifications must
// also carry DCSA's Notification-Signature, an HMAC of the body with its signing secret.

export const CARRIER_EVENTS_FORBIDDEN = 'Only an Admin manages carrier integrations and their events.';
export const INTEGRATION_NOT_FOUND = 'Integration not found';

export function assertManagesCarrierEvents(principal: Principal) {
  if (!canManageCarrierEvents(principal)) throw new AppError('forbidden', CARRIER_EVENTS_FORBIDDEN);
}

type IntegrationRow = typeof carrierIntegrations.$inferSelect;

const integrationOf = (row: IntegrationRow, events = 0, lastEventAt: string | null = null): CarrierIntegration => ({
  id: row.id,
  name: row.name,
  forwarderName: row.forwarder_name,
  signed: row.signing_secret !== null,
  createdAt: row.created_at.toISOString(),
  lastEventAt,
  events,
});

/** The live integrations, newest first, each with how many events it sent and when it last did. */
export async function listIntegrations(db: Queryable, principal: Principal): Promise<CarrierIntegration[]> {
  assertManagesCarrierEvents(principal);
  const rows = await db
    .select({
      row: carrierIntegrations,
      // The table named in full: drizzle writes a bare "id" here, which the subquery reads as its own.
      events: sql<number>`(select count(*)::int from carrier_events e where e.integration_id = carrier_integrations.id)`,
      lastEventAt: sql<Date | null>`(select max(e.received_at) from carrier_events e where e.integration_id = carrier_integrations.id)`,
    })
    .from(carrierIntegrations)
    .where(sql`${carrierIntegrations.revoked_at} is null`)
    .orderBy(desc(carrierIntegrations.id));
  return rows.map(({ row, events, lastEventAt }) =>
    integrationOf(row, events, lastEventAt === null ? null : new Date(lastEventAt).toISOString()),
  );
}

export async function createIntegration(
  db: Database,
  principal: Principal,
  request: CarrierIntegrationRequest,
): Promise<CreatedCarrierIntegration> {
  assertManagesCarrierEvents(principal);
  const token = `qct_${randomBytes(32).toString('base64url')}`;
  const signingSecret = request.signed ? randomBytes(32).toString('hex') : null;
  return withWrite(db, actorOf(principal), async (write) => {
    const [row] = await write.tx
      .insert(carrierIntegrations)
      .values({
        name: request.name,
        forwarder_name: request.forwarderName || null,
        token_hash: tokenDigest(token),
        signing_secret: signingSecret,
        created_by: principal.email,
      })
      .onConflictDoNothing({ target: carrierIntegrations.name })
      .returning();
    if (!row) throw new AppError('conflict', CARRIER_INTEGRATION_EXISTS);
    // The audit log keeps everything but the token and the secret.
    write.audit({ action: 'create', entity: 'carrier_integration', entityId: row.id, after: integrationOf(row) });
    return { integration: integrationOf(row), token, signingSecret };
  });
}

/** Its token is refused from the next request; the events it sent stay. */
export async function revokeIntegration(db: Database, principal: Principal, id: number) {
  assertManagesCarrierEvents(principal);
  await withWrite(db, actorOf(principal), async (write) => {
    const [row] = await write.tx
      .update(carrierIntegrations)
      .set({ revoked_at: new Date() })
      .where(sql`${carrierIntegrations.id} = ${id} and ${carrierIntegrations.revoked_at} is null`)
      .returning();
    if (!row) throw new AppError('not_found', INTEGRATION_NOT_FOUND);
    write.audit({ action: 'delete', entity: 'carrier_integration', entityId: id, before: integrationOf(row) });
  });
}

/** An integration's token, read: who sends, and the key its notifications are signed with (null: unsigned). */
export type TokenHolder = { sender: Sender; signingSecret: string | null };

/** The sender of a request's bearer token: 401 for none, an unknown one or a revoked one, before the body is read. */
export async function holderOfToken(db: Queryable, authorization: string | undefined): Promise<TokenHolder> {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (!token) throw new AppError('unauthenticated', CARRIER_TOKEN_MISSING);
  const [row] = await db
    .select()
    .from(carrierIntegrations)
    .where(eq(carrierIntegrations.token_hash, tokenDigest(token)));
  if (!row || row.revoked_at !== null) throw new AppError('unauthenticated', CARRIER_TOKEN_REFUSED);
  return {
    sender: { name: row.name, integrationId: row.id, forwarderName: row.forwarder_name },
    signingSecret: row.signing_secret,
  };
}

/** A signed integration's notification must carry a Notification-Signature that holds for its body (401). */
export function assertSigned(holder: TokenHolder, header: string | undefined, rawBody: string) {
  if (holder.signingSecret !== null && !signatureHolds(holder.signingSecret, header, rawBody)) {
    throw new AppError('unauthenticated', CARRIER_SIGNATURE_REFUSED);
  }
}

/** DCSA's Notification-Signature: `sha256=<hex HMAC-SHA256 of the body's bytes>`, compared in constant time. */
export function signatureHolds(secret: string, header: string | undefined, rawBody: string): boolean {
  const sent = /^\s*sha256=([0-9a-fA-F]{64})\s*$/.exec(header ?? '')?.[1];
  if (!sent) return false;
  const expected = createHmac('sha256', secret).update(rawBody, 'utf8').digest();
  return timingSafeEqual(expected, Buffer.from(sent, 'hex'));
}
