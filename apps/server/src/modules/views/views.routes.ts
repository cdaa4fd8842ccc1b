import {
  MAX_VIEWS_PER_USER,
  View,
  ViewDefaultRequest,
  ViewDefaults,
  ViewParams,
  ViewRequest,
  ViewsResponse,
} from '@quayside/domain/views';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import {
  createView,
  deleteView,
  getView,
  listViews,
  setMyDefault,
  setOrganisationDefault,
  updateView,
} from './views.service.ts';

const Ok = z.object({ message: z.string() });

/** Signed in: named dashboard views, the principal's default and the organisation's. */
export function registerViewRoutes(app: FastifyInstance, db: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['views'];

  api.get(
    '/api/Views',
    {
      schema: {
        tags,
        description:
          'The named dashboard views you may open (yours, and those shared with you), your default and, for ' +
          "staff, the organisation's. The dashboard opens with your default, else the organisation's.",
        response: { 200: ViewsResponse },
      },
    },
    async (request) => listViews(db, request.principal),
  );
  api.get(
    '/api/Views/:id',
    {
      schema: {
        tags,
        description: "One view (a shared view's link): 404 when it is not yours or shared with you.",
        params: ViewParams,
        response: { 200: View },
      },
    },
    async (request) => getView(db, request.principal, request.params.id),
  );
  api.post(
    '/api/Views',
    {
      schema: {
        tags,
        description:
          'Save a view under a name (one of yours per name, in any case; at most ' +
          `${MAX_VIEWS_PER_USER}). \`query\` is the dashboard's address: q, filters, logic, sort, pageSize, ` +
          'report, exception, as strings. `shared` shares it with staff (a staff user) or your company (a forwarder).',
        body: ViewRequest,
        response: { 201: View },
      },
    },
    async (request, reply) => reply.status(201).send(await createView(db, request.principal, request.body)),
  );
  api.put(
    '/api/Views/:id',
    {
      schema: {
        tags,
        description: 'Replace your view with the body (as for saving one); only its owner may.',
        params: ViewParams,
        body: ViewRequest,
        response: { 200: View },
      },
    },
    async (request) => updateView(db, request.principal, request.params.id, request.body),
  );
  api.delete(
    '/api/Views/:id',
    {
      schema: {
        tags,
        description: 'Delete your view; whoever had it as their default has none.',
        params: ViewParams,
        response: { 200: Ok },
      },
    },
    async (request) => {
      await deleteView(db, request.principal, request.params.id);
      return { message: 'View deleted.' };
    },
  );
  api.put(
    '/api/Views/default',
    {
      schema: {
        tags,
        description: 'Choose your default view (any view you may open), or none with `{ "id": null }`.',
        body: ViewDefaultRequest,
        response: { 200: ViewDefaults },
      },
    },
    async (request) => setMyDefault(db, request.principal, request.body.id),
  );
  api.put(
    '/api/Views/organisation-default',
    {
      schema: {
        tags,
        description:
          "Choose the organisation's default view (Admin): a staff view shared with staff, which staff open " +
          'with until they choose their own. `{ "id": null }` for none.',
        body: ViewDefaultRequest,
        response: { 200: ViewDefaults },
      },
    },
    async (request) => setOrganisationDefault(db, request.principal, request.body.id),
  );
}
