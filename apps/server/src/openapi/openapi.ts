// The OpenAPI description at /api/docs/json, as a client generator wants it: every operation with
// an operationId, a summary, its security and its 4xx answers (`{ message }`), the sign-in calls a
// client needs, and no schema a validator refuses. Each route is registered from its entry in the
// route table (packages/domain/src/api.ts), which gives its words and schemas; this file adds the
// answers every call shares, and refuses to describe a route the table does not name.
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { callNamed } from '@quayside/domain/api';
import { type Call, openApiPathOf } from '@quayside/domain/call';
import type { AppConfig } from '../config.ts';

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The request is not valid; the message names what to change',
  401: 'Not signed in, or the session has ended',
  403: 'Not allowed for this role, or a cookie-carried write from another site',
  404: 'No such record, or not one this user may see',
  409: 'It conflicts with what is stored (a PO or part number in use, a view name taken, bulk matches changed, the follow limit reached)',
  413: 'Too large (a file, or more files than allowed)',
  429: 'Too many at once or too many attempts; Retry-After says when to try again',
  503: 'The server is busy: heavy work (a full export, an import, a bulk change by query, analytics past a month) waited too long for its turn; Retry-After says when to try again',
};

/** Every operation may answer 400; a signed-in one 401 and 403 too. */
const errorsOf = (call: Call) =>
  [...new Set([400, ...(call.who === 'anyone' ? [] : [401, 403]), ...(call.errors ?? [])])].sort((a, b) => a - b);

/** Who may call, as the page says it. */
const WHO_MAY_CALL: Record<Call['who'], string> = {
  anyone: 'Anyone: no sign-in needed.',
  'signed-in': 'Anyone signed in (staff and Forwarders); a Forwarder sees only its own company’s records.',
  staff: 'Staff (Admin, Employee, Manager).',
  Admin: 'An Admin.',
  'Admin or Forwarder': 'An Admin, or a Forwarder for its own company’s records.',
  Supplier: 'A supplier’s contact, for its own company’s purchase orders.',
  'Admin or Supplier': 'An Admin, or a supplier’s contact for its own company’s purchase orders.',
};

/** What a supplier's contact may do, added to `who` for the calls open to it. */
const SUPPLIERS_TOO = ' A supplier’s contact too, for its own company’s purchase orders.';

/** The table's entry for a documented operation: by its id, at the path and method the table gives. */
function callOf(operationId: unknown, key: string): Call {
  const call = callNamed(operationId);
  if (!call || `${call.method} ${openApiPathOf(call)}` !== key)
    throw new Error(`${key} has no entry in the route table (packages/domain/src/api.ts)`);
  return call;
}

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
          const call = callOf(operation.operationId, `${method.toUpperCase()} ${path}`);
          operation.description = [
            call.description,
            `Who may call: ${WHO_MAY_CALL[call.who]}${call.suppliers && call.who !== 'Supplier' ? SUPPLIERS_TOO : ''}`,
          ]
            .filter(Boolean)
            .join('\n\n');
          operation['x-who-may-call'] = call.who;
          // An answer the route describes itself wins over the common one.
          operation.responses = { ...errorResponses(errorsOf(call)), ...(operation.responses as object) };
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
