import ROUTES from 'virtual:api-routes';
import type { Api, OperationName } from '@quayside/domain/api';
import { type InputOf, type Method, pathOf, type ResponseOf } from '@quayside/domain/call';
import { readCachedProfile } from './profile-cache.ts';

/** A refused or failed API call, with the server's `{ message }` when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

type Listener = () => void;
const unauthenticatedListeners = new Set<Listener>();

/** Called when the server answers 401: the session is gone (expired, person removed, account disabled). */
export function onUnauthenticated(listener: Listener) {
  unauthenticatedListeners.add(listener);
  return () => unauthenticatedListeners.delete(listener);
}

/**
 * The spec's `user-data` header: the cached profile as JSON. The server never reads it (it takes
 * identity from the session), but clients of the original API expect it. Header values must be
 * ASCII, so other characters travel as JSON \u escapes.
 */
function userDataHeader(): Record<string, string> {
  const profile = readCachedProfile();
  if (!profile) {
    console.warn('No user data cached: requests may not be properly filtered.');
    return {};
  }
  const json = JSON.stringify({ role: profile.role, company_name: profile.company_name, email: profile.email });
  return {
    'user-data': json.replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`),
  };
}

/**
 * SPEC.md §8: a refused call shows the server's message, which says what to fix; a fault or a
 * network failure shows the screen's own line instead of a technical one.
 */
export function failureMessage(error: unknown, fallback: string) {
  return error instanceof ApiError && error.status < 500 ? error.message : fallback;
}

type RequestOptions = {
  method: Method;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  signal?: AbortSignal;
};

/** What a call of the route table takes: its parameters, query and body, and a signal to cancel it. */
export type CallInput<N extends OperationName> = InputOf<Api[N]> & { signal?: AbortSignal };
/** The input may be left out when the call needs none of it. */
type CallArguments<N extends OperationName> =
  object extends InputOf<Api[N]> ? [input?: CallInput<N>] : [input: CallInput<N>];

function urlOf(path: string, query: RequestOptions['query'] = {}) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The address of a call of the route table (a link, a download): its path filled in, its query appended. */
export function callUrl<N extends OperationName>(name: N, ...[input]: CallArguments<N>): string {
  const { params, query } = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: RequestOptions['query'];
  };
  return urlOf(pathOf({ path: ROUTES[name][1] }, params), query);
}

/**
 * Makes the call `name` of the route table with the session cookie and the spec's headers;
 * resolves with its answer as the table types it, or throws ApiError when refused.
 */
export async function call<N extends OperationName>(name: N, ...args: CallArguments<N>): Promise<ResponseOf<Api[N]>> {
  const response = await send(name, args[0], 'application/json');
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) throw refusal(response, payload);
  return payload as ResponseOf<Api[N]>;
}

/**
 * Like `call`, for an answer read as it arrives (`accept` says which kind): resolves with the
 * response once the server has accepted the call; throws ApiError when refused.
 */
export async function callStream<N extends OperationName>(
  name: N,
  accept: string,
  ...args: CallArguments<N>
): Promise<Response> {
  const response = await send(name, args[0], accept);
  if (!response.ok) throw refusal(response, await response.json().catch(() => null));
  return response;
}

function send<N extends OperationName>(name: N, input: CallInput<N> | undefined, accept: string) {
  const { params, query, body, signal } = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: RequestOptions['query'];
    body?: unknown;
    signal?: AbortSignal;
  };
  const [method, path] = ROUTES[name];
  return request(pathOf({ path }, params), { method, query, body, signal }, accept);
}

function request(path: string, options: RequestOptions, accept: string) {
  const isForm = options.body instanceof FormData;
  const headers: Record<string, string> = { accept, ...userDataHeader() };
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  return fetch(urlOf(path, options.query), {
    method: options.method,
    credentials: 'same-origin',
    headers,
    body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
    signal: options.signal,
  });
}

function refusal(response: Response, payload: unknown): ApiError {
  if (response.status === 401) for (const listener of unauthenticatedListeners) listener();
  const body = (payload ?? {}) as { message?: unknown; code?: unknown };
  return new ApiError(
    response.status,
    typeof body.message === 'string' ? body.message : `The server answered ${response.status}.`,
    typeof body.code === 'string' ? body.code : undefined,
  );
}
