import { NUL_MESSAGE, noNul } from '@quayside/domain/fields';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

// PostgreSQL text cannot hold NUL: a NUL reaching a query fails it with a 500 (or, inside a streamed
// export, with a cut answer). Bodies refuse it field by field in their zod contracts; query strings
// and path parameters are refused here, for every route at once, so a route added later (or a
// parameter a schema forgets) cannot let one through.

/** The first parameter name whose name or value holds NUL, if any. */
function nulParameter(parameters: unknown): string | undefined {
  if (typeof parameters !== 'object' || parameters === null) return undefined;
  for (const [name, value] of Object.entries(parameters)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    if (!noNul(name) || values.some((one) => typeof one === 'string' && !noNul(one))) return name;
  }
  return undefined;
}

/** A parameter's name as a message may quote it: NUL shown as \0, and never long. */
const printableName = (name: string) => name.replaceAll('\u0000', '\\0').slice(0, 100);

/** Refuses NUL in any query-string or path parameter with the same 400 and words as in a body. */
export function refuseNulInParameters(app: FastifyInstance) {
  // preValidation: after authentication (a stranger still hears 401), before the route's schema and handler.
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const name = nulParameter(request.query) ?? nulParameter(request.params);
    if (name !== undefined) throw new AppError('invalid', `${NUL_MESSAGE} (${printableName(name)})`);
  });
}
