// The dashboard's queries through HTTP, as a signed-in user: each warmed once, then timed `runs`
// times in turn (one request at a time). A page whose count is only a lower bound ("more than
// 1,000") is followed by the request the dashboard makes for its exact count, timed as its own row.
import type { LineItemsResponse } from '@quayside/domain/line-items';
import { bearer } from './bench-server.ts';
import { summarize } from './stats.ts';

type Filter = { column: string; operator: string; value: string };
type Sort = { key: string; direction: 'asc' | 'desc' };
export type MixQuery = { name: string; path: string };

/** A line item that exists at every size: its PO number is the rare search, its shipment the suggestion. */
export type Sample = { title: string; shipment: string };

const lineItems = (parameters: {
  page?: number;
  q?: string;
  po?: string;
  filters?: Filter[];
  logic?: 'AND' | 'OR';
  sort?: Sort[];
  exception?: string;
}) => {
  const search = new URLSearchParams();
  if (parameters.page) search.set('page', String(parameters.page));
  if (parameters.q) search.set('q', parameters.q);
  if (parameters.po) search.set('po', parameters.po);
  if (parameters.filters) search.set('filters', JSON.stringify(parameters.filters));
  if (parameters.logic) search.set('logic', parameters.logic);
  if (parameters.sort) search.set('sort', JSON.stringify(parameters.sort));
  if (parameters.exception) search.set('exception', parameters.exception);
  const query = search.toString();
  return `/api/LineItems${query ? `?${query}` : ''}`;
};

const filter = (column: string, operator: string, value = ''): Filter => ({ column, operator, value });

export const COMMON_SEARCH = 'sea';
export const EXCEPTION_SUMMARY = 'exception summary (all six kinds)';

/** The fixed mix of the first performance targets: paging, a filter with a two-column sort, every operator, AND/OR, search, po=, suggestions. */
export function queryMix(sample: Sample): MixQuery[] {
  return [
    { name: 'default page', path: lineItems({}) },
    { name: 'page 200', path: lineItems({ page: 200 }) },
    {
      name: 'filter + two-column sort: AIR by Est. Delivery desc, PO #',
      path: lineItems({
        filters: [filter('transit_type', 'equals', 'AIR')],
        sort: [
          { key: 'est_delivery', direction: 'desc' },
          { key: 'title', direction: 'asc' },
        ],
      }),
    },
    {
      name: 'contains: Consignee contains pipe',
      path: lineItems({ filters: [filter('cosignee_name', 'contains', 'pipe')] }),
    },
    {
      name: 'startsWith: PO # starts with PO-00',
      path: lineItems({ filters: [filter('title', 'startsWith', 'PO-00')] }),
    },
    {
      name: 'endsWith: Consignee ends with dominicana',
      path: lineItems({ filters: [filter('cosignee_name', 'endsWith', 'dominicana')] }),
    },
    {
      name: 'equals: Dest. equals DOCAU',
      path: lineItems({ filters: [filter('destination_port', 'equals', 'DOCAU')] }),
    },
    { name: 'isNot: Transit Type is not SEA', path: lineItems({ filters: [filter('transit_type', 'isNot', 'SEA')] }) },
    {
      name: 'greaterThan: Total Qty > 2500',
      path: lineItems({ filters: [filter('total_qty', 'greaterThan', '2500')] }),
    },
    {
      name: 'lessThan: Dest. ETA < 2026-09-01',
      path: lineItems({ filters: [filter('dest_eta', 'lessThan', '2026-09-01')] }),
    },
    { name: 'isEmpty: ATA is empty', path: lineItems({ filters: [filter('ata', 'isEmpty')] }) },
    { name: 'isNotEmpty: ATD is not empty', path: lineItems({ filters: [filter('atd', 'isNotEmpty')] }) },
    {
      name: 'AND of three: SEA, pipe, Total Qty > 1000',
      path: lineItems({
        filters: [
          filter('transit_type', 'equals', 'SEA'),
          filter('cosignee_name', 'contains', 'pipe'),
          filter('total_qty', 'greaterThan', '1000'),
        ],
        logic: 'AND',
      }),
    },
    {
      name: 'OR of three: COU, DOCAU, PO-001…',
      path: lineItems({
        filters: [
          filter('transit_type', 'equals', 'COU'),
          filter('destination_port', 'equals', 'DOCAU'),
          filter('title', 'startsWith', 'PO-001'),
        ],
        logic: 'OR',
      }),
    },
    { name: 'rare search', path: lineItems({ q: sample.title }) },
    { name: 'common search: sea', path: lineItems({ q: COMMON_SEARCH }) },
    { name: 'po= lookup', path: lineItems({ po: sample.title }) },
    // 'Needs attention'. The summary counts every kind for the user (target 200 ms).
    { name: EXCEPTION_SUMMARY, path: '/api/Exceptions/summary' },
    { name: 'needs attention: late arrival', path: lineItems({ exception: 'late_arrival' }) },
    {
      name: 'needs attention: any of the six kinds',
      path: lineItems({
        exception: 'late_departure,late_arrival,late_delivery,eta_slipped,missing_documents,stale',
      }),
    },
    {
      name: 'needs attention: ETA slipped, SEA, sorted by Dest. ETA',
      path: lineItems({
        exception: 'eta_slipped',
        filters: [filter('transit_type', 'equals', 'SEA')],
        sort: [{ key: 'dest_eta', direction: 'asc' }],
      }),
    },
    {
      name: 'shipment suggestion',
      path: `/api/Shipments?shipmentMatch=${encodeURIComponent(sample.shipment.slice(0, -2))}`,
    },
  ];
}

