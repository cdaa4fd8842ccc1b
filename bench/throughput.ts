// Many users at once: autocannon keeps 50 connections busy on one URL for 20 s, signed in as the Admin.
import autocannon from 'autocannon';
import { bearer } from './bench-server.ts';

export type ThroughputFigures = {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Answers other than 2xx. */
  non2xx: number;
  requests: number;
};

export async function measureThroughput(options: {
  name: string;
  url: string;
  token: string;
  connections?: number;
  seconds?: number;
  /**
   * Give every request its own URL (an extra parameter the server ignores), so none is answered
   * from the server's remembered answers: the cost of computing each page.
   */
  uniqueUrls?: boolean;
}): Promise<ThroughputFigures> {
  let sequence = 0;
  const url = new URL(options.url);
  const result = await autocannon({
    url: options.url,
    connections: options.connections ?? 50,
    duration: options.seconds ?? 20,
    headers: bearer(options.token),
    ...(options.uniqueUrls
      ? {
          requests: [
            {
              setupRequest: (request) => {
                url.searchParams.set('unique', String(sequence++));
                return { ...request, path: `${url.pathname}${url.search}` };
              },
            },
          ],
        }
      : {}),
  });
  return {
    name: options.name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}
