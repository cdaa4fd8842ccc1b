import {
  CARRIER_EVENT_NOT_IN_REVIEW,
  type CarrierEventReviewItem,
  type CarrierEventsResponse,
  carrierEventSource,
  carrierEventTitle,
  type DcsaEventType,
  TIMELINE_EVENTS,
} from '@quayside/domain/carrier-events';
import { DATE_FIELD_LABELS, type DateField } from '@quayside/domain/date-history';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { carrierEvents } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { withWrite } from '../../write/with-write.ts';
import { actorOf } from '../audit/audit.service.ts';
import { findReadableShipment } from '../shipments/shipment-access.ts';
import { applyEvent } from './apply-event.ts';
import { assertManagesCarrierEvents } from './integrations.service.ts';

// What became of the events: a shipment's timeline, and the Admin's review of those that matched
// no shipment or several.

const REVIEW_SHOWN = 200;
const WAITING = ['unmatched', 'ambiguous'] as const;

type EventRow = typeof carrierEvents.$inferSelect;

/** A shipment's carrier events, newest first (404 when the shipment is not the principal's to see). */
export async function shipmentCarrierEvents(
  db: Queryable,
  principal: Principal,
  shipmentNumber: string,
): Promise<CarrierEventsResponse> {
  const shipment = await findReadableShipment(db, principal, shipmentNumber);
  const rows = await db
    .select()
    .from(carrierEvents)
    .where(eq(carrierEvents.shipment_id, shipment.id))
    .orderBy(desc(carrierEvents.event_at), desc(carrierEvents.id))
    .limit(TIMELINE_EVENTS);
  return {
    events: rows.map((row) => ({
      id: row.id,
      eventID: row.event_id,
      eventType: row.event_type as DcsaEventType,
      code: row.code,
      classifier: row.classifier,
      title: carrierEventTitle(row.code, row.classifier),
      at: row.event_at_text,
      location: row.location,
      vessel: row.vessel,
      equipment: row.equipment,
      sender: row.sender,
      receivedAt: row.received_at.toISOString(),
      outcome: row.outcome as CarrierEventsResponse['events'][number]['outcome'],
      applied: row.applied_field ? DATE_FIELD_LABELS[row.applied_field as DateField] : null,
    })),
  };
}

const reviewItemOf = (row: EventRow): CarrierEventReviewItem => ({
  id: row.id,
  eventID: row.event_id,
  title: carrierEventTitle(row.code, row.classifier),
  at: row.event_at_text,
  location: row.location,
  sender: row.sender,
  receivedAt: row.received_at.toISOString(),
  outcome: row.outcome as CarrierEventReviewItem['outcome'],
  reason: row.reason ?? '',
  containers: row.containers,
  documents: row.documents,
  bookings: row.bookings,
  candidates: row.candidates,
});

/** Events waiting for an Admin, oldest first. */
export async function listReview(db: Queryable, principal: Principal) {
  assertManagesCarrierEvents(principal);
  const waiting = inArray(carrierEvents.outcome, [...WAITING]);
  const rows = await db.select().from(carrierEvents).where(waiting).orderBy(asc(carrierEvents.id)).limit(REVIEW_SHOWN);
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(carrierEvents).where(waiting);
  return { items: rows.map(reviewItemOf), total: count?.total ?? 0 };
}

/** The waiting event, locked for the decision (404 when absent, 409 when already decided). */
async function waitingEvent(tx: Queryable, id: number): Promise<EventRow> {
  const [row] = await tx.select().from(carrierEvents).where(eq(carrierEvents.id, id)).for('update');
  if (!row) throw new AppError('not_found', 'Carrier event not found');
  if (!(WAITING as readonly string[]).includes(row.outcome))
    throw new AppError('conflict', CARRIER_EVENT_NOT_IN_REVIEW);
  return row;
}

/**
 * Applies a waiting event to the shipment an Admin chose, as if it had matched: the date it sets
 * is recorded as the sender's, the choice as the Admin's (the audit log).
 */
export async function attachEvent(db: Database, principal: Principal, id: number, shipmentNumber: string) {
  assertManagesCarrierEvents(principal);
  return withWrite(db, actorOf(principal), async (write) => {
    const row = await waitingEvent(write.tx, id);
    const shipment = await findReadableShipment(write.tx, principal, shipmentNumber);
    await write.changeSource(carrierEventSource(row.sender));
    const applied = await applyEvent(
      write,
      {
        rowId: row.id,
        eventType: row.event_type as DcsaEventType,
        code: row.code,
        classifier: row.classifier,
        location: row.location,
        atText: row.event_at_text,
        createdAt: row.event_created_at,
      },
      shipment,
    );
    await write.tx
      .update(carrierEvents)
      .set({ resolved_by: principal.email, resolved_at: new Date() })
      .where(eq(carrierEvents.id, id));
    write.audit({
      action: 'update',
      entity: 'carrier_event',
      entityId: row.event_id,
      before: { outcome: row.outcome },
      after: { outcome: applied.outcome, shipment: shipment.shipment, applied: applied.field },
    });
    const what = applied.field ? `; it set ${DATE_FIELD_LABELS[applied.field]}` : '';
    return { message: `Event attached to ${shipment.shipment}${what}.` };
  });
}

export async function dismissEvent(db: Database, principal: Principal, id: number) {
  assertManagesCarrierEvents(principal);
  return withWrite(db, actorOf(principal), async (write) => {
    const row = await waitingEvent(write.tx, id);
    await write.tx
      .update(carrierEvents)
      .set({ outcome: 'dismissed', resolved_by: principal.email, resolved_at: new Date() })
      .where(eq(carrierEvents.id, id));
    write.audit({
      action: 'update',
      entity: 'carrier_event',
      entityId: row.event_id,
      before: { outcome: row.outcome },
      after: { outcome: 'dismissed' },
    });
    return { message: 'Event dismissed.' };
  });
}
