import type { Call } from '../call.ts';
import { MessageResponse } from '../line-items.ts';
import {
  MAX_VIEWS_PER_USER,
  View,
  ViewDefaultRequest,
  ViewDefaults,
  ViewParams,
  ViewRequest,
  ViewsResponse,
} from '../views.ts';

const tag = 'views';

/** Named dashboard views, the principal's default and the organisation's. */
export const VIEW_CALLS = {
  listViews: {
    method: 'GET',
    path: '/api/Views',
    tag,
    who: 'signed-in',
    summary: "The named dashboard views you may open, your default and the organisation's",
    description:
      'The named dashboard views you may open (yours, and those shared with you), your default and, for ' +
      "staff, the organisation's. The dashboard opens with your default, else the organisation's.",
    response: ViewsResponse,
  },
  getView: {
    method: 'GET',
    path: '/api/Views/:id',
    tag,
    who: 'signed-in',
    summary: 'One named dashboard view',
    description: "One view (a shared view's link): 404 when it is not yours or shared with you.",
    params: ViewParams,
    response: View,
    errors: [404],
  },
  createView: {
    method: 'POST',
    path: '/api/Views',
    tag,
    who: 'signed-in',
    summary: 'Save a named dashboard view',
    description:
      'Save a view under a name (one of yours per name, in any case; at most ' +
      `${MAX_VIEWS_PER_USER}). \`query\` is the dashboard's address: q, filters, logic, sort, pageSize, ` +
      'report, exception, as strings. `shared` shares it with staff (a staff user) or your company (a forwarder).',
    body: ViewRequest,
    response: View,
    status: 201,
    errors: [409],
  },
  updateView: {
    method: 'PUT',
    path: '/api/Views/:id',
    tag,
    who: 'signed-in',
    summary: 'Change your named view',
    description: 'Replace your view with the body (as for saving one); only its owner may.',
    params: ViewParams,
    body: ViewRequest,
    response: View,
    errors: [404, 409],
  },
  deleteView: {
    method: 'DELETE',
    path: '/api/Views/:id',
    tag,
    who: 'signed-in',
    summary: 'Delete your named view',
    description: 'Delete your view; whoever had it as their default has none.',
    params: ViewParams,
    response: MessageResponse,
    errors: [404],
  },
  setDefaultView: {
    method: 'PUT',
    path: '/api/Views/default',
    tag,
    who: 'signed-in',
    summary: 'Choose your default view',
    description: 'Choose your default view (any view you may open), or none with `{ "id": null }`.',
    body: ViewDefaultRequest,
    response: ViewDefaults,
    errors: [404],
  },
  setOrganisationDefaultView: {
    method: 'PUT',
    path: '/api/Views/organisation-default',
    tag,
    who: 'Admin',
    summary: "Choose the organisation's default view (Admin)",
    description:
      "Choose the organisation's default view (Admin): a staff view shared with staff, which staff open " +
      'with until they choose their own. `{ "id": null }` for none.',
    body: ViewDefaultRequest,
    response: ViewDefaults,
    errors: [404],
  },
} as const satisfies Record<string, Call>;
