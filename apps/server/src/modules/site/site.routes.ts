import { SiteSettings } from '@quayside/domain/site';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.ts';

/** Public: the login and register screens show these before anyone is signed in. */
export function registerSiteRoutes(app: FastifyInstance, config: AppConfig) {
  const settings: SiteSettings = {
    orgName: config.orgName,
    supportEmail: config.supportEmail ?? null,
    supportUrl: config.supportUrl ?? null,
  };
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/site', { schema: { tags: ['site'], response: { 200: SiteSettings } } }, async () => settings);
}
