import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CarrierEventsResponse } from '@quayside/domain/carrier-events';
import type { DateHistoryResponse } from '@quayside/domain/date-history';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config.ts';
import { defineJobs, JOB_NAMES } from '../../../jobs/jobs.ts';
import { insertShipment } from '../../../testing/fixtures.ts';
import { bearer, createTestApp, signInCast, type TestApp } from '../../../testing/test-app.ts';
import { equipmentEvent, transportEvent } from '../dcsa-events.ts';
import { dcsaTntProvider, eventsUrlOf } from './dcsa-tnt-provider.ts';
import { PULL_DEFAULTS, type PullReport, pullCarrierEvents } from './pull-carrier-events.ts';
import type { VisibilityProvider, VisibilityQuery } from './visibility-provider.ts';

// Pulling carrier events from a visibility provider: a fake DCSA Track & Trace 2.2 publisher on
// loopback (a real HTTP server: GET /v2/events, a bearer key, filters, Next-Page), the
// carrier-events-pull job run as a worker runs it, and what a user then sees: the shipment's dates
// moved, the date history naming the provider, a rerun changing nothing; shipments already arrived
// never asked about; a provider's failures reported in the run, never losing the other shipments'.

const KEY = 'provider-api-key-0123456789';
/** The publisher's largest page: it pages a longer answer, whatever `limit` asks. */
const SERVER_PAGE = 3;
/** The test's 'now': which shipments are stale, and whose turn it is. */
const NOW = new Date('2026-11-20T12:00:00Z');

type Fault = 500 | 'html' | 'object' | 'huge' | 'slow' | 'elsewhere';
type FakeProvider = {
  url: string;
  /** What it publishes. */
  events: Record<string, unknown>[];
  /** Each request's path and query, in order. */
  asked: string[];
  /** Requests refused for their key. */
  refusals: number;
  /** How Next-Page is written: a link, or the bare cursor the standard shows as its example. */
  nextPage: 'link' | 'cursor';
  /** A failure to answer with, by the identifier asked about. */
  faults: Map<string, Fault>;
  close: () => Promise<void>;
};

const references = (event: Record<string, unknown>, type: string) =>
  ((event.documentReferences ?? []) as { documentReferenceType: string; documentReferenceValue: string }[])
    .filter((reference) => reference.documentReferenceType === type)
    .map((reference) => reference.documentReferenceValue);
const containersOf = (event: Record<string, unknown>) => [
  ...(typeof event.equipmentReference === 'string' ? [event.equipmentReference] : []),
  ...((event.references ?? []) as { referenceType: string; referenceValue: string }[])
    .filter((reference) => reference.referenceType === 'EQ')
    .map((reference) => reference.referenceValue),
];

