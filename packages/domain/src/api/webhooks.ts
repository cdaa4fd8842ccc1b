import type { Call } from '../call.ts';
import { MessageResponse } from '../line-items.ts';
import { CreatedWebhook, WebhookIdQuery, WebhookRequest, WebhooksResponse } from '../webhooks.ts';

const tag = 'webhooks';

/** An Admin's outbound webhooks and their delivery log. */
export const WEBHOOK_CALLS = {
  listWebhooks: {
    method: 'GET',
    path: '/api/Webhooks',
    tag,
    who: 'Admin',
    summary: 'Webhooks and their delivery log (Admin)',
    description: 'Every webhook, with its latest deliveries: status, tries, last answer, next try (Admin).',
    response: WebhooksResponse,
  },
  createWebhook: {
    method: 'POST',
    path: '/api/Webhooks',
    tag,
    who: 'Admin',
    summary: 'Register a webhook (Admin)',
    description:
      'Register an https:// endpoint for event kinds (Admin). Each event is POSTed as JSON, signed in the ' +
      'Quayside-Signature header: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the secret>. ' +
      'Refuse a t more than 300 s old. With signing: standard, the Standard Webhooks headers instead ' +
      '(webhook-id, webhook-timestamp, webhook-signature), which its libraries verify. The secret is answered ' +
      'this once. Delivery is at least once: deduplicate by the Quayside-Delivery header (or webhook-id). A loopback, private, link-local or reserved address ' +
      'is refused (400) unless the organisation settings allow it.',
    body: WebhookRequest,
    response: CreatedWebhook,
  },
  deleteWebhook: {
    method: 'POST',
    path: '/api/Webhooks/delete',
    tag,
    who: 'Admin',
    summary: 'Remove a webhook (Admin)',
    description: 'Remove a webhook and its delivery log (Admin).',
    query: WebhookIdQuery,
    response: MessageResponse,
    errors: [404],
  },
  resumeWebhook: {
    method: 'POST',
    path: '/api/Webhooks/resume',
    tag,
    who: 'Admin',
    summary: 'Resume a webhook paused after repeated failures (Admin)',
    description: 'Resume a webhook paused after repeated failures: its waiting deliveries go out again (Admin).',
    query: WebhookIdQuery,
    response: MessageResponse,
    errors: [404],
  },
} as const satisfies Record<string, Call>;
