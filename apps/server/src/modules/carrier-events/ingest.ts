import {
  appliedLabel,
  CARRIER_BATCH_TOO_LARGE,
  type CarrierEventsReceipt,
  carrierEventSource,
  MAX_EVENTS_PER_NOTIFICATION,
} from '@quayside/domain/carrier-events';
import type { DateField } from '@quayside/domain/date-history';
import { sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { withWrite } from '../../write/with-write.ts';
import { applyEvent } from './apply-event.ts';
import { dcsaProblem } from './dcsa-schema.ts';
import { matchShipments } from './match.ts';
import { type ReadEvent, readEvent } from './read-event.ts';

/** Who sent the events: an integration an Admin created, or the visibility provider Quayside pulls from. */
export type Sender = { name: string; integrationId: number | null; forwarderName: string | null };

/** An actual event this far ahead of now is a sender's mistake, not news. */
const FUTURE_SLACK_MS = 24 * 60 * 60 * 1000;
/** The problems a refused notification names. */
const PROBLEMS_NAMED = 5;

type Result = CarrierEventsReceipt['results'][number];

/** Why the event cannot be taken, beyond the schema: Quayside's own conditions; null when none. */
function ownProblem(body: Record<string, unknown>): string | null {
  if (typeof body.eventID !== 'string' || body.eventID === '') {
    return 'eventID is required: Quayside receives each event once by it';
  }
  const at = Date.parse(String(body.eventDateTime));
  if (body.eventClassifierCode === 'ACT' && at > Date.now() + FUTURE_SLACK_MS) {
    return 'eventDateTime of an actual (ACT) event must not be in the future';
  }
  if (Date.parse(String(body.eventCreatedDateTime)) > Date.now() + FUTURE_SLACK_MS) {
    return 'eventCreatedDateTime must not be in the future';
  }
  return null;
}

/**
 * Checks a whole notification before any of it is kept: one invalid event refuses all (400, each
 * named by its place and eventID), so a sender that fixes and resends it loses nothing and doubles
 * nothing.
 */
export function checkNotification(bodies: readonly unknown[]): ReadEvent[] {
  if (bodies.length > MAX_EVENTS_PER_NOTIFICATION) throw new AppError('too_large', CARRIER_BATCH_TOO_LARGE);
  if (bodies.length === 0) throw new AppError('invalid', 'The notification carries no events.');
  const problems: string[] = [];
  bodies.forEach((body, index) => {
    const problem = dcsaProblem(body) ?? ownProblem(body as Record<string, unknown>);
    if (problem === null) return;
    const id = (body as { eventID?: unknown } | null)?.eventID;
    problems.push(`event ${index + 1}${typeof id === 'string' && id ? ` (${id.slice(0, 64)})` : ''}: ${problem}`);
  });
  if (problems.length > 0) {
    const more = problems.length > PROBLEMS_NAMED ? ` (and ${problems.length - PROBLEMS_NAMED} more)` : '';
    throw new AppError(
      'invalid',
      `Not a valid DCSA Track & Trace 2.2 notification: ${problems.slice(0, PROBLEMS_NAMED).join('; ')}${more}.`,
    );
  }
  return bodies.map(readEvent);
}

/**
 * Keeps, matches and applies a notification's events in one transaction through the write door:
 * all or nothing. An eventID the sender sent before (or twice in this notification) is answered
 * as a duplicate and changes nothing.
 */
export function ingestCarrierEvents(
  db: Database,
  sender: Sender,
  bodies: readonly unknown[],
): Promise<CarrierEventsReceipt> {
  return ingestCheckedEvents(db, sender, checkNotification(bodies));
}

/** The same, for events `checkNotification` has passed already (the provider's pull checks each alone). */
export async function ingestCheckedEvents(
  db: Database,
  sender: Sender,
  events: readonly ReadEvent[],
): Promise<CarrierEventsReceipt> {
  const actor = { personId: null, email: null, source: carrierEventSource(sender.name) };
  const results = await withWrite(db, actor, async (write) => {
    // The matching statement's guessed cost (thousands of rows per identifier) would have PostgreSQL
    // compile it, a quarter of a second, for what the indexes answer in a millisecond.
    await write.tx.execute(sql`set local jit = off`);
    const firstOfId = new Map<string, number>();
    events.forEach((event, index) => {
      if (!firstOfId.has(event.eventId)) firstOfId.set(event.eventId, index);
    });
    const fresh = events.filter((event, index) => firstOfId.get(event.eventId) === index);
    const stored = await storeNew(write.tx, sender, fresh);
    const storedEvents = fresh.filter((event) => stored.has(event.eventId));
    const matches = await matchShipments(write.tx, storedEvents, sender.forwarderName);
    const outcomes = new Map<string, Result>();
    for (const [index, event] of storedEvents.entries()) {
      const rowId = stored.get(event.eventId) as number;
      const shipments = matches[index] ?? [];
      const [only] = shipments;
      if (shipments.length === 1 && only) {
        const applied = await applyEvent(write, { ...event, rowId }, only);
        outcomes.set(event.eventId, {
          eventID: event.eventId,
          outcome: applied.outcome,
          shipment: only.shipment,
          applied: applied.field ? appliedLabel(applied.field as DateField) : null,
          reason: applied.reason,
        });
      } else {
        outcomes.set(
          event.eventId,
          await holdForReview(
            write.tx,
            rowId,
            event,
            shipments.map((s) => s.shipment),
            sender,
          ),
        );
      }
      write.audit({
        action: 'create',
        entity: 'carrier_event',
        entityId: event.eventId,
        after: { sender: sender.name, ...outcomes.get(event.eventId) },
      });
    }
    return events.map(
      (event, index): Result =>
        (firstOfId.get(event.eventId) === index ? outcomes.get(event.eventId) : undefined) ?? {
          eventID: event.eventId,
          outcome: 'duplicate',
          shipment: null,
          applied: null,
          reason: 'Received before: not applied again.',
        },
    );
  });
  return { received: events.length, results };
}

/** Inserts the events not received before from this sender; answers each new one's row id by its eventID. */
async function storeNew(tx: Queryable, sender: Sender, events: readonly ReadEvent[]): Promise<Map<string, number>> {
  if (events.length === 0) return new Map();
  const rows = JSON.stringify(
    events.map((event) => ({
      event_id: event.eventId,
      event_type: event.eventType,
      code: event.code,
      classifier: event.classifier,
      event_at: event.at.toISOString(),
      event_at_text: event.atText,
      event_created_at: event.createdAt.toISOString(),
      location: event.location,
      vessel: event.vessel,
      equipment: event.equipment,
      containers: event.containers,
      documents: event.documents,
      bookings: event.bookings,
      body: event.body,
    })),
  );
  const inserted = await tx.execute<{ id: string; event_id: string }>(sql`
    insert into carrier_events (integration_id, sender, event_id, event_type, code, classifier, event_at,
      event_at_text, event_created_at, location, vessel, equipment, containers, documents, bookings, body, outcome)
    select ${sender.integrationId}::bigint, ${sender.name}, r.event_id, r.event_type, r.code, r.classifier, r.event_at,
      r.event_at_text, r.event_created_at, r.location, r.vessel, r.equipment, r.containers, r.documents, r.bookings,
      r.body, 'recorded'
    from jsonb_to_recordset(${rows}::jsonb) as r(event_id text, event_type text, code text, classifier text,
      event_at timestamptz, event_at_text text, event_created_at timestamptz, location text, vessel text,
      equipment text, containers jsonb, documents jsonb, bookings jsonb, body jsonb)
    on conflict (sender, event_id) do nothing
    returning id, event_id`);
  return new Map(inserted.rows.map((row) => [row.event_id, Number(row.id)]));
}

/** An event that matched no shipment, or several: it waits for an Admin, saying why. */
async function holdForReview(
  tx: Queryable,
  rowId: number,
  event: ReadEvent,
  candidates: string[],
  sender: Sender,
): Promise<Result> {
  const outcome = candidates.length === 0 ? 'unmatched' : 'ambiguous';
  const named = [...event.containers, ...event.documents, ...event.bookings];
  const whose = sender.forwarderName === null ? 'No shipment' : `No shipment of ${sender.forwarderName}`;
  const reason =
    outcome === 'ambiguous'
      ? `It matches ${candidates.length} shipments: ${candidates.slice(0, 10).join(', ')}.`
      : named.length === 0
        ? 'It names no container, transport document or booking reference.'
        : `${whose} has ${named.slice(0, 5).join(', ')} as a container, Master, House or booking reference.`;
  await tx.execute(sql`
    update carrier_events set outcome = ${outcome}, reason = ${reason}, candidates = ${JSON.stringify(candidates)}::jsonb
    where id = ${rowId}`);
  return { eventID: event.eventId, outcome, shipment: null, applied: null, reason };
}
