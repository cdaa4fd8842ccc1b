import { definedOnly } from '../../../lib/defined-only.ts';
import { type VisibilityProvider, VisibilityProviderError, type VisibilityQuery } from './visibility-provider.ts';

// A client of any DCSA Track & Trace 2.2 publisher's GET /v2/events (the standard's OpenAPI file is
// ../dcsa/TNT_v2.2.0-resolved.yaml): a carrier's own, or a visibility provider's that speaks DCSA.
// It asks once per identifier (equipmentReference for a container, transportDocumentReference for a
// Master) and follows Next-Page, every request bounded in time and size.

export type DcsaTntOptions = {
  /** The publisher's base URL: GET <url>/v2/events is asked (a URL already ending in /v2/events is used as it is). */
  url: string;
  /** Its API key, sent as `Authorization: Bearer <token>`; unset, none is sent. */
  token: string | undefined;
  /** The sender's name; by default the URL's host name. */
  name?: string;
  /** Longest one request may take, answer read included. */
  timeoutMs?: number;
  /** Pages followed for one identifier before it is given up as a publisher's fault (a cursor going round). */
  maxPages?: number;
  /** Events asked for per page (`limit`); the publisher may send fewer, and says Next-Page when there are more. */
  pageSize?: number;
  /** Largest answer (one page) read, in bytes. */
  maxBytes?: number;
};

export const DCSA_TNT_DEFAULTS = {
  timeoutMs: 15_000,
  maxPages: 20,
  pageSize: 100,
  maxBytes: 10 * 1024 * 1024,
} as const;

/** The DCSA error answer's words, when the body is one (`errors[].message`, or its `statusCodeText`). */
type DcsaError = { statusCodeText?: unknown; errors?: { message?: unknown; reason?: unknown }[] };

/** GET <url>/v2/events, however the URL was given: with or without a trailing slash, /v2 or /v2/events. */
export function eventsUrlOf(url: string): URL {
  const base = new URL(url);
  const path = base.pathname.replace(/\/+$/, '');
  base.pathname = path.endsWith('/v2/events') ? path : path.endsWith('/v2') ? `${path}/events` : `${path}/v2/events`;
  base.hash = '';
  return base;
}

export function dcsaTntProvider(options: DcsaTntOptions): VisibilityProvider {
  const eventsUrl = eventsUrlOf(options.url);
  const { timeoutMs, maxPages, pageSize, maxBytes } = { ...DCSA_TNT_DEFAULTS, ...definedOnly(options) };
  const headers: Record<string, string> = {
    accept: 'application/json',
    // The standard lets a client name the major version it speaks.
    'api-version': '2',
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
  };

  /** One page: its events and the next page's address, if any. */
  const page = async (url: URL, signal: AbortSignal): Promise<{ events: unknown[]; next: string | null }> => {
    const asked = `GET ${url.href}`;
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, { headers, signal: AbortSignal.any([signal, timeout]) });
      text = await readCapped(response, maxBytes, asked);
    } catch (error) {
      if (signal.aborted) throw error;
      if (timeout.aborted) throw new Error(`${asked}: no answer within ${timeoutMs} ms`);
      if (error instanceof Error && error.message.startsWith(asked)) throw error;
      throw new Error(`${asked}: ${causeOf(error)}`);
    }
    if (!response.ok) {
      const what = `${asked}: answered ${response.status} ${response.statusText}${errorWords(text)}`;
      if (response.status === 401 || response.status === 403) {
        throw new VisibilityProviderError(`${what} (is VISIBILITY_PROVIDER_TOKEN right?)`, true);
      }
      if (response.status === 429) throw new VisibilityProviderError(what, true);
      throw new Error(what);
    }
    const type = response.headers.get('content-type') ?? '';
    if (!/^application\/([\w.+-]+\+)?json\b/i.test(type.trim())) {
      throw new Error(`${asked}: answered ${type ? `${type.split(';')[0]}` : 'no Content-Type'}, not JSON`);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`${asked}: answered malformed JSON`);
    }
    if (!Array.isArray(body)) {
      throw new Error(`${asked}: answered ${body === null ? 'null' : `a JSON ${typeof body}`}, not an array of events`);
    }
    return { events: body, next: response.headers.get('next-page') };
  };

  /** Every page of GET /v2/events with this one filter. */
  const eventsBy = async (parameter: string, value: string, signal: AbortSignal): Promise<unknown[]> => {
    const first = new URL(eventsUrl);
    first.searchParams.set(parameter, value);
    first.searchParams.set('limit', String(pageSize));
    const events: unknown[] = [];
    const seen = new Set<string>();
    let url: URL | null = first;
    for (let pages = 0; url; pages++) {
      if (pages === maxPages || seen.has(url.href)) {
        throw new Error(
          `GET ${first.href}: more than ${maxPages} pages${seen.has(url.href) ? ' (Next-Page goes round)' : ''}; not read further`,
        );
      }
      seen.add(url.href);
      const answer = await page(url, signal);
      events.push(...answer.events);
      url = answer.next?.trim() ? nextPageUrl(answer.next, url, first) : null;
    }
    return events;
  };

  return {
    name: options.name ?? eventsUrl.hostname,
    async eventsFor(query: VisibilityQuery, signal: AbortSignal) {
      const events: unknown[] = [];
      for (const container of query.containers)
        events.push(...(await eventsBy('equipmentReference', container, signal)));
      for (const document of query.documents) {
        events.push(...(await eventsBy('transportDocumentReference', document, signal)));
      }
      return events;
    },
  };
}

/**
 * Next-Page's address. The standard calls it 'a link to the next page' and shows a bare cursor as
 * its example, so both are taken: a link (absolute, or relative to the page that gave it), which
 * must stay on the publisher's site, since the API key goes with it; or a cursor, asked for as
 * `cursor` beside the first page's own filters (which can narrow the answer, never widen it).
 */
export function nextPageUrl(header: string, current: URL, first: URL): URL {
  const value = header.trim().replace(/^<(.*)>$/, '$1');
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('/') || value.startsWith('?')) {
    const next = new URL(value, current);
    if (next.origin !== first.origin) {
      throw new Error(`GET ${first.href}: Next-Page leads to another site (${next.origin}); not followed`);
    }
    return next;
  }
  const next = new URL(first);
  next.searchParams.set('cursor', value);
  return next;
}

/** The answer's text, refused past `maxBytes` (declared or read) without reading the rest. */
async function readCapped(response: Response, maxBytes: number, asked: string): Promise<string> {
  const tooLarge = () => new Error(`${asked}: answered more than ${maxBytes} bytes`);
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** What a refusal's body says, briefly, when it says anything. */
function errorWords(text: string): string {
  let words = '';
  try {
    const body = JSON.parse(text) as DcsaError;
    const messages = (body.errors ?? []).map((error) => error.message ?? error.reason).filter(Boolean);
    words =
      messages.length > 0 ? messages.join('; ') : typeof body.statusCodeText === 'string' ? body.statusCodeText : '';
  } catch {
    words = text;
  }
  const trimmed = String(words).replace(/\s+/g, ' ').trim().slice(0, 200);
  return trimmed ? `: ${trimmed}` : '';
}

/** A network failure in words: fetch's own message is 'fetch failed', its cause says why. */
function causeOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause : undefined;
  const code = (cause as { code?: unknown } | undefined)?.code;
  return cause
    ? `${cause.message}${typeof code === 'string' && !cause.message.includes(code) ? ` (${code})` : ''}`
    : error.message;
}
