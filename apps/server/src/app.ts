import zlib from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createAuthFromConfig } from './auth/auth.ts';
import { registerAuthRoutes } from './auth/auth-routes.ts';
import { createAuthenticate } from './auth/authenticate.ts';
import { resolveAuthSecret } from './auth/secret.ts';
import type { AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { registerErrorHandler } from './errors.ts';
import { startJobQueue } from './jobs/job-queue.ts';
import { defineJobs } from './jobs/jobs.ts';
import { HeavyWork } from './lib/heavy-work.ts';
import { assertFromRouteTable } from './lib/serve.ts';
import { loggerOptions, requestLogController } from './logging.ts';
import { registerMetrics } from './metrics/metrics.ts';
import { registerAlertRoutes, registerUnsubscribeRoutes } from './modules/alerts/alerts.routes.ts';
import { registerAnalyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { registerBookingRoutes } from './modules/bookings/bookings.routes.ts';
import {
  registerCarrierEventRoutes,
  registerPublicCarrierEventRoutes,
} from './modules/carrier-events/carrier-events.routes.ts';
import { registerDeletionRoutes } from './modules/deletions/deletions.routes.ts';
import { registerDocumentRoutes } from './modules/documents/documents.routes.ts';
import { registerExceptionRoutes } from './modules/exceptions/exceptions.routes.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { registerImportRoutes } from './modules/import/import.routes.ts';
import { RowsCopy } from './modules/line-items/columnar/rows-copy.ts';
import { SlotThreads } from './modules/line-items/columnar/slot-threads.ts';
import { registerLineItemRoutes } from './modules/line-items/line-items.routes.ts';
import { registerMessageRoutes } from './modules/messages/messages.routes.ts';
import { registerPartRoutes } from './modules/parts/parts.routes.ts';
import { registerEligibilityRoute, registerPeopleRoutes } from './modules/people/people.routes.ts';
import { registerPurchaseOrderRoutes } from './modules/purchase-orders/purchase-orders.routes.ts';
import { registerOrganisationSettingsRoutes } from './modules/settings/organisation-settings.routes.ts';
import { registerShipmentRoutes } from './modules/shipments/shipments.routes.ts';
import { registerSiteRoutes } from './modules/site/site.routes.ts';
import { registerSupplierRoutes } from './modules/suppliers/suppliers.routes.ts';
import { registerViewRoutes } from './modules/views/views.routes.ts';
import { registerWebhookRoutes } from './modules/webhooks/webhooks.routes.ts';
import { openApiOptions } from './openapi/openapi.ts';
import { refuseNulInParameters } from './query-text-guard.ts';
import { openDocumentStore } from './storage/document-store-from-config.ts';
import { registerWebApp } from './web-static.ts';

export type RouteEntry = {
  method: string;
  url: string;
  /** The names its querystring schema declares: the bad-input suite sends each of them bad values. */
  queryParameters: string[];
};

/** The top-level names of a route's querystring schema (a zod object), if it has one. */
const queryParametersOf = (schema: unknown) =>
  Object.keys((schema as { shape?: Record<string, unknown> } | undefined)?.shape ?? {});

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
    /** This server's copy of the dashboard's rows in memory, when config.rowsInMemory. */
    rowsCopy: RowsCopy | undefined;
  }
}

export async function buildApp(
  config: AppConfig,
  database: DatabaseHandle,
  options: { logger?: FastifyServerOptions['logger'] } = {},
) {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel, { pretty: process.stdout.isTTY }),
    logController: requestLogController(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  refuseNulInParameters(app);
  // One queue for the server's heavy requests, whichever module serves them.
  const heavyWork = new HeavyWork(config);
  // Loads in the background: until it has, the database answers every question. Its questions'
  // passes over every row are shared with its helper threads.
  const rowsCopy = config.rowsInMemory
    ? new RowsCopy(database.db, (error) => app.log.error({ err: error }, 'the in-memory copy of the rows failed'), {
        threads: config.rowsInMemoryHelpers > 0 ? new SlotThreads(config.rowsInMemoryHelpers) : undefined,
      })
    : undefined;
  void rowsCopy?.start();
  app.addHook('onClose', () => rowsCopy?.threads?.close());
  app.decorate('rowsCopy', rowsCopy);
  registerMetrics(app, database.pool, config, heavyWork, rowsCopy);
  // Every route, as registered: the authorization suite checks it has an entry for each.
  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    assertFromRouteTable(route);
    const queryParameters = queryParametersOf(route.schema?.querystring);
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, queryParameters });
  });
  app.decorate('routeTable', routeTable);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
      },
    },
    hsts: config.publicUrl.startsWith('https://'),
  });
  // Answers of 1 KiB or more, compressed for clients that accept it; brotli at a level that costs
  // little per request (the web app's files are compressed at their highest level by the build).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(swagger, { ...openApiOptions(config), transform: jsonSchemaTransform });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const { db } = database;
  const auth = createAuthFromConfig(config, db, app.log);
  const documentStore = await openDocumentStore(config);

  // Public routes.
  registerHealthRoutes(app, database);
  await registerAuthRoutes(app, auth, config, db);
  registerEligibilityRoute(app, db, config.authRateLimits.eligibility);
  registerSiteRoutes(app, config, db);
  registerUnsubscribeRoutes(app, db, resolveAuthSecret(config.authSecret, config.dataDir));
  registerPublicCarrierEventRoutes(app, db);

  // Every call the route table does not open to anyone needs a session; the principal comes from it alone.
  app.decorate('authenticate', createAuthenticate(auth, db, config));
  await app.register(async (api) => {
    registerPeopleRoutes(api, db);
    registerShipmentRoutes(api, db);
    registerLineItemRoutes(api, db, config, config.clock, heavyWork, rowsCopy);
    registerExceptionRoutes(api, db, config);
    registerAnalyticsRoutes(api, db, config.clock, heavyWork);
    registerAlertRoutes(api, db);
    registerViewRoutes(api, db);
    registerWebhookRoutes(api, db);
    registerCarrierEventRoutes(api, db);
    registerOrganisationSettingsRoutes(api, db);
    registerPartRoutes(api, db);
    registerPurchaseOrderRoutes(api, db, config.clock);
    registerSupplierRoutes(api, db, config);
    registerBookingRoutes(api, db);
    registerMessageRoutes(api, db);
    registerDeletionRoutes(api, db);
    await api.register(multipart);
    registerDocumentRoutes(api, db, config, documentStore);
    registerImportRoutes(api, db, config, heavyWork);
  });

  await registerWebApp(app, config.webDistDir);
  if (config.jobs.run) {
    const queue = await startJobQueue(database.pool, defineJobs(db, config, app.log), app.log, config.jobs);
    // Before the database closes (main.ts closes the app first): jobs in progress finish.
    app.addHook('onClose', () => queue.stop());
  }
  return app;
}
