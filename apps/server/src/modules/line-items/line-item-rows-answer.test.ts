import path from 'node:path';
import { type ColumnKey, DEFAULT_SHOWN_COLUMNS, displayText, REPORT_COLUMNS } from '@quayside/domain/line-item-columns';
import {
  asksExceptionFacts,
  decodeRows,
  EXCEPTION_FACTS,
  ROW_MARKS,
  rowValueNames,
} from '@quayside/domain/line-item-row';
import type { LineItemRowsResponse } from '@quayside/domain/line-item-rows';
import type { LineItemsResponse } from '@quayside/domain/line-items';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthFromConfig } from '../../auth/auth.ts';
import { seedDemo } from '../../demo/seed-demo.ts';
import { createLocalDocumentStore } from '../../storage/local-document-store.ts';
import { insertShipment } from '../../testing/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';

// GET /api/LineItems/rows answers the page GET /api/LineItems answers (the same rows, order and
// totals) as the dashboard shows it: each column's displayed text, the marks, and no parts.

/** The dashboard's first page must stay this small, before compression (a full page was ~44 KB). */
const BUDGET_BYTES = 15_000;

let t: TestApp;
let admin: string;
let forwarder: string;

beforeAll(async () => {
  t = await createTestApp();
  const store = createLocalDocumentStore(path.join(t.config.dataDir, 'files'));
  const { users } = await seedDemo(t.db, createAuthFromConfig(t.config, t.db, pino({ level: 'silent' })), store);
  const signInAs = (user: (typeof users)[number] | undefined) => signIn(t.app, user?.email ?? '', user?.password ?? '');
  admin = await signInAs(users.find((user) => user.role === 'Admin'));
  forwarder = await signInAs(users.find((user) => user.role === 'Forwarder'));
  // Cells the demo may not have: a transit type shown as N/A, no dates, no parts, odd PO text.
  await insertShipment(t.db, { shipment: 'EDGE-1', forwarder_name: 'Edge Freight', trans: 'LCL' }, [
    { title: 'EDGE-"quoted", ünïcode' },
    { title: 'EDGE-hidden', hide_lineitem: true, parts: [{ part_number: 'E-1', qty: null }] },
  ]);
}, 120_000);
afterAll(() => t.close());

