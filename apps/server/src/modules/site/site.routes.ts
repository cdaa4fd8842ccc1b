import type { FastifyInstance } from 'fastify';
import { isSetUpNeeded } from '../../auth/first-admin.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { serve } from '../../lib/serve.ts';

/** Public: the login and register screens show these before anyone is signed in. */
export function registerSiteRoutes(app: FastifyInstance, config: AppConfig, db: Database) {
  const settings = {
    orgName: config.orgName,
    supportEmail: config.supportEmail ?? null,
    supportUrl: config.supportUrl ?? null,
  };
  serve(app, 'getSite', async () => ({ ...settings, setupNeeded: await isSetUpNeeded(db) }));
}
