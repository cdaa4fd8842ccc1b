// The OpenAPI description at /api/docs/json, as a client generator wants it: every operation with
// an operationId, a summary, its security and its 4xx answers (`{ message }`), the sign-in calls a
// client needs, and no schema a validator refuses. The routes give their zod schemas; this file
// gives the rest, in one table, and refuses to describe a route the table does not name.
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { AppConfig } from '../config.ts';

type Operation = {
  operationId: string;
  summary: string;
  /** Anyone may call it: no session needed. */
  isPublic?: boolean;
  /** 4xx answers beyond the ones every operation of its kind has (see `errorsOf`). */
  errors?: number[];
};

/** Every route the server documents, by "METHOD /path" as the OpenAPI document writes it. */
export const OPERATIONS: Record<string, Operation> = {
  'GET /api/site': {
    operationId: 'getSite',
    summary: 'The organisation, support contacts and whether set-up is needed',
    isPublic: true,
  },
  'GET /api/Peoples/eligibility': {
    operationId: 'checkEligibility',
    summary: 'Whether an e-mail may register',
    isPublic: true,
    errors: [429],
  },
  'GET /api/Peoples': { operationId: 'listPeople', summary: 'The people list' },
  'POST /api/Peoples': { operationId: 'savePeople', summary: 'Add people, or change their details (Admin)' },
  'POST /api/Peoples/delete': {
    operationId: 'deletePerson',
    summary: 'Delete a person and their account (Admin)',
    errors: [404],
  },
  'GET /api/Shipments': {
    operationId: 'getShipments',
    summary: 'One shipment (?shipment=), suggestions (?shipmentMatch=) or a page of shipments',
    errors: [404],
  },
  'POST /api/Shipments': {
    operationId: 'saveShipments',
    summary: 'Create shipments, or update one (?id=); Order Ref POs become line items',
    errors: [404, 409],
  },
  'GET /api/Shipments/history': {
    operationId: 'getShipmentHistory',
    summary: "A shipment's date history, its estimates' movement and its documents",
    errors: [404],
  },
  'GET /api/Follows': { operationId: 'listFollows', summary: 'The shipments and saved filters you follow' },
  'POST /api/Follows': {
    operationId: 'follow',
    summary: 'Follow a shipment or a saved filter',
    errors: [404],
  },
  'POST /api/Follows/delete': { operationId: 'unfollow', summary: 'Stop following', errors: [404] },
  'GET /api/Views': {
    operationId: 'listViews',
    summary: "The named dashboard views you may open, your default and the organisation's",
  },
  'GET /api/Views/{id}': { operationId: 'getView', summary: 'One named dashboard view', errors: [404] },
  'POST /api/Views': { operationId: 'createView', summary: 'Save a named dashboard view', errors: [409] },
  'PUT /api/Views/{id}': { operationId: 'updateView', summary: 'Change your named view', errors: [404, 409] },
  'DELETE /api/Views/{id}': { operationId: 'deleteView', summary: 'Delete your named view', errors: [404] },
  'PUT /api/Views/default': { operationId: 'setDefaultView', summary: 'Choose your default view', errors: [404] },
  'PUT /api/Views/organisation-default': {
    operationId: 'setOrganisationDefaultView',
    summary: "Choose the organisation's default view (Admin)",
    errors: [404],
  },
  'GET /api/Alerts': { operationId: 'listAlerts', summary: 'Your newest alerts and how many are unread' },
  'POST /api/Alerts/read': { operationId: 'markAlertsRead', summary: 'Mark alerts read' },
  'GET /api/Alerts/preferences': { operationId: 'getAlertPreferences', summary: 'How you hear of each event kind' },
  'POST /api/Alerts/preferences': {
    operationId: 'saveAlertPreferences',
    summary: 'Choose how you hear of each event kind',
  },
  'POST /api/Unsubscribe': {
    operationId: 'unsubscribe',
    summary: "Stop alert e-mails (an e-mail's link, no sign-in)",
    isPublic: true,
  },
  'GET /api/Webhooks': { operationId: 'listWebhooks', summary: 'Webhooks and their delivery log (Admin)' },
  'POST /api/Webhooks': { operationId: 'createWebhook', summary: 'Register a webhook (Admin)' },
  'POST /api/Webhooks/delete': { operationId: 'deleteWebhook', summary: 'Remove a webhook (Admin)', errors: [404] },
  'POST /api/Webhooks/resume': {
    operationId: 'resumeWebhook',
    summary: 'Resume a webhook paused after repeated failures (Admin)',
    errors: [404],
  },
  'GET /api/OrganisationSettings': {
    operationId: 'getOrganisationSettings',
    summary: 'The webhook allow-list and the follow limit (Admin)',
  },
  'POST /api/OrganisationSettings': {
    operationId: 'saveOrganisationSettings',
    summary: 'Change the webhook allow-list and the follow limit (Admin)',
  },
  'GET /api/Analytics/volume': {
    operationId: 'getAnalyticsVolume',
    summary: 'Shipments, line items and part quantity per week or month',
    errors: [503],
  },
  'GET /api/Analytics/on-time': {
    operationId: 'getAnalyticsOnTime',
    summary: 'On-time arrival and delivery per month',
    errors: [503],
  },
  'GET /api/Analytics/transit-time': {
    operationId: 'getAnalyticsTransitTime',
    summary: 'Transit times by lane and by Mode',
    errors: [503],
  },
  'GET /api/Analytics/eta-accuracy': {
    operationId: 'getAnalyticsEtaAccuracy',
    summary: 'How good the ETAs were',
    errors: [503],
  },
  'GET /api/Analytics/open-exceptions': {
    operationId: 'getAnalyticsOpenExceptions',
    summary: 'Open exceptions by kind and by forwarder',
    errors: [503],
  },
  'GET /api/Analytics/document-timeliness': {
    operationId: 'getAnalyticsDocumentTimeliness',
    summary: 'Documents uploaded by arrival, per month',
    errors: [503],
  },
  'GET /api/Analytics/scorecard': {
    operationId: 'getAnalyticsScorecard',
    summary: 'A scorecard row per forwarder',
    errors: [503],
  },
  'GET /api/Analytics/settings': { operationId: 'getAnalyticsSettings', summary: 'The analytics settings' },
  'POST /api/Analytics/settings': {
    operationId: 'saveAnalyticsSettings',
    summary: 'Change the analytics settings (Admin)',
  },
  'GET /api/Exceptions/summary': {
    operationId: 'getExceptionSummary',
    summary: 'How many visible line items have each exception today',
  },
  'GET /api/Exceptions/settings': { operationId: 'getExceptionSettings', summary: 'The exception rules' },
  'POST /api/Exceptions/settings': {
    operationId: 'saveExceptionSettings',
    summary: 'Replace the exception rules (Admin)',
  },
  'GET /api/LineItems': {
    operationId: 'listLineItems',
    summary: 'One page of line items for a search, filters and sort',
  },
  'POST /api/LineItems': {
    operationId: 'updateLineItem',
    summary: "Edit a line item's PO number and flags",
    errors: [404, 409],
  },
  'GET /api/LineItems/count': {
    operationId: 'countLineItems',
    summary: "The exact count of a line-item query's matches",
  },
  'GET /api/LineItems/export': {
    operationId: 'exportLineItems',
    summary: 'Every line item a query matches, as CSV',
    errors: [429, 503],
  },
  'POST /api/LineItems/export': {
    operationId: 'exportSelectedLineItems',
    summary: 'The ticked line items (by id) as CSV',
    errors: [429],
  },
  'POST /api/LineItems/delete': {
    operationId: 'deleteLineItem',
    summary: 'Delete a line item with its parts',
    errors: [404],
  },
  'POST /api/LineItems/bulk': {
    operationId: 'changeLineItems',
    summary: "Hide, unhide, set 'Valid PO #' on or delete many line items at once",
    errors: [409, 429, 503],
  },
  'GET /api/Parts/getParts': { operationId: 'listParts', summary: "A line item's parts", errors: [404] },
  'POST /api/Parts': { operationId: 'addPart', summary: 'Add a part to a line item', errors: [404, 409] },
  'POST /api/Parts/save': {
    operationId: 'replaceParts',
    summary: "Replace a line item's whole parts list",
    errors: [404],
  },
  'POST /api/Parts/delete': { operationId: 'deletePart', summary: 'Delete one part', errors: [404] },
  'GET /api/Deletions': { operationId: 'listDeletions', summary: 'Recent deletions of line items and parts (Admin)' },
  'POST /api/Deletions/{id}/restore': {
    operationId: 'restoreDeletion',
    summary: 'Bring a deletion back (Admin)',
    errors: [404, 409],
  },
  'POST /api/Files': { operationId: 'uploadDocuments', summary: 'Upload documents to a shipment', errors: [404, 413] },
  'GET /api/Files': {
    operationId: 'listDocuments',
    summary: "A shipment's documents, or the documents uploaded on a day (staff)",
    errors: [404],
  },
  'GET /api/Files/{id}/content': { operationId: 'downloadDocument', summary: 'Download a document', errors: [404] },
  'POST /api/Import': {
    operationId: 'importReport',
    summary: "Import a forwarder's report (CSV or XLSX), or check it with ?dryRun=true",
    errors: [413, 429, 503],
  },
};

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The request is not valid; the message names what to change',
  401: 'Not signed in, or the session has ended',
  403: 'Not allowed for this role, or a cookie-carried write from another site',
  404: 'No such record, or not one this user may see',
  409: 'It conflicts with what is stored (a PO or part number in use, a view name taken, bulk matches changed)',
  413: 'Too large (a file, or more files than allowed)',
  429: 'Too many at once or too many attempts; Retry-After says when to try again',
  503: 'The server is busy: heavy work (a full export, an import, a bulk change by query, analytics past a month) waited too long for its turn; Retry-After says when to try again',
};

