import type { NotificationsResponse } from '@quayside/domain/alerts';
import { LineItemQuery } from '@quayside/domain/line-item-query';
import type { LineItemRowsResponse } from '@quayside/domain/line-item-rows';
import type { LineItemsResponse } from '@quayside/domain/line-items';
import type { View } from '@quayside/domain/views';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineJobs, JOB_NAMES } from '../../jobs/jobs.ts';
import { bearer, createTestApp, signInCast, type TestApp } from '../../testing/test-app.ts';
import { queryCondition } from './line-item-sql.ts';

// The date columns' relative filters through the API, on a clock the test moves: a filter means the
// days of the day it is asked (a saved view keeps the operator and its number, never the dates),
// and 'changed in the last' reads the date history, saying what each date was.

let t: TestApp;
let admin: string;
let blue: string;
/** The server's clock: real time moved by `shift` (the date history is stamped by the database's clock). */
let shift = 0;
const DAY = 86_400_000;
const dayFromToday = (days: number) => new Date(Date.now() + shift + days * DAY).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date(Date.now() + shift) });
  ({ admin, blue } = await signInCast(t));
  await save('REL-TODAY', { 'Dest. ETA': dayFromToday(0) });
  await save('REL-WEEK', { 'Dest. ETA': dayFromToday(7) });
  await save('REL-EIGHT', { 'Dest. ETA': dayFromToday(8) });
  await save('REL-PAST', { 'Dest. ETA': dayFromToday(-1), ATD: dayFromToday(-20) });
  await save('REL-NONE', {});
});
afterAll(() => t.close());

/** Creates a shipment of Blue Anchor's with one PO, PO-<shipment>; or, with `id`, changes it. */
async function save(shipment: string, fields: Record<string, unknown>, id?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: id === undefined ? '/api/Shipments' : `/api/Shipments?id=${id}`,
    headers: bearer(admin),
    payload: [
      id === undefined
        ? { Shipment: shipment, 'Forwarder Name': 'Blue Anchor', 'Order Ref': [`PO-${shipment}`], ...fields }
        : fields,
    ],
  });
  expect(response.statusCode, response.body).toBe(200);
}

