import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { serve } from '../../lib/serve.ts';
import { ingestCarrierEvents } from './ingest.ts';
import {
  assertSigned,
  createIntegration,
  holderOfToken,
  listIntegrations,
  revokeIntegration,
  type TokenHolder,
} from './integrations.service.ts';
import { attachEvent, dismissEvent, listReview, shipmentCarrierEvents } from './review.service.ts';
import { createTrackingLink, listTrackingLinks, publicTracking, revokeTrackingLink } from './tracking-links.service.ts';

/** A notification's bytes: 1,000 DCSA events with every optional field fit well inside. */
const NOTIFICATION_BYTES = 8 * 1024 * 1024;

/** Carrier events in, their senders and review (an Admin's), a shipment's timeline, and tracking links. */
export function registerCarrierEventRoutes(app: FastifyInstance, db: Database) {
  serve(app, 'getShipmentCarrierEvents', (request) =>
    shipmentCarrierEvents(db, request.principal, request.query.shipment),
  );
  serve(app, 'listCarrierEventReview', (request) => listReview(db, request.principal));
  serve(app, 'attachCarrierEvent', (request) =>
    attachEvent(db, request.principal, request.body.id, request.body.shipment),
  );
  serve(app, 'dismissCarrierEvent', (request) => dismissEvent(db, request.principal, request.query.id));
  serve(app, 'listCarrierIntegrations', async (request) => ({
    integrations: await listIntegrations(db, request.principal),
  }));
  serve(app, 'createCarrierIntegration', (request) => createIntegration(db, request.principal, request.body));
  serve(app, 'revokeCarrierIntegration', async (request) => {
    await revokeIntegration(db, request.principal, request.query.id);
    return { message: 'Integration revoked.' };
  });
  serve(app, 'listTrackingLinks', (request) => listTrackingLinks(db, request.principal, request.query.shipment));
  serve(app, 'createTrackingLink', (request) => createTrackingLink(db, request.principal, request.body.shipment));
  serve(app, 'revokeTrackingLink', (request) => revokeTrackingLink(db, request.principal, request.query.id));
}

/** The routes without a session: a sender's notification (its token), and a tracking link's page data. */
export function registerPublicCarrierEventRoutes(app: FastifyInstance, db: Database) {
  app.register(async (scope) => {
    const holders = new WeakMap<FastifyRequest, TokenHolder>();
    const rawBodies = new WeakMap<FastifyRequest, string>();
    // The token is checked before the body is read; the signature, which covers the body's exact bytes, after.
    scope.addHook('onRequest', async (request) => {
      holders.set(request, await holderOfToken(db, request.headers.authorization));
    });
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: NOTIFICATION_BYTES },
      (request, body, done) => {
        rawBodies.set(request, body as string);
        try {
          done(null, JSON.parse(body as string));
        } catch (error) {
          done(new AppError('invalid', `The body is not valid JSON: ${(error as Error).message}`), undefined);
        }
      },
    );
    serve(scope, 'receiveCarrierEvents', async (request) => {
      const holder = holders.get(request);
      if (!holder) throw new Error('carrier events reached without their token read');
      const signature = request.headers['notification-signature'];
      assertSigned(holder, Array.isArray(signature) ? signature[0] : signature, rawBodies.get(request) ?? '');
      const events = Array.isArray(request.body) ? request.body : [request.body];
      return ingestCarrierEvents(db, holder.sender, events);
    });
  });
  serve(app, 'getPublicTracking', async (request, reply) => {
    // A shared page is for the people it was sent to, not for search engines.
    reply.header('X-Robots-Tag', 'noindex, nofollow');
    reply.header('Cache-Control', 'no-store');
    return publicTracking(db, request.params.token, request.ip);
  });
}
