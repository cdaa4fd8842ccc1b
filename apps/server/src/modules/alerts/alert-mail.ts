import type { AlertChannel } from '@quayside/domain/alerts';
import type { ShipmentEvent } from '@quayside/domain/events';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notifications, people } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { withWrite } from '../../write/with-write.ts';
import type { AuditActor } from '../audit/audit.service.ts';
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
 * send the same notification.
 */
export async function mailAlerts(db: Database, channel: Exclude<AlertChannel, 'app'>, settings: AlertMailSettings) {
  const waiting = await db
    .selectDistinct({ personId: notifications.person_id })
    .from(notifications)
    .where(and(eq(notifications.channel, channel), isNull(notifications.mailed_at)));
  let mailed = 0;
  for (const { personId } of waiting) {
    mailed += await withWrite(db, MAIL_ACTOR, async ({ tx }) => {
      const pending = await tx
        .select({ id: notifications.id, eventId: notifications.event_id })
        .from(notifications)
        .where(
          and(
            eq(notifications.person_id, personId),
            eq(notifications.channel, channel),
            isNull(notifications.mailed_at),
          ),
        )
        .orderBy(asc(notifications.id))
        .limit(EVENTS_PER_MAIL)
        .for('update', { skipLocked: true });
      const [person] = await tx.select().from(people).where(eq(people.id, personId));
      if (pending.length === 0 || !person) return 0;
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
