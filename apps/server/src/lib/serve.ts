import { API, type Api, callNamed, type OperationName } from '@quayside/domain/api';
import type { AnswerOf, BodyOf, Call, ParamsOf, QueryOf } from '@quayside/domain/call';
import { isSupplier } from '@quayside/domain/permissions';
import { SUPPLIER_CALL_REFUSED } from '@quayside/domain/suppliers';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { AppError } from '../errors.ts';
import { definedOnly } from './defined-only.ts';

// Every route of the API is registered here, from its entry in the route table: method, path,
// schemas, the OpenAPI page's words, and whether it needs a session. A module gives only the
// handler (and, where it has them, its own limits).

declare module 'fastify' {
  interface FastifyInstance {
    /** Decides who the caller is from the session (auth/authenticate.ts); every call but 'anyone' runs it first. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** The request a handler of this call receives: parameters, query and body as validated. */
export type RequestOf<N extends OperationName> = FastifyRequest<{
  Params: ParamsOf<Api[N]>;
  Querystring: QueryOf<Api[N]>;
  Body: BodyOf<Api[N]>;
}>;

type Answer<N extends OperationName> = AnswerOf<Api[N]> | FastifyReply;
type Handler<N extends OperationName> = (request: RequestOf<N>, reply: FastifyReply) => Promise<Answer<N>> | Answer<N>;

/** A check after the session and the body (per-person limits, the heavy-work queue): it sees the request as validated. */
type PreHandler<N extends OperationName> = (request: RequestOf<N>, reply: FastifyReply) => Promise<unknown>;

type RouteOptions<N extends OperationName> = {
  preHandler?: PreHandler<N> | PreHandler<N>[];
};

/** Registers the call `name` of the route table with its handler. */
export function serve<N extends OperationName>(
  app: FastifyInstance,
  name: N,
  handler: Handler<N>,
  options: RouteOptions<N> = {},
): void {
  const call: Call = API[name];
  const status = call.status ?? 200;
  app.route({
    method: call.method,
    url: call.path,
    // A schema key given as undefined makes Fastify warn that the schema is missing: leave it out.
    schema: definedOnly({
      operationId: name,
      summary: call.summary,
      tags: [call.tag],
      description: call.description,
      params: call.params,
      querystring: call.query,
      body: call.body,
      consumes: call.consumes && [call.consumes],
      response: call.response && { [status]: call.response },
      security: call.who === 'anyone' ? [] : undefined,
    }),
    ...(call.who !== 'anyone' && {
      onRequest: call.suppliers ? app.authenticate : [app.authenticate, refuseSupplierContacts],
    }),
    ...(options.preHandler && { preHandler: options.preHandler as preHandlerHookHandler | preHandlerHookHandler[] }),
    handler: async (request, reply) => {
      const answer = await handler(request as RequestOf<N>, reply);
      if (answer === reply) return reply;
      return status === 200 ? answer : reply.status(status).send(answer);
    },
  });
}

/**
 * A supplier's contact may make only the calls the route table opens to suppliers: every other
 * route refuses it here, before its handler, which was written for staff and forwarders.
 */
async function refuseSupplierContacts(request: FastifyRequest) {
  if (isSupplier(request.principal.role)) throw new AppError('forbidden', SUPPLIER_CALL_REFUSED);
}

/** Paths under /api served by something other than the route table: the sign-in service and the OpenAPI page. */
const OUTSIDE_THE_TABLE = ['/api/auth/', '/api/docs'];

/**
 * Refuses, at start, an /api route that was not registered from the route table: such a route
 * would have no session check, and neither the OpenAPI page nor the web client would know it.
 */
export function assertFromRouteTable(route: { url: string; method: string | string[]; schema?: unknown }): void {
  if (!route.url.startsWith('/api/') || OUTSIDE_THE_TABLE.some((prefix) => route.url.startsWith(prefix))) return;
  const call = callNamed((route.schema as { operationId?: unknown } | undefined)?.operationId);
  const methods = [route.method].flat();
  if (call && call.path === route.url && methods.every((method) => method === call.method || method === 'HEAD')) return;
  throw new Error(`${methods.join(',')} ${route.url} is not in the route table: register it with serve()`);
}