const filtersParam = (filters: unknown[]) => `filters=${encodeURIComponent(JSON.stringify(filters))}`;
/** The PO numbers the user sees for these filters, in Dest. ETA order. */
async function titles(token: string, filters: unknown[]) {
  const response = await t.app.inject({
    url: `/api/LineItems?${filtersParam(filters)}&sort=${encodeURIComponent('[{"key":"dest_eta","direction":"asc"}]')}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LineItemsResponse>().lineItems.map((lineItem) => lineItem.title);
}

describe("the date columns' relative filters", () => {
  it('answer the days of the day they are asked: today to today + 7, yesterday, before today', async () => {
    const nextWeek = [{ column: 'dest_eta', operator: 'inNextDays', value: '7' }];
    expect(await titles(admin, nextWeek)).toEqual(['PO-REL-TODAY', 'PO-REL-WEEK']);
    expect(await titles(admin, [{ column: 'dest_eta', operator: 'isToday' }])).toEqual(['PO-REL-TODAY']);
    expect(await titles(admin, [{ column: 'dest_eta', operator: 'beforeToday' }])).toEqual(['PO-REL-PAST']);
    expect(await titles(admin, [{ column: 'dest_eta', operator: 'inLastDays', value: '1' }])).toEqual([
      'PO-REL-PAST',
      'PO-REL-TODAY',
    ]);
    const between = `${dayFromToday(-1)}/${dayFromToday(0)}`;
    expect(await titles(blue, [{ column: 'dest_eta', operator: 'between', value: between }])).toEqual([
      'PO-REL-PAST',
      'PO-REL-TODAY',
    ]);
    shift += DAY;
    try {
      expect(await titles(admin, nextWeek)).toEqual(['PO-REL-WEEK', 'PO-REL-EIGHT']);
    } finally {
      shift -= DAY;
    }
  });

  it('stay relative in a saved view: saved today, a week later the view means that week’s dates', async () => {
    const filters = JSON.stringify([{ column: 'dest_eta', operator: 'inNextDays', value: '7' }]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/Views',
      headers: bearer(admin),
      payload: { name: 'Arriving this week', query: { filters, logic: 'AND' } },
    });
    expect(created.statusCode, created.body).toBe(201);
    shift += 7 * DAY;
    try {
      const view = await t.app.inject({ url: `/api/Views/${created.json<View>().id}`, headers: bearer(admin) });
      expect(view.json<View>().query.filters).toBe(filters);
      // A week on, the same view's week: what arrives 7 and 8 days after it was saved.
      expect(await titles(admin, JSON.parse(filters))).toEqual(['PO-REL-WEEK', 'PO-REL-EIGHT']);
    } finally {
      shift -= 7 * DAY;
    }
  });

  it('find the dates changed in the last N hours by the date history, each with what it was then', async () => {
    const move = async (eta: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/Shipments?id=REL-WEEK',
        headers: bearer(admin),
        payload: [{ 'Dest. ETA': eta }],
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const first = dayFromToday(7);
    await move(dayFromToday(9));
    await move(dayFromToday(10));
    // An older change, two days back: outside 24 hours, inside 3 days.
    await t.db.execute(sql`update shipment_date_changes set changed_at = now() - interval '2 days'
      where shipment_id = (select id from shipments where shipment = 'REL-PAST') `);
    await t.db.execute(sql`insert into shipment_date_changes (shipment_id, field, old_value, new_value, changed_at, source)
      select id, 'dest_eta', null, dest_eta, now() - interval '2 days', 'api' from shipments where shipment = 'REL-PAST'`);

    const lastDay = [{ column: 'dest_eta', operator: 'changedInLastHours', value: '24' }];
    const response = await t.app.inject({ url: `/api/LineItems?${filtersParam(lastDay)}`, headers: bearer(admin) });
    const page = response.json<LineItemsResponse>();
    expect(page.lineItems.map((lineItem) => [lineItem.title, lineItem.was])).toEqual([
      ['PO-REL-WEEK', { dest_eta: `${first}T00:00:00.000Z` }],
    ]);
    expect(await titles(blue, [{ column: 'dest_eta', operator: 'changedInLastDays', value: '3' }])).toEqual([
      'PO-REL-PAST',
      'PO-REL-WEEK',
    ]);
    // Another date of the same shipment has not changed.
    expect(await titles(admin, [{ column: 'atd', operator: 'changedInLastDays', value: '3' }])).toEqual([]);

    // The dashboard's rows: the date as the table shows it, after the columns.
    const rows = await t.app.inject({
      url: `/api/LineItems/rows?${filtersParam(lastDay)}&columns=title,dest_eta`,
      headers: bearer(admin),
    });
    const answer = rows.json<LineItemRowsResponse>();
    expect(answer.names.at(-1)).toBe('was');
    expect(answer.rows.map((values) => values.at(-1))).toEqual([{ dest_eta: first }]);

    // A day later the same filter finds nothing: its window moved with the clock, with no write.
    shift += DAY + 60_000;
    try {
      expect(await titles(admin, lastDay)).toEqual([]);
    } finally {
      shift -= DAY + 60_000;
    }
  });
});

describe('the relative filters at scale', () => {
  /** The plan of a page of line_item_rows matching `filters`, the planner kept from reading tables whole. */
  async function plan(filters: unknown[]) {
    const query = LineItemQuery.parse({ filters: JSON.stringify(filters) });
    const condition = queryCondition(query, { today: dayFromToday(0), etaSlipDays: 3, now: new Date().toISOString() });
    return t.db.transaction(async (tx) => {
      // The tables are small: without these the planner would rightly read them whole.
      await tx.execute(sql`set local enable_seqscan = off`);
      const explained = await tx.execute<{ 'QUERY PLAN': string }>(
        sql`explain select r.line_item_id from line_item_rows r where ${condition} limit 50`,
      );
      return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  }

  it('compile to the range greaterThan and lessThan make on the same column, which its index answers', async () => {
    const relative = await plan([{ column: 'dest_eta', operator: 'inNextDays', value: '7' }]);
    const compared = await plan([
      { column: 'dest_eta', operator: 'greaterThan', value: dayFromToday(-1) },
      { column: 'dest_eta', operator: 'lessThan', value: dayFromToday(8) },
    ]);
    expect(relative).toMatch(
      /Index Cond: \(\(dest_eta >= '\d{4}-\d\d-\d\d'::date\) AND \(dest_eta <= '\d{4}-\d\d-\d\d'::date\)\)/,
    );
    expect(compared).toMatch(
      /Index Cond: \(\(dest_eta > '\d{4}-\d\d-\d\d'::date\) AND \(dest_eta < '\d{4}-\d\d-\d\d'::date\)\)/,
    );
    // The same plan but for the bounds and the planner's estimates.
    const shape = (text: string) => text.replace(/ [<>]=? '[^']+'/g, '').replace(/\(cost=[^)]*\)/g, '');
    expect(shape(relative)).toBe(shape(compared));
  });

  it("find a date's recent changes by the date history's (field, changed_at) index", async () => {
    expect(await plan([{ column: 'dest_eta', operator: 'changedInLastHours', value: '24' }])).toMatch(
      /shipment_date_changes_field_changed_at_index/,
    );
  });
});

describe('a followed view with a relative filter', () => {
  it('tells of the shipments the filter means on the day of the event, not those of the day it was followed', async () => {
    const followed = await t.app.inject({
      method: 'POST',
      url: '/api/Follows',
      headers: bearer(blue),
      payload: {
        name: 'Arriving this week',
        query: { filters: JSON.stringify([{ column: 'dest_eta', operator: 'inNextDays', value: '7' }]) },
      },
    });
    expect(followed.statusCode, followed.body).toBe(200);
    const notify = async () => {
      const job = defineJobs(t.db, t.config, pino({ level: 'silent' })).find(
        (known) => known.name === JOB_NAMES.notify,
      );
      await job?.handle({});
    };
    await save('REL-SOON', { 'Dest. ETA': dayFromToday(3) });
    await notify();
    // A week on, REL-EIGHT (Dest. ETA 8 days after the follow) is this week's; REL-SOON is past.
    shift += 7 * DAY;
    try {
      await save('REL-SOON', { ATD: dayFromToday(-1) }, 'REL-SOON');
      await save('REL-EIGHT', { ATD: dayFromToday(-1) }, 'REL-EIGHT');
      await notify();
      const bell = await t.app.inject({ url: '/api/Alerts', headers: bearer(blue) });
      const told = bell.json<NotificationsResponse>().notifications.map((n) => `${n.event.shipment}: ${n.event.text}`);
      expect(told.filter((text) => text.startsWith('REL-'))).toEqual([`REL-EIGHT: Departed: ATD ${dayFromToday(-1)}`]);
    } finally {
      shift -= 7 * DAY;
    }
  });
});
