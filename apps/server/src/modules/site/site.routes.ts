import { SiteSettings } from '@quayside/domain/site';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isSetUpNeeded } from '../../auth/first-admin.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';

/** Public: the login and register screens show these before anyone is signed in. */
export function registerSiteRoutes(app: FastifyInstance, config: AppConfig, db: Database) {
  const settings = {
    orgName: config.orgName,
    supportEmail: config.supportEmail ?? null,
    supportUrl: config.supportUrl ?? null,
  };
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/site',
      { schema: { tags: ['site'], response: { 200: SiteSettings } } },
      async (): Promise<SiteSettings> => ({ ...settings, setupNeeded: await isSetUpNeeded(db) }),
    );
}
