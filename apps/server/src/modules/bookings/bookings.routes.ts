import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { serve } from '../../lib/serve.ts';
import {
  confirmBooking,
  declineBooking,
  getBooking,
  getLaneRules,
  listBookings,
  requestBooking,
  routeBooking,
  saveLaneRules,
} from './bookings.service.ts';

/** Booking requests from request to the shipment, and the lane rules that route them. */
export function registerBookingRoutes(app: FastifyInstance, db: Database) {
  serve(app, 'listBookings', (request) => listBookings(db, request.principal, request.query));
  serve(app, 'getBooking', (request) => getBooking(db, request.principal, request.query.reference));
  serve(app, 'requestBooking', (request) => requestBooking(db, request.principal, request.body));
  serve(app, 'routeBooking', (request) =>
    routeBooking(db, request.principal, request.query.reference, request.body.forwarder_name),
  );
  serve(app, 'confirmBooking', (request) =>
    confirmBooking(db, request.principal, request.query.reference, request.body),
  );
  serve(app, 'declineBooking', (request) =>
    declineBooking(db, request.principal, request.query.reference, request.body.reason),
  );
  serve(app, 'getLaneRules', (request) => getLaneRules(db, request.principal));
  serve(app, 'saveLaneRules', (request) => saveLaneRules(db, request.principal, request.body.rules));
}