/** Every operation may answer 400; a signed-in one 401 and 403 too. */
const errorsOf = (operation: Operation) =>
  [...new Set([400, ...(operation.isPublic ? [] : [401, 403]), ...(operation.errors ?? [])])].sort((a, b) => a - b);

/** The `responses` entries of these 4xx answers, each `{ message }`. */
const errorResponses = (statuses: number[]) =>
  Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description: ERROR_DESCRIPTIONS[status] ?? 'Refused',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]),
  );

/** The sign-in calls an API client needs (served by auth/auth-routes.ts): sign in for a bearer token, who am I, sign out. */
const SIGN_IN_PATHS = {
  '/api/auth/sign-in/email': {
    post: {
      operationId: 'signIn',
      summary: 'Sign in with e-mail and password; the token is the bearer for every other call',
      description:
        'A successful sign-in also sets a device cookie (quayside.sign_in_device, __Secure- prefixed over https; Path=/api/auth/sign-in, one year). A client that sends it back on its next sign-ins to the same account has its wrong passwords counted on their own: it is not made to wait by wrong passwords from elsewhere.',
      tags: ['sign-in'],
      security: [],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['email', 'password'],
              properties: { email: { type: 'string', format: 'email' }, password: { type: 'string' } },
            },
          },
        },
      },
      responses: {
        200: {
          description: 'Signed in',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['token', 'user'],
                properties: {
                  token: { type: 'string' },
                  user: { $ref: '#/components/schemas/SignedInUser' },
                  redirect: { type: 'boolean', description: 'Always false for e-mail sign-in' },
                  url: { type: 'string', nullable: true },
                },
              },
            },
          },
        },
        ...errorResponses([400, 401, 403, 429]),
      },
    },
  },
  '/api/auth/get-session': {
    get: {
      operationId: 'getSession',
      summary: 'The signed-in user and session, or null',
      tags: ['sign-in'],
      responses: {
        200: {
          description: 'The session, or null when there is none',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                nullable: true,
                required: ['user', 'session'],
                properties: {
                  user: { $ref: '#/components/schemas/SignedInUser' },
                  session: {
                    type: 'object',
                    required: ['expiresAt'],
                    properties: { expiresAt: { type: 'string', format: 'date-time' } },
                  },
                },
              },
            },
          },
        },
        ...errorResponses([400]),
      },
    },
  },
  '/api/auth/sign-out': {
    post: {
      operationId: 'signOut',
      summary: 'End the session',
      tags: ['sign-in'],
      responses: {
        200: {
          description: 'Signed out',
          content: {
            'application/json': {
              schema: { type: 'object', required: ['success'], properties: { success: { type: 'boolean' } } },
            },
          },
        },
        ...errorResponses([400, 401, 403]),
      },
    },
  },
};