export type MixRow = {
  name: string;
  /** How many line items match (exactly, or "more than 1,000": 1,001), or how many suggestions came. */
  matches: number;
  median: number;
  p95: number;
  max: number;
  runs: number;
};

async function timed(baseURL: string, token: string, requestPath: string) {
  const started = performance.now();
  const response = await fetch(baseURL + requestPath, { headers: bearer(token) });
  const body = await response.json();
  const elapsed = performance.now() - started;
  if (!response.ok) throw new Error(`${requestPath}: ${response.status} ${JSON.stringify(body)}`);
  return { elapsed, body };
}

/**
 * Warms once, then times `runs` runs. Each run adds a parameter the server ignores, so its URL is
 * new and the answer is computed, never one the server remembered (it remembers answers while
 * nothing is written): these are the query's own times.
 */
async function timeRuns(baseURL: string, token: string, requestPath: string, runs: number) {
  const unique = (run: number) => `${requestPath}${requestPath.includes('?') ? '&' : '?'}unique=${Date.now()}-${run}`;
  const { body } = await timed(baseURL, token, unique(-1));
  const times: number[] = [];
  for (let run = 0; run < runs; run++) times.push((await timed(baseURL, token, unique(run))).elapsed);
  return { body, ...summarize(times) };
}

/**
 * Times each query of the mix. A search or filter also gets an "exact count" row: the request the
 * dashboard sends when the page says "more than 1,000" (timed at every size, so sizes compare).
 */
export async function runMix(baseURL: string, token: string, mix: MixQuery[], runs: number): Promise<MixRow[]> {
  const rows: MixRow[] = [];
  for (const query of mix) {
    const { body, ...times } = await timeRuns(baseURL, token, query.path, runs);
    const page = body as Partial<LineItemsResponse> & { shipments?: unknown[] } & { total?: number };
    rows.push({ name: query.name, matches: page.total ?? page.shipments?.length ?? 0, ...times });
    // A search or filter: the dashboard asks for its exact count when the page says "more than 1,000".
    if (!/[?&](q|filters|exception)=/.test(query.path)) continue;
    const exact = await timeRuns(baseURL, token, query.path.replace('/api/LineItems', '/api/LineItems/count'), runs);
    const { body: counted, ...countTimes } = exact;
    rows.push({ name: `${query.name}: exact count`, matches: (counted as { total: number }).total, ...countTimes });
  }
  return rows;
}

/** A line item in the middle of the default order, so its PO number is rare and exists at every size. */
export async function pickSample(baseURL: string, token: string): Promise<Sample> {
  const { body } = await timed(baseURL, token, lineItems({ page: 3 }));
  const lineItem = (body as LineItemsResponse).lineItems[17];
  if (!lineItem) throw new Error('the database holds too few line items for the mix');
  return { title: lineItem.title, shipment: lineItem.related_shipment };
}
