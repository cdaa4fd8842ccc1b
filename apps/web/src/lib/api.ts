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

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  signal?: AbortSignal;
};

export function apiUrl(path: string, query: RequestOptions['query'] = {}) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Calls the product API with the session cookie and the spec's headers; throws ApiError when refused. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await request(path, options, 'application/json');
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) throw refusal(response, payload);
  return payload as T;
}

/**
 * Like `api`, for an answer read as it arrives (`accept` says which kind): resolves with the
 * response once the server has accepted the call; throws ApiError when refused.
 */
export async function apiStream(path: string, accept: string, options: RequestOptions = {}): Promise<Response> {
  const response = await request(path, options, accept);
  if (!response.ok) throw refusal(response, await response.json().catch(() => null));
  return response;
}

function request(path: string, options: RequestOptions, accept: string) {
  const isForm = options.body instanceof FormData;
  const headers: Record<string, string> = { accept, ...userDataHeader() };
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  return fetch(apiUrl(path, options.query), {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
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
