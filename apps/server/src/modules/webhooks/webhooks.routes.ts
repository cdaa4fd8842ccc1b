import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { serve } from '../../lib/serve.ts';
import { createWebhook, deleteWebhook, listWebhooks, resumeWebhook } from './webhooks.service.ts';

/** An Admin's outbound webhooks and their delivery log. */
export function registerWebhookRoutes(app: FastifyInstance, db: Database) {
  serve(app, 'listWebhooks', async (request) => ({ webhooks: await listWebhooks(db, request.principal) }));
  serve(app, 'createWebhook', (request) => createWebhook(db, request.principal, request.body));
  serve(app, 'deleteWebhook', async (request) => {
    await deleteWebhook(db, request.principal, request.query.id);
    return { message: 'Webhook removed.' };
  });
  serve(app, 'resumeWebhook', async (request) => {
    await resumeWebhook(db, request.principal, request.query.id);
    return { message: 'Webhook resumed.' };
  });
}
