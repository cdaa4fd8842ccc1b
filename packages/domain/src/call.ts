import type { z } from 'zod';
import type { Role } from './people.ts';
import { canWriteRecords, isStaff, isSupplier } from './permissions.ts';

// One API call as both ends know it: its method and path, what it takes and answers, and who may
// make it. The route table (api.ts) is a list of these; the server registers its routes from it,
// the OpenAPI page is written from it, and the web app's client is typed from it.

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may make the call. 'anyone' needs no session; the others need one and say which roles the
 * server lets through (what each then sees is still its own company's). The services enforce the
 * roles; the authorization suite checks every other role is refused.
 */
export type Who = 'anyone' | 'signed-in' | 'staff' | 'Admin' | 'Admin or Forwarder' | 'Supplier' | 'Admin or Supplier';

export type Call = {
  method: Method;
  /** Fastify's form: `:name` for a path parameter. */
  path: `/api/${string}`;
  /** The OpenAPI page's one line. */
  summary: string;
  /** What a caller needs to know beyond the summary: the parameters' meaning, limits, answers. */
  description?: string;
  /** The OpenAPI page's group. */
  tag: string;
  who: Who;
  /**
   * Open to a supplier's contacts too (within `who`): every other call refuses them before its
   * handler runs, so a route written for staff and forwarders never meets one.
   */
  suppliers?: true;
  params?: z.ZodType;
  query?: z.ZodType;
  /** The JSON body. */
  body?: z.ZodType;
  /** A body that is not JSON: files, read as they arrive. */
  consumes?: 'multipart/form-data';
  /** The JSON answer (absent when the answer is a file or CSV). */
  response?: z.ZodType;
  /** The success status, when not 200. */
  status?: 201;
  /** 4xx and 5xx answers beyond those every call of its kind may give (400; 401 and 403 when signed in). */
  errors?: readonly number[];
};

/** Whether a person of this role may make the call at all (`undefined`: not signed in). */
export function mayCall(call: Pick<Call, 'who' | 'suppliers'>, role: Role | undefined): boolean {
  const { who } = call;
  if (who === 'anyone') return true;
  if (role === undefined) return false;
  if (isSupplier(role) && !call.suppliers) return false;
  if (who === 'signed-in') return true;
  if (who === 'staff') return isStaff(role);
  if (who === 'Admin') return role === 'Admin';
  if (who === 'Supplier') return isSupplier(role);
  if (who === 'Admin or Supplier') return role === 'Admin' || isSupplier(role);
  return canWriteRecords(role);
}

/** The call's path with its parameters filled in, each encoded. */
export function pathOf(call: Pick<Call, 'path'>, params: Record<string, string | number> = {}): string {
  return call.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${call.path} needs ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The path as OpenAPI writes it: `{name}` for a path parameter. */
export const openApiPathOf = (call: Pick<Call, 'path'>) => call.path.replace(/:(\w+)/g, '{$1}');

// What each end sees of a call, by its entry's type.

type Parsed<S> = S extends z.ZodType ? z.output<S> : unknown;
type Sent<S> = S extends z.ZodType ? z.input<S> : never;

/** The server's view of a request: parameters, query and body as validated. */
export type ParamsOf<C extends Call> = Parsed<C['params']>;
export type QueryOf<C extends Call> = Parsed<C['query']>;
export type BodyOf<C extends Call> = Parsed<C['body']>;

/** What a handler returns: what the answer's schema accepts. */
export type AnswerOf<C extends Call> = C['response'] extends z.ZodType ? z.input<C['response']> : unknown;

/** What a client receives: the answer as the schema gives it (the server sends it through the schema). */
export type ResponseOf<C extends Call> = C['response'] extends z.ZodType ? z.output<C['response']> : unknown;

/** A query string's values on the wire: the schema's keys, each text or a number. */
type WireQuery<S> = { [K in keyof Sent<S>]?: string | number | boolean | undefined };

/** What a client sends: the path's parameters, the query's keys, the body (or a form of files). */
export type InputOf<C extends Call> = (C['params'] extends z.ZodType
  ? { params: { [K in keyof Sent<C['params']>]: string | number } }
  : { params?: undefined }) &
  (C['query'] extends z.ZodType ? { query?: WireQuery<C['query']> } : { query?: undefined }) &
  (C['body'] extends z.ZodType
    ? { body: Sent<C['body']> }
    : C['consumes'] extends 'multipart/form-data'
      ? { body: FormData }
      : { body?: undefined });
