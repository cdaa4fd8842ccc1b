import { z } from 'zod';
import { EVENT_RECORD_TYPES, eventKindsParameter, WEBHOOK_EVENT_KINDS } from './events.ts';

// Outbound webhooks: an Admin registers an HTTPS endpoint for event kinds; each delivery
// is a POST of one event, signed so the receiver can trust it and refuse a replay.

/** The header a delivery is signed in: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const SIGNATURE_HEADER = 'Quayside-Signature';

/**
 * How a hook's deliveries are signed, chosen when it is registered: Quayside's own header, or the
 * Standard Webhooks specification's (`webhook-id`, `webhook-timestamp`, `webhook-signature`), which
 * that project's libraries verify in many languages.
 */
export const WEBHOOK_SIGNINGS = ['quayside', 'standard'] as const;
export type WebhookSigning = (typeof WEBHOOK_SIGNINGS)[number];
export const WEBHOOK_SIGNING_LABELS: Record<WebhookSigning, string> = {
  quayside: 'Quayside-Signature',
  standard: 'Standard Webhooks',
};
/** Tries before a delivery is given up as failed; the waits double from one minute (about 4 hours in all). */
export const WEBHOOK_MAX_ATTEMPTS = 8;
export const WEBHOOK_FIRST_RETRY_SECONDS = 60;

export const WEBHOOK_URL_MESSAGE = 'The webhook URL must be an https:// address.';
/** Registration refuses a URL whose host is (or resolves to) a non-public address. */
export const WEBHOOK_ADDRESS_MESSAGE =
  'The webhook URL must not point at a loopback, private, link-local or reserved address; an Admin may allow a private network in the organisation settings.';
/** Failed tries in a row after which a receiver is paused until an Admin resumes it. */
export const WEBHOOK_PAUSE_AFTER_FAILURES = 10;

export const WebhookRequest = z
  .object({
    url: z
      .string()
      .trim()
      .max(2000, 'The webhook URL is too long.')
      .refine((text) => URL.canParse(text) && new URL(text).protocol === 'https:', WEBHOOK_URL_MESSAGE),
    events: eventKindsParameter,
    signing: z
      .enum(WEBHOOK_SIGNINGS, { error: `signing is ${WEBHOOK_SIGNINGS.join(' or ')}.` })
      .default('quayside')
      .describe(
        "'quayside': the Quayside-Signature header; 'standard': Standard Webhooks' webhook-id, webhook-timestamp and webhook-signature",
      ),
  })
  .strict();
export type WebhookRequest = z.infer<typeof WebhookRequest>;

const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
/** How a try ended: delivered (2xx), http (another status), or why no answer came. */
export const DELIVERY_OUTCOMES = [
  'delivered',
  'http',
  'timeout',
  'refused',
  'tls',
  'dns',
  'blocked',
  'unreachable',
] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];

export const WebhookDelivery = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  eventKind: z.enum(WEBHOOK_EVENT_KINDS),
  record: z.object({ type: z.enum(EVENT_RECORD_TYPES), reference: z.string() }).describe('What the event happened to'),
  shipment: z.string().nullable().describe('The shipment number; null for an event of a purchase order or booking'),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatus: z.number().int().nullable().describe("The receiver's last HTTP status"),
  lastOutcome: z.enum(DELIVERY_OUTCOMES).nullable().describe("The last try's outcome, classified"),
  lastError: z.string().nullable().describe("What went wrong on the last try, e.g. 'No answer within 10 s'"),
  lastTryAt: z.string().nullable(),
  nextTryAt: z.string().nullable().describe('When it is tried again (pending only)'),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const Webhook = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_KINDS)),
  signing: z.enum(WEBHOOK_SIGNINGS).describe('How its deliveries are signed'),
  createdAt: z.string(),
  consecutiveFailures: z.number().int().describe('Failed tries in a row'),
  backoffUntil: z.string().nullable().describe('After a failure, nothing is sent to it before this'),
  pausedAt: z.string().nullable().describe(`Paused after ${WEBHOOK_PAUSE_AFTER_FAILURES} failed tries in a row`),
  pausedReason: z.string().nullable(),
  deliveries: z.array(WebhookDelivery).describe('The latest 20, newest first'),
});
export type Webhook = z.infer<typeof Webhook>;
export const WebhooksResponse = z.object({ webhooks: z.array(Webhook) });
export type WebhooksResponse = z.infer<typeof WebhooksResponse>;

export const CreatedWebhook = z.object({
  webhook: Webhook,
  secret: z.string().describe('The signing secret: shown this once'),
});
export type CreatedWebhook = z.infer<typeof CreatedWebhook>;

export const WebhookIdQuery = z.object({
  id: z.coerce.number({ error: 'id must be a whole number.' }).int('id must be a whole number.').min(1),
});

export const WEBHOOKS_FORBIDDEN = 'Only an administrator can manage webhooks.';