const COMPONENTS = {
  securitySchemes: {
    bearerAuth: { type: 'http', scheme: 'bearer', description: 'The token POST /api/auth/sign-in/email answers' },
    sessionCookie: {
      type: 'apiKey',
      in: 'cookie',
      name: 'quayside.session_token',
      description: "The web app's session cookie (named __Secure-quayside.session_token over https)",
    },
  } as const,
  schemas: {
    Error: {
      type: 'object',
      required: ['message'],
      properties: {
        message: { type: 'string', description: 'What went wrong, in words a person can act on' },
        code: { type: 'string', description: 'A stable code, where the sign-in calls give one' },
      },
    },
    SignedInUser: {
      type: 'object',
      required: ['id', 'email', 'name'],
      properties: { id: { type: 'string' }, email: { type: 'string' }, name: { type: 'string' } },
      // The sign-in service adds fields of its own (emailVerified, createdAt, ...) that a client may ignore.
      additionalProperties: true,
    },
  },
};

type Document = {
  paths?: Record<string, Record<string, Record<string, unknown>>>;
  components?: { schemas?: Record<string, unknown> };
};

/** @fastify/swagger's options: the document's frame, and the pass that completes it. */
export function openApiOptions(
  config: Pick<AppConfig, 'publicUrl'>,
): Pick<FastifyDynamicSwaggerOptions, 'openapi' | 'transformObject'> {
  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Quayside API',
        version: '1.0.0',
        description:
          'Shipments, purchase-order line items, their parts and documents. Sign in with POST /api/auth/sign-in/email and send the token as a bearer.',
      },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes: COMPONENTS.securitySchemes },
      security: [{ bearerAuth: [] }, { sessionCookie: [] }],
    },
    transformObject: (input) => {
      const document = ('openapiObject' in input ? input.openapiObject : input.swaggerObject) as Document;
      const paths = document.paths ?? {};
      for (const [path, methods] of Object.entries(paths)) {
        for (const [method, operation] of Object.entries(methods)) {
          const key = `${method.toUpperCase()} ${path}`;
          const described = OPERATIONS[key];
          if (!described) throw new Error(`${key} has no entry in OPERATIONS (apps/server/src/openapi/openapi.ts)`);
          operation.operationId = described.operationId;
          operation.summary = described.summary;
          if (described.isPublic) operation.security = [];
          // An answer the route describes itself wins over the common one.
          operation.responses = { ...errorResponses(errorsOf(described)), ...(operation.responses as object) };
          nullableWithType(operation);
        }
      }
      return {
        ...document,
        paths: { ...paths, ...SIGN_IN_PATHS },
        components: {
          ...document.components,
          schemas: { ...document.components?.schemas, ...COMPONENTS.schemas },
        },
      };
    },
  };
}

/**
 * OpenAPI 3.0 wants a `type` beside `nullable`. zod's "one of these, or null" comes out as
 * `{anyOf: [...], nullable: true}`; the same says `nullable` on each of the choices instead.
 */
function nullableWithType(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) nullableWithType(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Record<string, unknown>;
  if (schema.nullable === true && schema.type === undefined && Array.isArray(schema.anyOf)) {
    delete schema.nullable;
    schema.anyOf = schema.anyOf.map((choice) => ({ ...(choice as object), nullable: true }));
  }
  for (const value of Object.values(schema)) nullableWithType(value);
}
