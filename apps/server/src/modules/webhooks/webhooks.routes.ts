import { CreatedWebhook, WebhookIdQuery, WebhookRequest, WebhooksResponse } from '@quayside/domain/webhooks';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { createWebhook, deleteWebhook, listWebhooks, resumeWebhook } from './webhooks.service.ts';

/** An Admin's outbound webhooks and their delivery log. */
export function registerWebhookRoutes(app: FastifyInstance, db: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['webhooks'];

  api.get(
    '/api/Webhooks',
    {
      schema: {
        tags,
        description: 'Every webhook, with its latest deliveries: status, tries, last answer, next try (Admin).',
        response: { 200: WebhooksResponse },
      },
    },
    async (request) => ({ webhooks: await listWebhooks(db, request.principal) }),
  );
  api.post(
    '/api/Webhooks',
    {
      schema: {
        tags,
        description:
          'Register an https:// endpoint for event kinds (Admin). Each event is POSTed as JSON, signed in the ' +
          'Quayside-Signature header: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the secret>. ' +
          'Refuse a t more than 300 s old. The secret is answered this once. Delivery is at least once: ' +
          'deduplicate by the Quayside-Delivery header. A loopback, private, link-local or reserved address ' +
          'is refused (400) unless the organisation settings allow it.',
        body: WebhookRequest,
        response: { 200: CreatedWebhook },
      },
    },
    async (request) => createWebhook(db, request.principal, request.body),
  );
  api.post(
    '/api/Webhooks/delete',
    {
      schema: {
        tags,
        description: 'Remove a webhook and its delivery log (Admin).',
        querystring: WebhookIdQuery,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await deleteWebhook(db, request.principal, request.query.id);
      return { message: 'Webhook removed.' };
    },
  );
  api.post(
    '/api/Webhooks/resume',
    {
      schema: {
        tags,
        description: 'Resume a webhook paused after repeated failures: its waiting deliveries go out again (Admin).',
        querystring: WebhookIdQuery,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await resumeWebhook(db, request.principal, request.query.id);
      return { message: 'Webhook resumed.' };
    },
  );
}
