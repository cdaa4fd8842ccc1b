import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { serve } from '../../lib/serve.ts';
import {
  createView,
  deleteView,
  getView,
  listViews,
  setMyDefault,
  setOrganisationDefault,
  updateView,
} from './views.service.ts';

/** Named dashboard views, the principal's default and the organisation's. */
export function registerViewRoutes(app: FastifyInstance, db: Database) {
  serve(app, 'listViews', (request) => listViews(db, request.principal));
  serve(app, 'getView', (request) => getView(db, request.principal, request.params.id));
  serve(app, 'createView', (request) => createView(db, request.principal, request.body));
  serve(app, 'updateView', (request) => updateView(db, request.principal, request.params.id, request.body));
  serve(app, 'deleteView', async (request) => {
    await deleteView(db, request.principal, request.params.id);
    return { message: 'View deleted.' };
  });
  serve(app, 'setDefaultView', (request) => setMyDefault(db, request.principal, request.body.id));
  serve(app, 'setOrganisationDefaultView', (request) => setOrganisationDefault(db, request.principal, request.body.id));
}