const get = async (token: string, url: string) => {
  const response = await t.app.inject({ url, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response;
};
const encoded = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** Both answers to `query`, checked to agree; the rows answer decoded. */
async function bothAnswers(token: string, query: string, columns: readonly ColumnKey[]) {
  const fullResponse = await get(token, `/api/LineItems?${query}`);
  const rowsResponse = await get(token, `/api/LineItems/rows?${query}`);
  const full = fullResponse.json<LineItemsResponse>();
  const answer = rowsResponse.json<LineItemRowsResponse>();
  const { lineItems, ...fullCounts } = full;
  const { names, rows, ...rowCounts } = answer;
  expect(rowCounts).toEqual(fullCounts);
  const withFacts = asksExceptionFacts(Object.fromEntries(new URLSearchParams(query)));
  expect(names).toEqual(rowValueNames(columns, withFacts));
  const decoded = decodeRows(answer);
  expect(decoded.map((row) => row._id)).toEqual(lineItems.map((lineItem) => lineItem._id));
  decoded.forEach((row, index) => {
    const lineItem = lineItems[index];
    if (!lineItem) throw new Error('no line item');
    const { text, ...marks } = row;
    const asked = withFacts ? [...ROW_MARKS, EXCEPTION_FACTS] : ROW_MARKS;
    expect(marks).toEqual(Object.fromEntries(asked.map((mark) => [mark, lineItem[mark]])));
    // The marks' PO number and shipment are their columns' text too, whether those were asked or not.
    const texts: ColumnKey[] = [...new Set<ColumnKey>([...columns, 'title', 'related_shipment'])];
    expect(text).toEqual(Object.fromEntries(texts.map((column) => [column, displayText(lineItem, column)])));
  });
  // No part list travels: every value is a string, number or boolean, the exceptions and their facts aside.
  const exceptionsAt = [names.indexOf('exceptions'), names.indexOf('exception_facts')];
  for (const values of rows) {
    expect(values).toHaveLength(names.length);
    values.forEach((value, index) => {
      if (!exceptionsAt.includes(index)) expect(['string', 'number', 'boolean']).toContain(typeof value);
    });
  }
  expect(rowsResponse.body).not.toContain('"parts"');
  return { full, rows: decoded, fullBytes: fullResponse.rawPayload.length, rowsBytes: rowsResponse.rawPayload.length };
}

describe('GET /api/LineItems/rows', () => {
  const sort = [
    { key: 'total_qty', direction: 'asc' },
    { key: 'title', direction: 'desc' },
  ];
  const filters = [
    { column: 'transit_type', operator: 'equals', value: 'sea' },
    { column: 'total_qty', operator: 'greaterThan', value: '3' },
  ];
  const chosen: ColumnKey[] = ['master', 'part_numbers', 'title', 'ata', 'numberOfParts', 'transit_type'];
  it.each([
    ['the default page (every column of the report)', '', REPORT_COLUMNS.default],
    [
      'the dashboard\u2019s first page',
      `columns=${DEFAULT_SHOWN_COLUMNS.default.join(',')}`,
      DEFAULT_SHOWN_COLUMNS.default,
    ],
    ['a filter', `filters=${encoded(filters)}`, REPORT_COLUMNS.default],
    ['filters joined by OR', `filters=${encoded(filters)}&logic=OR&pageSize=100`, REPORT_COLUMNS.default],
    ['a search', 'q=qs-00001', REPORT_COLUMNS.default],
    ['a search that finds nothing', 'q=no-such-thing', REPORT_COLUMNS.default],
    ['a sort', `sort=${encoded(sort)}`, REPORT_COLUMNS.default],
    ['the DR report', 'report=dr', REPORT_COLUMNS.dr],
    ['the DR report with chosen columns', `report=dr&columns=${chosen.join(',')}`, chosen],
    ['chosen columns, repeated ones once', 'columns=ata,house,ata', ['ata', 'house'] as ColumnKey[]],
    ['page 2', 'page=2&pageSize=25', REPORT_COLUMNS.default],
    ['an exception', 'exception=late_arrival,missing_documents', REPORT_COLUMNS.default],
    ['the edge cases', 'q=EDGE-', REPORT_COLUMNS.default],
  ] as const)('answers %s as GET /api/LineItems does, as the table shows it', async (_name, query, columns) => {
    const { full } = await bothAnswers(admin, query, columns);
    if (query.startsWith('q=EDGE')) expect(full.lineItems).toHaveLength(2);
    if (query.startsWith('page=2')) expect(full.lineItems).toHaveLength(25);
  });

  it('answers a forwarder only its own company, as GET /api/LineItems does', async () => {
    const { full } = await bothAnswers(forwarder, `columns=${DEFAULT_SHOWN_COLUMNS.default.join(',')}`, [
      ...DEFAULT_SHOWN_COLUMNS.default,
    ]);
    expect(new Set(full.lineItems.map((lineItem) => lineItem.forwarder_name)).size).toBe(1);
    expect(full.lineItems.some((lineItem) => lineItem.hide_lineitem)).toBe(false);
    await bothAnswers(forwarder, 'report=dr&page=2&pageSize=25', REPORT_COLUMNS.dr);
  });

  it('shows what the checks above must cover: hidden rows, exceptions, empty dates, N/A, no parts', async () => {
    const { full } = await bothAnswers(admin, 'pageSize=500&page=2', REPORT_COLUMNS.default);
    const { full: first } = await bothAnswers(admin, 'pageSize=500', REPORT_COLUMNS.default);
    const all = [...first.lineItems, ...full.lineItems];
    expect(all.length).toBe(first.totalAll);
    expect(all.some((lineItem) => lineItem.hide_lineitem)).toBe(true);
    expect(all.some((lineItem) => (lineItem.exceptions ?? []).length > 0)).toBe(true);
    expect(all.some((lineItem) => lineItem.ata === null)).toBe(true);
    expect(all.some((lineItem) => displayText(lineItem, 'transit_type') === 'N/A')).toBe(true);
    expect(all.some((lineItem) => lineItem.numberOfParts === 0)).toBe(true);
  });

  it('refuses an unknown column, naming it', async () => {
    const response = await t.app.inject({ url: '/api/LineItems/rows?columns=title,nope', headers: bearer(admin) });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain('nope');
  });

  it(`answers the dashboard's first page of 50 rows in at most ${BUDGET_BYTES} bytes of JSON`, async () => {
    const columns = DEFAULT_SHOWN_COLUMNS.default;
    const { full, rows, rowsBytes } = await bothAnswers(admin, `columns=${columns.join(',')}`, columns);
    const fullBytes = (await get(admin, '/api/LineItems')).rawPayload.length;
    const everyColumnBytes = (await get(admin, '/api/LineItems/rows')).rawPayload.length;
    expect(rows).toHaveLength(50);
    expect(full.pageSize).toBe(50);
    console.log(
      `dashboard page of 50 rows (demo data): rows answer ${rowsBytes} bytes ` +
        `(${everyColumnBytes} with all ${REPORT_COLUMNS.default.length} columns), full answer ${fullBytes} bytes`,
    );
    expect(rowsBytes).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});
