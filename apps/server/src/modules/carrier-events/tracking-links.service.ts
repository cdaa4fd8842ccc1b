import { randomBytes } from 'node:crypto';
import {
  type CreatedTrackingLink,
  carrierEventTitle,
  type PublicTracking,
  TIMELINE_EVENTS,
  TRACKING_LINK_GONE,
  type TrackingLink,
  trackingPath,
} from '@quayside/domain/carrier-events';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { canShareTracking } from '../../auth/permissions.ts';
import type { Principal } from '../../auth/principal.ts';
import { clientAddress, consumeRateLimit } from '../../auth/rate-limit.ts';
import { TRACKING_LINK_RATE } from '../../config.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { carrierEvents, shipments, trackingLinks } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { tokenDigest } from '../../lib/token-digest.ts';
import { withWrite } from '../../write/with-write.ts';
import { actorOf } from '../audit/audit.service.ts';
import { findReadableShipment } from '../shipments/shipment-access.ts';

// A shipment shared by link: staff make an unguessable token (only its digest is kept), anyone
// holding it sees the shipment's progress without signing in, and withdrawing it ends that at once.
// What the page shows is chosen here, field by field: nothing of parties, orders, parts or documents.

export const TRACKING_FORBIDDEN = 'Only the importer’s staff share tracking links.';
const LINK_NOT_FOUND = 'Tracking link not found';

function assertShares(principal: Principal) {
  if (!canShareTracking(principal)) throw new AppError('forbidden', TRACKING_FORBIDDEN);
}

const linkOf = (row: typeof trackingLinks.$inferSelect): TrackingLink => ({
  id: row.id,
  createdAt: row.created_at.toISOString(),
  createdBy: row.created_by,
  revokedAt: row.revoked_at?.toISOString() ?? null,
});

export async function listTrackingLinks(db: Queryable, principal: Principal, shipmentNumber: string) {
  assertShares(principal);
  const shipment = await findReadableShipment(db, principal, shipmentNumber);
  const rows = await db
    .select()
    .from(trackingLinks)
    .where(eq(trackingLinks.shipment_id, shipment.id))
    .orderBy(desc(trackingLinks.id));
  return { links: rows.map(linkOf) };
}

export async function createTrackingLink(
  db: Database,
  principal: Principal,
  shipmentNumber: string,
): Promise<CreatedTrackingLink> {
  assertShares(principal);
  const token = randomBytes(24).toString('base64url');
  return withWrite(db, actorOf(principal), async (write) => {
    const shipment = await findReadableShipment(write.tx, principal, shipmentNumber);
    const [row] = await write.tx
      .insert(trackingLinks)
      .values({ shipment_id: shipment.id, token_hash: tokenDigest(token), created_by: principal.email })
      .returning();
    if (!row) throw new Error('tracking link not saved');
    write.audit({
      action: 'create',
      entity: 'tracking_link',
      entityId: row.id,
      after: { shipment: shipment.shipment },
    });
    return { link: linkOf(row), token, path: trackingPath(token) };
  });
}

/** Withdraws a link of a shipment the principal sees (404 otherwise, as if it did not exist). */
export async function revokeTrackingLink(db: Database, principal: Principal, id: number) {
  assertShares(principal);
  await withWrite(db, actorOf(principal), async (write) => {
    const [link] = await write.tx
      .select({ row: trackingLinks, shipment: shipments.shipment })
      .from(trackingLinks)
      .innerJoin(shipments, eq(shipments.id, trackingLinks.shipment_id))
      .where(and(eq(trackingLinks.id, id), isNull(trackingLinks.revoked_at)))
      .for('update', { of: trackingLinks });
    if (!link) throw new AppError('not_found', LINK_NOT_FOUND);
    await findReadableShipment(write.tx, principal, link.shipment).catch(() => {
      throw new AppError('not_found', LINK_NOT_FOUND);
    });
    await write.tx.update(trackingLinks).set({ revoked_at: new Date() }).where(eq(trackingLinks.id, id));
    write.audit({ action: 'delete', entity: 'tracking_link', entityId: id, before: { shipment: link.shipment } });
  });
  return { message: 'Tracking link withdrawn.' };
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** What a link shows, counted against the asking address first (429 past the limit). */
export async function publicTracking(db: Queryable, token: string, ip: string): Promise<PublicTracking> {
  const limit = await consumeRateLimit(db, 'tracking', clientAddress(ip), TRACKING_LINK_RATE);
  if (!limit.allowed)
    throw new AppError('rate_limited', 'Too many requests: try again in a minute.', limit.retryAfter ?? 60);
  const [shipment] = await db
    .select({
      id: shipments.id,
      mode: shipments.mode,
      origin: shipments.origin,
      dest: shipments.dest,
      created_at: shipments.created_at,
      etd: shipments.etd,
      origin_etd: shipments.origin_etd,
      atd: shipments.atd,
      dest_eta: shipments.dest_eta,
      ata: shipments.ata,
      est_delivery: shipments.est_delivery,
      act_delivery: shipments.act_delivery,
    })
    .from(trackingLinks)
    .innerJoin(shipments, eq(shipments.id, trackingLinks.shipment_id))
    .where(and(eq(trackingLinks.token_hash, tokenDigest(token)), isNull(trackingLinks.revoked_at)));
  if (!shipment) throw new AppError('not_found', TRACKING_LINK_GONE);
  const events = await db
    .select({
      code: carrierEvents.code,
      classifier: carrierEvents.classifier,
      at: carrierEvents.event_at_text,
      location: carrierEvents.location,
      vessel: carrierEvents.vessel,
    })
    .from(carrierEvents)
    .where(eq(carrierEvents.shipment_id, shipment.id))
    .orderBy(desc(carrierEvents.event_at), desc(carrierEvents.id))
    .limit(TIMELINE_EVENTS);
  return {
    mode: shipment.mode,
    origin: shipment.origin,
    destination: shipment.dest,
    dates: {
      createdAt: iso(shipment.created_at),
      ETD: iso(shipment.etd),
      'Origin ETD': iso(shipment.origin_etd),
      ATD: iso(shipment.atd),
      'Dest. ETA': iso(shipment.dest_eta),
      ATA: iso(shipment.ata),
      'Est Delivery': iso(shipment.est_delivery),
      'Act Delivery': iso(shipment.act_delivery),
    },
    events: events.map((event) => ({
      title: carrierEventTitle(event.code, event.classifier),
      at: event.at,
      location: event.location,
      vessel: event.vessel,
      classifier: event.classifier,
    })),
  };
}