/** A DCSA T&T 2.2 publisher on 127.0.0.1, its API under /tnt. */
async function startFakeProvider(): Promise<FakeProvider> {
  const state = { events: [], asked: [], refusals: 0, nextPage: 'link', faults: new Map() } as Omit<
    FakeProvider,
    'url' | 'close'
  >;
  const timers = new Set<NodeJS.Timeout>();
  const json = (response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
    if (request.method !== 'GET' || url.pathname !== '/tnt/v2/events') return json(response, 404, {});
    if (request.headers.authorization !== `Bearer ${KEY}`) {
      state.refusals += 1;
      return json(response, 401, {
        httpMethod: 'GET',
        requestUri: url.pathname,
        statusCode: 401,
        statusCodeText: 'Unauthorized',
        errors: [{ reason: 'unauthorized', message: 'The API key is not valid.' }],
      });
    }
    state.asked.push(`${url.pathname}${url.search}`);
    // A cursor carries the query it pages through, as the standard's publishers make them.
    const cursor = url.searchParams.get('cursor');
    const { offset, equipment, document } = cursor
      ? (JSON.parse(Buffer.from(cursor, 'base64url').toString()) as {
          offset: number;
          equipment: string | null;
          document: string | null;
        })
      : {
          offset: 0,
          equipment: url.searchParams.get('equipmentReference'),
          document: url.searchParams.get('transportDocumentReference'),
        };
    const fault = state.faults.get(equipment ?? document ?? '');
    if (fault === 500) return json(response, 500, { statusCodeText: 'Internal Server Error' });
    if (fault === 'html') {
      response.writeHead(200, { 'content-type': 'text/html' });
      return response.end('<html>Maintenance</html>');
    }
    if (fault === 'object') return json(response, 200, { events: [] });
    if (fault === 'slow') {
      const timer = setTimeout(() => json(response, 200, []), 3_000);
      timers.add(timer);
      response.on('close', () => clearTimeout(timer));
      return;
    }
    const matching = state.events.filter(
      (event) =>
        (equipment === null || containersOf(event).includes(equipment)) &&
        (document === null || references(event, 'TRD').includes(document)),
    );
    if (fault === 'huge')
      return json(
        response,
        200,
        Array.from({ length: 50 }, () => matching[0] ?? {}),
      );
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 100), SERVER_PAGE);
    const next = offset + limit < matching.length;
    const token = Buffer.from(JSON.stringify({ offset: offset + limit, equipment, document })).toString('base64url');
    const headers: Record<string, string> =
      fault === 'elsewhere'
        ? { 'next-page': `http://provider.example/tnt/v2/events?cursor=${token}` }
        : next
          ? { 'next-page': state.nextPage === 'link' ? `${url.origin}/tnt/v2/events?cursor=${token}` : token }
          : {};
    json(response, 200, matching.slice(offset, offset + limit), headers);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/tnt`,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  });
}

let t: TestApp;
let admin: string;
let provider: FakeProvider;

const jobs = (config = t.config) => defineJobs(t.db, config, pino({ level: 'silent' }));
const runPull = async (config = t.config) =>
  (await jobs(config)
    .find((job) => job.name === JOB_NAMES.carrierEventsPull)
    ?.handle({})) as PullReport;
const get = async <T>(url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(admin) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};
const datesOf = async (shipment: string) =>
  (await get<{ shipments: Record<string, string | null>[] }>(`/api/Shipments?shipment=${shipment}`)).shipments[0];
const historyOf = async (shipment: string, field: string) =>
  (await get<DateHistoryResponse>(`/api/Shipments/history?shipment=${shipment}`)).changes.filter(
    (change) => change.field === field,
  );
const timelineOf = async (shipment: string) =>
  (await get<CarrierEventsResponse>(`/api/Shipments/carrier-events?shipment=${shipment}`)).events;
const askedAbout = (identifier: string) => provider.asked.filter((asked) => asked.includes(`=${identifier}&`));

beforeAll(async () => {
  provider = await startFakeProvider();
  t = await createTestApp({ clock: () => NOW, visibilityProvider: { url: provider.url, token: KEY } });
  ({ admin } = await signInCast(t));
  const sea = { forwarder_name: 'Blue Anchor', mode: 'SEA' };
  // Asked by its container and by its Master.
  await insertShipment(t.db, {
    ...sea,
    shipment: 'PULL-ETA',
    origin: 'CNSHA',
    dest: 'AUSYD',
    container_number: 'MSCU1234565 / TBA',
    master: 'MEDU 9000001',
    dest_eta: new Date('2026-12-01T00:00:00Z'),
  });
  // Asked by its Master alone.
  await insertShipment(t.db, { ...sea, shipment: 'PULL-DOC', origin: 'CNNGB', dest: 'AUMEL', master: 'MEDU9000002' });
  // Its container's events fill three pages.
  await insertShipment(t.db, {
    ...sea,
    shipment: 'PULL-PAGES',
    origin: 'CNNGB',
    dest: 'AUMEL',
    container_number: 'CAIU5555550',
    dest_eta: new Date('2026-12-01T00:00:00Z'),
  });
  // Not worth asking about: arrived, no identifier to ask by, expected long ago and never closed.
  await insertShipment(t.db, {
    ...sea,
    shipment: 'PULL-ARRIVED',
    origin: 'CNSHA',
    dest: 'AUSYD',
    container_number: 'TGHU7777770',
    ata: new Date('2026-11-01T00:00:00Z'),
  });
  await insertShipment(t.db, { ...sea, shipment: 'PULL-NOTHING', container_number: 'TBA', dest: 'AUSYD' });
  await insertShipment(t.db, {
    ...sea,
    shipment: 'PULL-STALE',
    container_number: 'OOLU1111118',
    dest: 'AUSYD',
    dest_eta: new Date('2026-08-01T00:00:00Z'),
  });

  provider.events.push(
    transportEvent({
      code: 'ARRI',
      classifier: 'EST',
      at: '2026-12-05T06:00:00+10:00',
      location: 'AUSYD',
      containers: ['MSCU1234565'],
      documents: ['MEDU9000001'],
    }),
    equipmentEvent({
      code: 'LOAD',
      classifier: 'ACT',
      at: '2026-11-02T09:00:00+08:00',
      container: 'MSCU1234565',
      location: 'CNSHA',
    }),
    transportEvent({
      code: 'DEPA',
      classifier: 'ACT',
      at: '2026-11-03T01:30:00+08:00',
      location: 'CNSHA',
      documents: ['MEDU9000001'],
    }),
    transportEvent({
      code: 'ARRI',
      classifier: 'EST',
      at: '2026-12-09T08:00:00+11:00',
      location: 'AUMEL',
      documents: ['MEDU9000002'],
    }),
    // The arrived shipment's and the stale one's: never asked for, so never received.
    transportEvent({
      code: 'ARRI',
      classifier: 'EST',
      at: '2026-12-24T08:00:00+11:00',
      location: 'AUSYD',
      containers: ['TGHU7777770'],
    }),
    transportEvent({
      code: 'ARRI',
      classifier: 'EST',
      at: '2026-12-24T08:00:00+11:00',
      location: 'AUSYD',
      containers: ['OOLU1111118'],
    }),
  );
  const paged = { classifier: 'ACT' as const, container: 'CAIU5555550' };
  provider.events.push(
    equipmentEvent({ ...paged, code: 'GTOT', at: '2026-10-28T10:00:00+08:00', location: 'CNNGB', empty: true }),
    equipmentEvent({ ...paged, code: 'GTIN', at: '2026-10-30T10:00:00+08:00', location: 'CNNGB' }),
    equipmentEvent({ ...paged, code: 'LOAD', at: '2026-11-01T10:00:00+08:00', location: 'CNNGB' }),
    transportEvent({
      code: 'DEPA',
      classifier: 'ACT',
      at: '2026-11-01T22:00:00+08:00',
      location: 'CNNGB',
      containers: ['CAIU5555550'],
    }),
    equipmentEvent({ ...paged, code: 'DISC', at: '2026-11-06T10:00:00+08:00', location: 'SGSIN' }),
    equipmentEvent({ ...paged, code: 'LOAD', at: '2026-11-08T10:00:00+08:00', location: 'SGSIN' }),
    // On the third page: read only if Next-Page is followed twice.
    transportEvent({
      code: 'ARRI',
      classifier: 'EST',
      at: '2026-12-03T07:00:00+11:00',
      location: 'AUMEL',
      containers: ['CAIU5555550'],
    }),
  );
});
afterAll(async () => {
  await t.close();
  await provider.close();
});
afterEach(() => {
  provider.faults.clear();
  provider.nextPage = 'link';
});

describe('the carrier-events-pull job', () => {
  it('is scheduled every half hour, and does nothing without a provider configured', async () => {
    expect(jobs().find((job) => job.name === JOB_NAMES.carrierEventsPull)?.cron).toBe('*/30 * * * *');
    expect(await runPull({ ...t.config, visibilityProvider: undefined })).toEqual({
      skipped: 'no provider configured',
    });
    expect(provider.asked).toEqual([]);
  });

  it('moves the shipments’ dates by what the provider answers, recorded as the provider’s', async () => {
    expect(await runPull()).toEqual({
      shipments: 3,
      // PULL-ETA's estimated arrival answered for its container and its Master counts once.
      events: 11,
      applied: 5,
      recorded: 6,
      review: 0,
      duplicates: 0,
      refused: 0,
      failed: 0,
      errors: [],
      stopped: null,
    });
    expect(await datesOf('PULL-ETA')).toMatchObject({
      'Dest. ETA': '2026-12-05T00:00:00.000Z',
      ATD: '2026-11-03T00:00:00.000Z',
    });
    expect(await historyOf('PULL-ETA', 'dest_eta')).toEqual([
      expect.objectContaining({
        newValue: '2026-12-05T00:00:00.000Z',
        source: 'carrier event:provider:127.0.0.1',
        by: null,
      }),
    ]);
    expect((await datesOf('PULL-DOC'))?.['Dest. ETA']).toBe('2026-12-09T00:00:00.000Z');
    expect((await timelineOf('PULL-ETA')).map((event) => [event.title, event.sender, event.applied])).toEqual([
      ['Arrival (estimated)', 'provider:127.0.0.1', 'Dest. ETA'],
      ['Departure (actual)', 'provider:127.0.0.1', 'ATD'],
      ['Loaded (actual)', 'provider:127.0.0.1', null],
    ]);
  });

  it('asks by each container and by the Master, never about an arrived, stale or unidentifiable shipment', () => {
    expect(askedAbout('MSCU1234565')).toEqual(['/tnt/v2/events?equipmentReference=MSCU1234565&limit=100']);
    // The Master as matching compares it: without its space.
    expect(askedAbout('MEDU9000001')).toEqual(['/tnt/v2/events?transportDocumentReference=MEDU9000001&limit=100']);
    expect(askedAbout('MEDU9000002')).toHaveLength(1);
    expect(provider.asked.join('\n')).not.toMatch(/TGHU7777770|OOLU1111118|TBA/);
  });

  it('follows Next-Page to the last page', async () => {
    // Three pages of three: the third has the estimated arrival.
    expect(provider.asked.filter((asked) => asked.includes('cursor='))).toHaveLength(2);
    expect(await timelineOf('PULL-PAGES')).toHaveLength(7);
    expect(await datesOf('PULL-PAGES')).toMatchObject({
      'Dest. ETA': '2026-12-03T00:00:00.000Z',
      ATD: '2026-11-01T00:00:00.000Z',
    });
    // A Next-Page that is the bare cursor (the standard's example) is asked for beside the same filter.
    provider.nextPage = 'cursor';
    const pages = dcsaTntProvider({ url: provider.url, token: KEY });
    const before = provider.asked.length;
    expect(
      await pages.eventsFor({ containers: ['CAIU5555550'], documents: [] }, AbortSignal.timeout(5_000)),
    ).toHaveLength(7);
    expect(provider.asked.slice(before)).toEqual([
      '/tnt/v2/events?equipmentReference=CAIU5555550&limit=100',
      expect.stringMatching(/^\/tnt\/v2\/events\?equipmentReference=CAIU5555550&limit=100&cursor=[\w-]+$/),
      expect.stringMatching(/&cursor=[\w-]+$/),
    ]);
  });

  it('changes nothing when run again: every event is a duplicate', async () => {
    const report = await runPull();
    expect(report).toMatchObject({ shipments: 3, events: 11, applied: 0, duplicates: 11, failed: 0, stopped: null });
    expect(await historyOf('PULL-ETA', 'dest_eta')).toHaveLength(1);
    expect(await timelineOf('PULL-PAGES')).toHaveLength(7);
  });

  it('reports a shipment the provider fails on, and keeps the other shipments’ news from the same run', async () => {
    provider.faults.set('MEDU9000002', 500);
    provider.events.push(
      transportEvent({
        code: 'ARRI',
        classifier: 'EST',
        at: '2026-12-20T07:00:00+11:00',
        location: 'AUMEL',
        containers: ['CAIU5555550'],
      }),
    );
    const report = await runPull();
    expect(report).toMatchObject({ shipments: 3, applied: 1, failed: 1, stopped: null });
    expect(report.errors).toEqual([
      expect.stringMatching(
        /^PULL-DOC: GET http:\/\/127\.0\.0\.1:\d+\/tnt\/v2\/events\?transportDocumentReference=MEDU9000002&limit=100: answered 500 Internal Server Error: Internal Server Error$/,
      ),
    ]);
    expect((await datesOf('PULL-PAGES'))?.['Dest. ETA']).toBe('2026-12-20T00:00:00.000Z');
  });

  it('leaves out an event that is not valid DCSA, taking the shipment’s others', async () => {
    provider.events.push(
      {
        ...transportEvent({
          code: 'ARRI',
          classifier: 'EST',
          at: '2026-12-11T08:00:00+11:00',
          location: 'AUMEL',
          documents: ['MEDU9000002'],
        }),
        eventDateTime: '2026-12-11T08:00:00',
      },
      transportEvent({
        code: 'ARRI',
        classifier: 'EST',
        at: '2026-12-12T08:00:00+11:00',
        location: 'AUMEL',
        documents: ['MEDU9000002'],
      }),
    );
    const report = await runPull();
    expect(report).toMatchObject({ applied: 1, refused: 1, failed: 0 });
    expect(report.errors).toEqual([
      expect.stringMatching(
        /^PULL-DOC: Not a valid DCSA Track & Trace 2\.2 notification: an event \(.+\): eventDateTime must be an ISO 8601/,
      ),
    ]);
    expect((await datesOf('PULL-DOC'))?.['Dest. ETA']).toBe('2026-12-12T00:00:00.000Z');
  });

  it('with a wrong key, reports the refusal and stops asking, keeping what earlier runs applied', async () => {
    const report = await runPull({ ...t.config, visibilityProvider: { url: provider.url, token: 'a wrong key' } });
    expect(report).toMatchObject({ shipments: 1, events: 0, applied: 0, failed: 1 });
    expect(report.stopped).toMatch(
      /answered 401 Unauthorized: The API key is not valid\. \(is VISIBILITY_PROVIDER_TOKEN right\?\)$/,
    );
    expect(report.errors).toHaveLength(1);
    expect(JSON.stringify(report)).not.toContain('a wrong key');
    // One refusal is enough: the other shipments are not asked with a key the provider refuses.
    expect(provider.refusals).toBe(1);
    expect((await datesOf('PULL-ETA'))?.['Dest. ETA']).toBe('2026-12-05T00:00:00.000Z');
    expect((await datesOf('PULL-PAGES'))?.['Dest. ETA']).toBe('2026-12-20T00:00:00.000Z');
  });

  it('gives every shipment its turn when there are more than a run asks about', async () => {
    const asked: VisibilityQuery[] = [];
    const recording: VisibilityProvider = {
      name: 'recording',
      eventsFor: async (query) => {
        asked.push(query);
        return [];
      },
    };
    const turn = Math.floor(NOW.getTime() / PULL_DEFAULTS.periodMs);
    const run = async (n: number) => {
      asked.length = 0;
      const now = new Date((turn + n) * PULL_DEFAULTS.periodMs);
      await pullCarrierEvents(t.db, recording, { now, shipmentsPerRun: 2 });
      return asked.map((query) => [...query.containers, ...query.documents].join(' '));
    };
    const first = await run(0);
    const second = await run(1);
    expect(first).toHaveLength(2);
    expect(second).toHaveLength(2);
    // Three shipments, two a run: the second run asks the one the first did not, then starts again.
    expect(new Set([...first, ...second])).toEqual(new Set(['MSCU1234565 MEDU9000001', 'MEDU9000002', 'CAIU5555550']));
    expect(first.filter((shipment) => second.includes(shipment))).toHaveLength(1);
  });
});

describe('the DCSA T&T 2.2 client', () => {
  const ask = (container: string, options: Partial<Parameters<typeof dcsaTntProvider>[0]> = {}) =>
    dcsaTntProvider({ url: provider.url, token: KEY, ...options }).eventsFor(
      { containers: [container], documents: [] },
      AbortSignal.timeout(10_000),
    );

  it('asks GET <url>/v2/events however the URL is written', () => {
    for (const url of [
      'https://tnt.example.com',
      'https://tnt.example.com/',
      'https://tnt.example.com/v2',
      'https://tnt.example.com/v2/events/',
    ]) {
      expect(eventsUrlOf(url).href).toBe('https://tnt.example.com/v2/events');
    }
    expect(eventsUrlOf('https://api.example.com/dcsa/tnt?tenant=7').href).toBe(
      'https://api.example.com/dcsa/tnt/v2/events?tenant=7',
    );
  });

  it.each([
    ['html', /: answered text\/html, not JSON$/],
    ['object', /: answered a JSON object, not an array of events$/],
    ['elsewhere', /: Next-Page leads to another site \(http:\/\/provider\.example\); not followed$/],
  ] as const)('refuses an answer that is %s, saying so', async (fault, message) => {
    provider.faults.set('CAIU5555550', fault);
    await expect(ask('CAIU5555550')).rejects.toThrow(message);
  });

  it('bounds each answer’s size, each request’s time, and the pages followed', async () => {
    provider.faults.set('CAIU5555550', 'huge');
    await expect(ask('CAIU5555550', { maxBytes: 4_000 })).rejects.toThrow(/: answered more than 4000 bytes$/);
    provider.faults.set('CAIU5555550', 'slow');
    const started = performance.now();
    await expect(ask('CAIU5555550', { timeoutMs: 300 })).rejects.toThrow(
      /^GET http:\/\/127\.0\.0\.1:\d+\/tnt\/v2\/events\?equipmentReference=CAIU5555550&limit=100: no answer within 300 ms$/,
    );
    expect(performance.now() - started).toBeLessThan(2_500);
    provider.faults.clear();
    await expect(ask('CAIU5555550', { maxPages: 2 })).rejects.toThrow(/: more than 2 pages; not read further$/);
  });
});

describe('configuration', () => {
  it('takes VISIBILITY_PROVIDER_URL and VISIBILITY_PROVIDER_TOKEN, or neither', () => {
    expect(loadConfig({}).visibilityProvider).toBeUndefined();
    expect(
      loadConfig({ VISIBILITY_PROVIDER_URL: '', VISIBILITY_PROVIDER_TOKEN: '' }).visibilityProvider,
    ).toBeUndefined();
    expect(
      loadConfig({ VISIBILITY_PROVIDER_URL: 'https://tnt.example.com/v2', VISIBILITY_PROVIDER_TOKEN: 'key' })
        .visibilityProvider,
    ).toEqual({ url: 'https://tnt.example.com/v2', token: 'key' });
    expect(() => loadConfig({ VISIBILITY_PROVIDER_URL: 'ftp://tnt.example.com' })).toThrow(/VISIBILITY_PROVIDER_URL: /);
    expect(() => loadConfig({ VISIBILITY_PROVIDER_TOKEN: 'key' })).toThrow(ConfigError);
    expect(() => loadConfig({ VISIBILITY_PROVIDER_TOKEN: 'key' })).toThrow(
      /^Invalid configuration:\n {2}VISIBILITY_PROVIDER_URL: /,
    );
  });
});
