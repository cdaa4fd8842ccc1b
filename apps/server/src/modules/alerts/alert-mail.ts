import type { AlertChannel } from '@quayside/domain/alerts';
import { EVENT_RECORD_LABELS, type RecordEvent, recordPath } from '@quayside/domain/events';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notifications, people } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { withWrite } from '../../write/with-write.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { principalOfPerson } from './alert-recipients.ts';
import { type EventRow, eventColumns, eventOf, eventsWithRecords, eventVisibleTo } from './events.ts';
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
 * news of a record they no longer see (a shipment went to another forwarder, or they to another
 * company) is never mailed, and moves to the app, where the bell shows it only if they see the
 * record again.
 */
export async function mailAlerts(db: Database, channel: Exclude<AlertChannel, 'app'>, settings: AlertMailSettings) {
  const waiting = await db
    .selectDistinct({ personId: notifications.person_id })
    .from(notifications)
    .where(and(eq(notifications.channel, channel), isNull(notifications.mailed_at)));
  let mailed = 0;
  for (const { personId } of waiting) {
    mailed += await withWrite(db, MAIL_ACTOR, async ({ tx }) => {
      const [person] = await tx.select().from(people).where(eq(people.id, personId));
      if (!person) return 0;
      const principal = principalOfPerson(person);
      const seen = principal ? sql`coalesce(${eventVisibleTo(principal)}, false)` : sql`false`;
      // The events' words come with the same read that locks and judges them.
      const waitingRows = await tx.execute<EventRow & { id: string | number; seen: boolean }>(sql`
        select n.id, ${seen} as seen, ${eventColumns}
        from notifications n join ${eventsWithRecords} on e.id = n.event_id
        where n.person_id = ${personId} and n.channel = ${channel} and n.mailed_at is null
        order by n.id
        limit ${EVENTS_PER_MAIL}
        for update of n skip locked`);
      const pending = waitingRows.rows.filter((row) => row.seen);
      const unseen = waitingRows.rows.filter((row) => !row.seen).map((row) => Number(row.id));
      if (unseen.length > 0)
        await tx.update(notifications).set({ channel: 'app' }).where(inArray(notifications.id, unseen));
      if (pending.length === 0) return 0;
      const events = pending.map(eventOf).sort((a, b) => a.id - b.id);
      await settings.mailer.send(alertMail(person.email, channel, events, settings, personId));
      await tx
        .update(notifications)
        .set({ mailed_at: new Date() })
        .where(
          inArray(
            notifications.id,
            pending.map((row) => Number(row.id)),
          ),
        );
      return 1;
    });
  }
  return { mailed };
}

/** The e-mail: each record's events with a link straight to it, and how to stop them. */
export function alertMail(
  to: string,
  channel: Exclude<AlertChannel, 'app'>,
  events: readonly RecordEvent[],
  { publicUrl, secret }: AlertMailSettings,
  personId: number,
) {
  const byRecord = new Map<string, RecordEvent[]>();
  for (const event of events) {
    const key = `${event.record.type}:${event.record.reference}`;
    byRecord.set(key, [...(byRecord.get(key) ?? []), event]);
  }
  const onlyShipments = events.every((event) => event.record.type === 'shipment');
  const records = (n: number) =>
    onlyShipments ? `${n} ${n === 1 ? 'shipment' : 'shipments'}` : `${n} ${n === 1 ? 'record' : 'records'}`;
  const first = events[0];
  const subject =
    channel === 'digest'
      ? `Quayside daily digest: ${events.length} ${events.length === 1 ? 'update' : 'updates'} on ${records(byRecord.size)}`
      : events.length === 1 && first
        ? `Quayside: ${first.text} (${first.record.reference})`
        : `Quayside: ${events.length} updates on your ${onlyShipments ? 'shipments' : 'records'}`;
  const unsubscribe = `${publicUrl}/unsubscribe?token=${unsubscribeToken(secret, personId)}`;
  const sections = [...byRecord.values()].map((ofRecord) => {
    const { record } = ofRecord[0] as RecordEvent;
    return [
      `${EVENT_RECORD_LABELS[record.type]} ${record.reference}`,
      ...ofRecord.map((event) => `  - ${event.text}`),
      `  Open it: ${publicUrl}${recordPath(record)}`,
    ].join('\n');
  });
  const text = [
    channel === 'digest'
      ? onlyShipments
        ? 'What happened to the shipments you follow since the last digest:'
        : 'What happened since the last digest:'
      : onlyShipments
        ? 'News of a shipment you follow:'
        : 'News for you:',
    '',
    sections.join('\n\n'),
    '',
    '--',
    `You get this because you follow shipments or filters in Quayside, or take part in its orders and conversations. Choose how you are told: ${publicUrl}/alerts`,
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
