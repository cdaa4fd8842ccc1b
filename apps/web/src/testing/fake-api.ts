import { vi } from 'vitest';

// The network boundary of a screen test: `fetch` answered by handlers, one per 'METHOD /path',
// every call recorded so a test can say what the screen asked the server.

export type ApiCall = { method: string; path: string; query: URLSearchParams; body: unknown };
type Handler = (call: ApiCall) => unknown;

export type FakeApi = {
  calls: ApiCall[];
  /** The calls to one 'METHOD /path'. */
  callsTo: (route: string) => ApiCall[];
};

/** A JSON answer with another status than 200. */
export class Answer {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

export function fakeApi(handlers: Record<string, Handler>): FakeApi {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://quayside.test');
    const method = (init.method ?? 'GET').toUpperCase();
    const text = typeof init.body === 'string' ? init.body : null;
    const call: ApiCall = { method, path: url.pathname, query: url.searchParams, body: text ? JSON.parse(text) : null };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) return Response.json({ message: `No fake for ${method} ${url.pathname}` }, { status: 404 });
    const answer = await handler(call);
    return answer instanceof Answer ? Response.json(answer.body, { status: answer.status }) : Response.json(answer);
  });
  return { calls, callsTo: (route) => calls.filter((call) => `${call.method} ${call.path}` === route) };
}
