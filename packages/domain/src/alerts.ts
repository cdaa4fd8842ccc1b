import { z } from 'zod';
import {
  CONVERSATION_EVENT_KINDS,
  EVENT_KINDS,
  type EventKind,
  ORDER_EVENT_KINDS,
  RecordEvent,
  SHIPMENT_EVENT_KINDS,
  type ShipmentEventKind,
} from './events.ts';
import { plainText } from './fields.ts';
import { LineItemQuery } from './line-item-query.ts';
import { SHIPMENT_NUMBER_MAX } from './shipments.ts';

// Alerts: a person follows shipments and saved filters, and hears of their events, and of the
// orders, bookings and messages that wait on them, by e-mail at once, in a daily digest, or only in
// the app's bell.

export const ALERT_CHANNELS = ['email', 'digest', 'app'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];
export const ALERT_CHANNEL_LABELS: Record<AlertChannel, string> = {
  email: 'E-mail at once',
  digest: 'Daily digest',
  app: 'In the app only',
};
/** Until a person chooses: at most one e-mail a day. */
export const DEFAULT_ALERT_CHANNEL: AlertChannel = 'digest';

const channel = z.enum(ALERT_CHANNELS, { error: `A channel is ${ALERT_CHANNELS.join(', ')}.` });
// The order and conversation kinds came later: a client that names only a shipment's keeps the rest as they were.
const laterKinds = [...ORDER_EVENT_KINDS, ...CONVERSATION_EVENT_KINDS] as const;
export const AlertPreferencesRequest = z.object({
  preferences: z.object({
    ...(Object.fromEntries(SHIPMENT_EVENT_KINDS.map((kind) => [kind, channel])) as Record<
      ShipmentEventKind,
      typeof channel
    >),
    ...(Object.fromEntries(laterKinds.map((kind) => [kind, channel.optional()])) as Record<
      (typeof laterKinds)[number],
      z.ZodOptional<typeof channel>
    >),
  }),
});
export type AlertPreferencesRequest = z.infer<typeof AlertPreferencesRequest>;
/** How the person hears of every event kind. */
export const AlertPreferences = z.object({
  preferences: z.object(
    Object.fromEntries(EVENT_KINDS.map((kind) => [kind, channel])) as Record<EventKind, typeof channel>,
  ),
});
export type AlertPreferences = z.infer<typeof AlertPreferences>;

/** A saved filter: the dashboard's query in its wire form (the URL's q, filters, logic, report, exception, missingDocument). */
export const FollowedQuery = LineItemQuery.pick({
  q: true,
  filters: true,
  logic: true,
  report: true,
  exception: true,
  missingDocument: true,
});

export const MAX_FOLLOW_NAME = 100;

const isEventKind = (kind: string): kind is ShipmentEventKind =>
  (SHIPMENT_EVENT_KINDS as readonly string[]).includes(kind);
const isChannel = (channel: string): channel is AlertChannel => (ALERT_CHANNELS as readonly string[]).includes(channel);

// Refinements rather than enums, so a follow's bad events or channel is named in the answer (a
// union says only 'Invalid input' when each of its shapes fails outright).
/** Which events a follow tells of: each event kind once; all of them when absent. */
export const FollowEvents = z
  .array(z.string({ error: `Event kinds are ${SHIPMENT_EVENT_KINDS.join(', ')}.` }), {
    error: `events is a list of event kinds: ${SHIPMENT_EVENT_KINDS.join(', ')}.`,
  })
  .min(1, 'Choose at least one event to hear of.')
  .refine((kinds) => kinds.every(isEventKind), `Event kinds are ${SHIPMENT_EVENT_KINDS.join(', ')}.`)
  .refine((kinds) => new Set(kinds).size === kinds.length, 'Name each event kind once.')
  .transform((kinds) => kinds.filter(isEventKind))
  .describe('The event kinds this follow tells of; every kind when absent');

/** How a follow tells; null: as the person's preference for each kind (the Alerts page) says. */
export const FollowChannel = z
  .string({ error: `channel is ${ALERT_CHANNELS.join(', ')}, or null for your usual setting.` })
  .refine(isChannel, `channel is ${ALERT_CHANNELS.join(', ')}, or null for your usual setting.`)
  .transform((channel) => channel as AlertChannel)
  .nullable()
  .describe("'email' at once, 'digest' daily, 'app' in the bell only; null: as your preference for each kind says");

const followHow = { events: FollowEvents.optional(), channel: FollowChannel.optional() };

export const FollowRequest = z.union([
  z
    .object({
      shipment: plainText(SHIPMENT_NUMBER_MAX).refine((text) => text !== '', 'Name the shipment to follow.'),
      ...followHow,
    })
    .strict(),
  z
    .object({
      name: plainText(MAX_FOLLOW_NAME).refine((text) => text !== '', 'Name the filter.'),
      query: z
        .object({
          q: z.string().optional(),
          filters: z.string().optional(),
          logic: z.string().optional(),
          report: z.string().optional(),
          exception: z.string().optional(),
          missingDocument: z.string().optional(),
        })
        .strict()
        .superRefine((wire, context) => {
          // The same rules as the dashboard's own query string.
          const parsed = FollowedQuery.safeParse(wire);
          for (const issue of parsed.error?.issues ?? [])
            context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
        }),
      ...followHow,
    })
    .strict(),
]);
export type FollowRequest = z.infer<typeof FollowRequest>;

export const Follow = z.object({
  id: z.number().int(),
  shipment: z.string().nullable().describe('The shipment followed, or null for a saved filter'),
  name: z.string().nullable(),
  query: z.record(z.string(), z.string()).nullable().describe("A saved filter's query, as the dashboard's URL has it"),
  events: z.array(z.enum(SHIPMENT_EVENT_KINDS)).describe('The event kinds this follow tells of'),
  channel: z.enum(ALERT_CHANNELS).nullable().describe('How it tells; null: as your preference for each kind says'),
  createdAt: z.string(),
});
export type Follow = z.infer<typeof Follow>;
export const FollowsResponse = z.object({ follows: z.array(Follow) });
export type FollowsResponse = z.infer<typeof FollowsResponse>;

/** Refuses one follow too many (the Admin's limit, per person); says how to get on. */
export const followLimitReached = (limit: number) =>
  `You follow ${limit.toLocaleString('en-US')} shipments and filters, the most allowed. Stop following some, or ask an administrator to raise the limit.`;

export const FollowIdQuery = z.object({
  id: z.coerce.number({ error: 'id must be a whole number.' }).int('id must be a whole number.').min(1),
});

export const Notification = z.object({
  id: z.number().int(),
  event: RecordEvent,
  read: z.boolean(),
});
export type Notification = z.infer<typeof Notification>;
export const NotificationsResponse = z.object({
  notifications: z.array(Notification).describe('The newest 50, newest first'),
  unread: z.number().int(),
});
export type NotificationsResponse = z.infer<typeof NotificationsResponse>;

export const MarkReadRequest = z
  .object({ ids: z.array(z.number().int()).max(500).optional().describe('Which; all of them when absent') })
  .strict();

export const UnsubscribeRequest = z.object({ token: z.string().min(1).max(500) });
export const UNSUBSCRIBED =
  'You will no longer get alert e-mails from Quayside. Your alerts still appear under the bell when you sign in.';
