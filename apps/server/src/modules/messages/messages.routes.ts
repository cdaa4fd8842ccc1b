import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { serve } from '../../lib/serve.ts';
import { deleteMessage, editMessage, getThread, postMessage } from './messages.service.ts';

/** The conversations on purchase orders, bookings and shipments. */
export function registerMessageRoutes(app: FastifyInstance, db: Database) {
  serve(app, 'getThread', (request) => getThread(db, request.principal, request.query.record, request.query.key));
  serve(app, 'postMessage', (request) => postMessage(db, request.principal, request.body));
  serve(app, 'editMessage', (request) => editMessage(db, request.principal, request.query.id, request.body.body));
  serve(app, 'deleteMessage', (request) => deleteMessage(db, request.principal, request.query.id));
}
