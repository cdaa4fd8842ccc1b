import type { AlertChannel } from '@quayside/domain/alerts';
import type { ShipmentEvent } from '@quayside/domain/events';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { seesShipment } from '../../auth/visibility.ts';
import type { Database } from '../../db/client.ts';
import { notifications, people, shipmentEvents, shipments } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { withWrite } from '../../write/with-write.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { principalOfPerson } from './alert-recipients.ts';
import { eventsById } from './shipment-events.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

const MAIL_ACTOR: AuditActor = { personId: null, email: null, source: 'system' };
/** The most events one e-mail lists; more wait for the next one. */
const EVENTS_PER_MAIL = 200;

export type AlertMailSettings = { mailer: Mailer; publicUrl: string; secret: string };

/**
 * Sends each person one e-mail of their notifications on `channel` not yet mailed: 'email' (the
 * minute's job: at once) or 'digest' (the daily job). Each person's are locked, sent and marked
 * in their own transaction: a failure leaves only theirs for the next run, and two servers never
 * send the same notification. What the person sees is judged at sending, as the bell judges it:
 * news of a shipment they no longer see (it went to another forwarder, or they to another
 * company) is never mailed, and moves to the app, where the bell shows it only if they see the
 * shipment again.
 */
export async function mailAlerts(db: Database, channel: Exclude<AlertChannel, 'app'>, settings: AlertMailSettings) {
  const waiting = await db
    .selectDistinct({ personId: notifications.person_id })
    .from(notifications)
    .where(and(eq(notifications.channel, channel), isNull(notifications.mailed_at)));
  let mailed = 0;
  for (const { personId } of waiting) {
    mailed += await withWrite(db, MAIL_ACTOR, async ({ tx }) => {
      const waitingRows = await tx
        .select({
          id: notifications.id,
          eventId: notifications.event_id,
          forwarder_name: shipments.forwarder_name,
        })
        .from(notifications)
        .innerJoin(shipmentEvents, eq(shipmentEvents.id, notifications.event_id))
        .innerJoin(shipments, eq(shipments.id, shipmentEvents.shipment_id))
        .where(
          and(
            eq(notifications.person_id, personId),
            eq(notifications.channel, channel),
            isNull(notifications.mailed_at),
          ),
        )
        .orderBy(asc(notifications.id))
        .limit(EVENTS_PER_MAIL)
        .for('update', { of: notifications, skipLocked: true });
      const [person] = await tx.select().from(people).where(eq(people.id, personId));
      if (waitingRows.length === 0 || !person) return 0;
      const principal = principalOfPerson(person);
      const pending = waitingRows.filter((row) => principal !== null && seesShipment(principal, row));
      const unseen = waitingRows.filter((row) => !pending.includes(row)).map((row) => row.id);
      if (unseen.length > 0)
        await tx.update(notifications).set({ channel: 'app' }).where(inArray(notifications.id, unseen));
      if (pending.length === 0) return 0;
      const events = await eventsById(
        tx,
        pending.map((row) => row.eventId),
      );
      await settings.mailer.send(alertMail(person.email, channel, events, settings, personId));
      await tx
        .update(notifications)
        .set({ mailed_at: new Date() })
        .where(
          inArray(
            notifications.id,
            pending.map((row) => row.id),
          ),
        );
      return 1;
    });
  }
  return { mailed };
}

/** The e-mail: each shipment's events with a link straight to it, and how to stop them. */
export function alertMail(
  to: string,
  channel: Exclude<AlertChannel, 'app'>,
  events: readonly ShipmentEvent[],
  { publicUrl, secret }: AlertMailSettings,
  personId: number,
) {
  const byShipment = new Map<string, ShipmentEvent[]>();
  for (const event of events) byShipment.set(event.shipment, [...(byShipment.get(event.shipment) ?? []), event]);
  const first = events[0];
  const subject =
    channel === 'digest'
      ? `Quayside daily digest: ${events.length} ${events.length === 1 ? 'update' : 'updates'} on ${byShipment.size} ${byShipment.size === 1 ? 'shipment' : 'shipments'}`
      : events.length === 1 && first
        ? `Quayside: ${first.text} (${first.shipment})`
        : `Quayside: ${events.length} updates on your shipments`;
  const unsubscribe = `${publicUrl}/unsubscribe?token=${unsubscribeToken(secret, personId)}`;
  const sections = [...byShipment].map(([shipment, ofShipment]) =>
    [
      `Shipment ${shipment}`,
      ...ofShipment.map((event) => `  - ${event.text}`),
      `  Open it: ${publicUrl}/shipment-details/${encodeURIComponent(shipment)}`,
    ].join('\n'),
  );
  const text = [
    channel === 'digest'
      ? 'What happened to the shipments you follow since the last digest:'
      : 'News of a shipment you follow:',
    '',
    sections.join('\n\n'),
    '',
    '--',
    `You get this because you follow shipments or filters in Quayside. Choose how you are told: ${publicUrl}/alerts`,
    `Stop alert e-mails: ${unsubscribe}`,
  ].join('\n');
  return {
    to,
    subject,
    text,
    // RFC 8058: a mail client's own unsubscribe button posts to the link.
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
