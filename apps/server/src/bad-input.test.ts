import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { ANALYTICS_FIGURE_CALLS } from '@quayside/domain/api/analytics';
import { isDocumentType } from '@quayside/domain/documents';
import { NUL_MESSAGE } from '@quayside/domain/fields';
import { parseAmount, parseShipmentDate } from '@quayside/domain/shipments';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { documents } from './db/schema.ts';
import { createLocalDocumentStore } from './storage/local-document-store.ts';
import { insertShipment } from './testing/fixtures.ts';
import { bearer, createTestApp, TEST_PASSWORD, type TestApp } from './testing/test-app.ts';

// Bad input on every route: generated bodies and query strings with wrong types, missing
// and extra fields, huge strings, deep JSON, unicode, NUL bytes, SQL and HTML metacharacters and
// broken multipart. Whatever arrives, the answer is never a 5xx; a 4xx is JSON with a message; and
// a rejected request leaves the data as it was. Write routes are sent requests that must fail: a
// body with at least one field the contract refuses, or a target that does not exist.
// Replay a failure with FUZZ_SEED=<seed> (the failure message prints the command).
// The requests are refused before or apart from the engine, so the second engine's pass asks
// fewer, from a seed of its own: more different requests in all, in less time. PostgreSQL asks 90
// a route and PGlite 40: the same cases cost PGlite about twice the time. With 94 routes, in the
// whole suite, 110 a route took 243 s on PostgreSQL and 50 took 159 s on PGlite, the largest part
// of the suite's 30 minutes. FUZZ_RUNS sets the number for either engine.

const ENGINE = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const DEFAULT_SEED = ENGINE === 'postgres' ? 20_261_123 : 20_261_124;
const SEED = Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);
const RUNS = Number(process.env.FUZZ_RUNS ?? (ENGINE === 'postgres' ? 90 : 40));
const NUL_RUNS = Math.ceil(RUNS * 0.3);
const replayHint = (route: string) =>
  `Replay: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} npx vitest run --project server-${ENGINE} apps/server/src/bad-input.test.ts -t "${route}"`;

const ORIGIN = 'http://localhost:3000';
const ADMIN_EMAIL = 'admin@napco.example';
const SUPPLIER_EMAIL = 'contact@fuzz-supplies.example';
const CONFIRMED_PO = 'PO-FZ-CONFIRMED';
const REAL = { shipment: 'FZ-1', po: 'PO-FZ-1', parts: ['P-1', 'P-2'], documentId: '' };
const BODY_LIMIT = 1024 * 1024;
/** A request left unanswered is a failure too (a hung upload, say), not a test timeout. */
const ANSWER_WITHIN_MS = 5_000;

let t: TestApp;
let adminToken = '';
let supplierToken = '';
let carrierToken = '';
beforeAll(async () => {
  // Errors logged, so a 5xx shows its stack in the test's output.
  t = await createTestApp({ logLevel: 'error' });
  adminToken = await t.signedInAs({ email: ADMIN_EMAIL, role: 'Admin', company_name: 'NAPCO' });
  supplierToken = await t.signedInAs({ email: SUPPLIER_EMAIL, role: 'Supplier', company_name: 'Fuzz Supplies' });
  // Kept small, so the fingerprint taken around every case stays cheap.
  const shipment = await insertShipment(t.db, { shipment: REAL.shipment, forwarder_name: 'Alpha Freight' }, [
    { title: REAL.po, parts: REAL.parts.map((part_number, index) => ({ part_number, qty: index + 1 })) },
  ]);
  const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
  const key = randomUUID();
  await createLocalDocumentStore(path.join(t.config.dataDir, 'files')).put(key, pdf);
  const [document] = await t.db
    .insert(documents)
    .values({
      shipment_id: shipment.id,
      file_name: 'a.pdf',
      document_type: 'Other',
      content_type: 'application/pdf',
      size_bytes: pdf.length,
      storage_key: key,
    })
    .returning();
  REAL.documentId = document?.id ?? '';
  const po = await t.app.inject({
    method: 'POST',
    url: '/api/PurchaseOrders',
    headers: bearer(adminToken),
    payload: {
      po_number: REAL.po,
      supplier: 'Fuzz Supplies',
      lines: REAL.parts.map((sku, index) => ({ line_number: index + 1, sku, ordered_qty: 5 })),
    },
  });
  if (po.statusCode !== 200) throw new Error(`the fixture's purchase order was not saved: ${po.body}`);
  // A PO its supplier has confirmed already: confirming it again is refused, whatever the body.
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/PurchaseOrders',
    headers: bearer(adminToken),
    payload: {
      po_number: CONFIRMED_PO,
      supplier: 'Fuzz Supplies',
      lines: [{ line_number: 1, sku: 'P-1', ordered_qty: 5 }],
    },
  });
  const confirmation = await t.app.inject({
    method: 'POST',
    url: `/api/PurchaseOrders/confirm?po=${CONFIRMED_PO}`,
    headers: bearer(supplierToken),
    payload: {},
  });
  if (confirmed.statusCode !== 200 || confirmation.statusCode !== 200)
    throw new Error(`the confirmed purchase order was not made: ${confirmed.body} ${confirmation.body}`);
  const carrier = await t.app.inject({
    method: 'POST',
    url: '/api/CarrierIntegrations',
    headers: bearer(adminToken),
    payload: { name: 'Fuzz carrier' },
  });
  carrierToken = carrier.json<{ token: string }>().token;
}, 120_000);

/** Cases run, by route and by outcome: the closing note quotes them. */
const tally = { routes: 0, cases: 0, byStatus: new Map<number, number>(), writesAccepted: new Map<string, number>() };
afterAll(async () => {
  const statuses = [...tally.byStatus].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
  const accepted = [...tally.writesAccepted].map(([route, count]) => `${route}: ${count}`);
  console.log(
    `bad-input fuzz (${ENGINE}, seed ${SEED}): ${tally.routes} routes, ${tally.cases} cases; ` +
      `statuses ${statuses.join(' ')}; write requests answered 2xx (fingerprint not checked): ${accepted.join(', ') || 'none'}`,
  );
  await t?.close();
});

/** One query over the tables a rejected request must not touch (not the audit log, rate limits or sessions). */
const FINGERPRINTED = [
  ['shipments', 'id'],
  ['line_items', 'id'],
  ['line_item_rows', 'line_item_id'],
  ['parts', 'id'],
  ['documents', 'id'],
  ['people', 'id'],
  ['imports', 'id'],
  ['import_shipments', 'import_id, shipment_id'],
  ['saved_views', 'id'],
  ['saved_view_defaults', 'person_id'],
  ['saved_view_settings', 'id'],
  ['purchase_orders', 'id'],
  ['purchase_order_lines', 'id'],
  ['purchase_order_history', 'id'],
  ['receipts', 'shipment_id, po_number, sku'],
  ['purchase_order_forwarders', 'forwarder_key, purchase_order_id'],
  ['purchase_order_proposals', 'id'],
  ['booking_requests', 'id'],
  ['booking_lane_rules', 'position'],
  ['messages', 'id'],
  ['supplier_settings', 'id'],
  ['carrier_events', 'id'],
  ['tracking_links', 'id'],
] as const;
const FINGERPRINT_SQL = `select md5(concat_ws('|', ${FINGERPRINTED.map(
  ([table, key]) => `(select string_agg(md5(r::text), ',' order by ${key}) from ${table} r)`,
).join(', ')})) as fingerprint`;
async function fingerprint(): Promise<string> {
  const result = await t.database.pool.query<{ fingerprint: string }>(FINGERPRINT_SQL);
  return result.rows[0]?.fingerprint ?? '';
}

/**
 * Within one test, the fingerprint the last case left the data with is the next case's "before":
 * one query a case instead of two (on PGlite they were a quarter of the file's time). Forgotten
 * between tests, and whenever a case fails or is let change the data.
 */
let lastFingerprint: string | undefined;
beforeEach(() => {
  lastFingerprint = undefined;
});
async function fingerprintBefore(): Promise<string> {
  const before = lastFingerprint ?? (await fingerprint());
  lastFingerprint = undefined;
  return before;
}
async function expectUnchanged(before: string, seen: string) {
  const after = await fingerprint();
  if (after !== before) throw new Error(`the data changed after a ${seen}`);
  lastFingerprint = after;
}

// ---------------------------------------------------------------------------------------------
// Requests and how they print (fast-check shows the counterexample; a 1 MiB body must not flood it).

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type FuzzRequest = {
  method: Method;
  url: string;
  payload?: string | Buffer;
  headers: Record<string, string>;
};

const clip = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text);
const describeRequest = (request: FuzzRequest) =>
  `${request.method} ${clip(request.url)} headers=${JSON.stringify(request.headers)}` +
  (request.payload === undefined ? '' : ` body=${JSON.stringify(clip(String(request.payload)))}`);

const printable = (request: FuzzRequest): FuzzRequest =>
  Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) });

// ---------------------------------------------------------------------------------------------
// Building blocks.

/** Characters that trouble parsers, SQL, HTML and Unicode handling; lone surrogates included. */
const TROUBLE_CHARACTERS = [
  "'",
  '"',
  '\\',
  '%',
  '_',
  '<',
  '>',
  '&',
  ';',
  '-',
  '\u0000',
  '\u0001',
  '\u007f',
  '\r',
  '\n',
  '\t',
  ' ',
  '\ud800',
  '\udfff',
  '😀',
  '\u202e',
  '\u0301',
  '\ufeff',
  'ß',
  'İ',
  'ﬁ',
  'a',
  'Z',
  '0',
  ',',
  '@',
  '[',
  '{',
];
const TROUBLE_STRINGS = [
  "' OR 1=1 --",
  "'; drop table shipments; --",
  '" OR ""="',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '%',
  '_',
  '\\',
  '%_\\',
  '\\x00',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\udc00\ud800',
  '😀🚢📦',
  '\u202eevil\u202c',
  'مرحبا بالعالم',
  'e\u0301\u0301\u0301',
  'Z̴̡̪͓̈́͠a̸͓͝l̷̰̅g̵͙̈́o̶̦͐',
  '\ufeff',
  '   ',
  '',
  'null',
  'undefined',
  'NaN',
  'true',
  '1e309',
  '-1',
  '0',
  '__proto__',
  'constructor',
  `\${7*7}{{7*7}}`,
  '../../etc/passwd',
  '%00',
  '%E0%A4%A',
];

/** Up to ~200 KB of text: past every field's limit. */
const hugeText = fc
  .tuple(fc.integer({ min: 1_000, max: 200_000 }), fc.constantFrom('x', 'é', '😀', "'", '\u0000', '<'))
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));

/** Text meant to hurt, possibly huge. */
const nastyText = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...TROUBLE_STRINGS) },
  { weight: 4, arbitrary: fc.string({ unit: fc.constantFrom(...TROUBLE_CHARACTERS), maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: hugeText },
);

/**
 * A value nested 1,000+ levels deep, held as a marker string until the body is written as JSON
 * (`jsonText`): a real nested object would overflow the stack of whoever walks it, fast-check included.
 */
const deepValue = fc
  .tuple(fc.integer({ min: 1_000, max: 5_000 }), fc.constantFrom('array', 'object'))
  .map(([depth, kind]) => `\u0001deep:${depth}:${kind}\u0001`);
const DEEP_MARKER = /"\\u0001deep:(\d+):(array|object)\\u0001"/g;
const nestedText = (depth: number, kind: string) =>
  kind === 'array' ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
/** JSON text of a generated value, deep markers written out as the nesting they stand for. */
const jsonText = (value: unknown) =>
  (JSON.stringify(value) ?? 'null').replace(DEEP_MARKER, (_, depth: string, kind: string) =>
    nestedText(Number(depth), kind),
  );

/** Any JSON value of the troubling kinds. */
const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyText },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true }), fc.constantFrom(-1, 0, 1.5, 1e308, -0)) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(nastyText, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(nastyText, nastyText, { maxKeys: 3 }) },
  { weight: 1, arbitrary: deepValue },
);
const notAString = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.constant({}),
  fc.constant([]),
  fc.array(nastyText, { minLength: 1, maxLength: 2 }),
  deepValue,
);
const notANumber = fc.oneof(nastyText, fc.boolean(), fc.constant({}), fc.constant([]), deepValue);

/** Field names a client must never set: ids, ownership, roles, account links, prototypes. */
const MASS_ASSIGNMENT = [
  'id',
  '_id',
  'role',
  'fireauth_id',
  'status',
  'created_at',
  'updated_at',
  'shipment_id',
  'line_item_id',
  'storage_key',
  'forwarder_key',
  'uploaded_by',
  'emailVerified',
  'banned',
  'userId',
  '__proto__',
  'constructor',
  'prototype',
];
const extraFields = fc.array(
  fc.tuple(fc.oneof(fc.constantFrom(...MASS_ASSIGNMENT), nastyText), junkValue, fc.constantFrom('Admin', 1, true)),
  { maxLength: 3 },
);

/** Sets a property as its own, even `__proto__` (as JSON.parse would). */
function setOwn(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

type Refusals = Record<string, fc.Arbitrary<unknown>>;

/**
 * An object with plausible `fields`, extra fields (mass assignment among them), and then at least
 * one field the contract refuses: removed when required, or given a value from `refusals`.
 * The refusal is applied last, so nothing else can make the object valid again.
 */
function brokenObject(
  fields: Record<string, fc.Arbitrary<unknown>>,
  refusals: Refusals,
  required: readonly string[],
): fc.Arbitrary<Record<string, unknown>> {
  const breaks: fc.Arbitrary<(body: Record<string, unknown>) => void>[] = [
    ...Object.entries(refusals).map(([key, values]) =>
      values.map((value) => (body: Record<string, unknown>) => setOwn(body, key, value)),
    ),
    ...required.map((key) => fc.constant((body: Record<string, unknown>) => delete body[key])),
  ];
  return fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      extraFields,
      fc.array(fc.oneof(...breaks), { minLength: 1, maxLength: 3 }),
    )
    .map(([base, extras, applyBreaks]) => {
      const body: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(base)) setOwn(body, key, value);
      for (const [key, value, alternative] of extras) setOwn(body, key, key === '__proto__' ? alternative : value);
      for (const applyBreak of applyBreaks) applyBreak(body);
      return body;
    });
}

/** A string of the contract's refused kinds: wrong type, too long, NUL, blank. */
const refusedText = (max: number, { blank = true, nullable = false } = {}) =>
  fc.oneof(
    notAString,
    ...(nullable ? [] : [fc.constant(null)]),
    hugeText.map((text) => text.padEnd(max + 1, 'x')),
    nastyText.map((text) => `a\u0000${text}`),
    ...(blank ? [fc.constantFrom('', '   ', '\t\n')] : []),
  );

/** Text that exists nowhere in the fixture: a lookup with it finds nothing. */
const unknownText = nastyText.filter((text) => ![REAL.shipment, REAL.po, ...REAL.parts].includes(text.trim()));
const unknownEmail = fc
  .tuple(fc.string({ unit: 'grapheme-ascii', maxLength: 12 }), fc.nat())
  .map(([name, n]) => `nobody-${n}-${name.replace(/[^a-z0-9]/gi, '')}@fuzz.example`);
const refusedEmail = fc.oneof(
  notAString,
  fc.constant(null),
  fc.constantFrom('', ' ', 'not-an-email', "' OR 1=1 --", '<script>alert(1)</script>', 'a\u0000@b.example', '@', 'a@'),
  nastyText.map((text) => text.replaceAll('@', '')),
  hugeText.map((text) => `${text.replaceAll('@', '')}@x.example`),
);

// ---------------------------------------------------------------------------------------------
// Bodies: JSON as sent, or broken on the way.

type Body = { payload: string | Buffer; contentType?: string };

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/jsonx',
  'image/png',
  '*/*',
  ';;;',
  'application/json; \u00e9=\u00ff',
];

const overLimitBody = fc
  .tuple(fc.integer({ min: BODY_LIMIT + 1, max: BODY_LIMIT + 4096 }), fc.boolean())
  .map(([length, asJson]) => {
    const text = asJson ? `["${'x'.repeat(length)}"]` : 'x'.repeat(length);
    return { payload: text, contentType: 'application/json' };
  });
const deepJsonText = fc
  .tuple(fc.integer({ min: 1_000, max: 20_000 }), fc.constantFrom('[', '{"a":'), fc.boolean())
  .map(([depth, open, closed]) => {
    const close = open === '[' ? ']' : '}';
    const inner = open === '[' ? '1' : '1';
    return `${open.repeat(depth)}${inner}${closed ? close.repeat(depth) : ''}`;
  });

/** A body for a JSON route: usually the value as JSON, sometimes malformed, mislabelled, deep or too large. */
function jsonBody(value: fc.Arbitrary<unknown>): fc.Arbitrary<Body> {
  const asJson = value.map(jsonText);
  return fc.oneof(
    { weight: 12, arbitrary: asJson.map((payload) => ({ payload, contentType: 'application/json' })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(asJson, fc.nat(), fc.constantFrom('', '}', ']', ',', '"', '\u0000', 'garbage', '{"a":1}'))
        .map(([text, cut, tail]) => ({
          payload: `${text.slice(0, cut % Math.max(text.length, 1))}${tail}`,
          contentType: 'application/json',
        })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          '',
          ' ',
          'null',
          '{',
          "{'a':1}",
          '{"a":1,}',
          '[1,2',
          '{"a":"\\ud800"}',
          '{"a":"\u0000"}',
          '{"__proto__":{"isAdmin":true}}',
          '{"constructor":{"prototype":{"isAdmin":true}}}',
          'NaN',
          '\ufeff{}',
        )
        .map((payload) => ({ payload, contentType: 'application/json' })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(asJson, fc.constantFrom(...WRONG_CONTENT_TYPES))
        .map(([payload, contentType]) => ({ payload, contentType })),
    },
    { weight: 1, arbitrary: asJson.map((payload) => ({ payload })) },
    { weight: 1, arbitrary: deepJsonText.map((payload) => ({ payload, contentType: 'application/json' })) },
    { weight: 1, arbitrary: overLimitBody },
    {
      weight: 1,
      arbitrary: fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => ({
        payload: Buffer.from(bytes),
        contentType: 'application/json',
      })),
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Query strings.

/** Percent-encodes UTF-8 bytes (a lone surrogate becomes U+FFFD, as a browser would send it). */
const encode = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, '0')}`,
    )
    .join('');

/** Query-string pieces no encoder would produce: broken percent escapes, brackets, repeated keys. */
const RAW_QUERY_PIECES = [
  '%E0%A4%A',
  '%',
  '%zz',
  '%00',
  '%ff%fe',
  '%C0%AF',
  '%ED%A0%80',
  '&&&',
  '=',
  '==',
  'a[]=1&a[]=2',
  'a[b][c]=1',
  '__proto__[isAdmin]=1',
  'constructor[prototype][isAdmin]=1',
  ';',
  '+++',
  '#fragment',
];
const rawQueryPieces = fc.array(fc.constantFrom(...RAW_QUERY_PIECES), { maxLength: 2 });

/** The query's parameters: each may be left out, sent once, or repeated; values valid or not. */
function queryParameters(parameters: Record<string, fc.Arbitrary<string>>) {
  const names = Object.keys(parameters);
  return fc
    .tuple(
      fc.tuple(
        ...names.map((name) =>
          fc.array(
            fc.oneof(
              { weight: 3, arbitrary: parameters[name] ?? nastyText },
              { weight: 2, arbitrary: nastyText },
              { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERY_PIECES) },
            ),
            { maxLength: 3 },
          ),
        ),
      ),
      rawQueryPieces,
      fc.array(fc.tuple(fc.oneof(fc.constantFrom(...MASS_ASSIGNMENT), nastyText), nastyText), { maxLength: 2 }),
    )
    .map(([values, raw, extras]) => {
      const pieces: string[] = [];
      names.forEach((name, index) => {
        for (const value of values[index] ?? []) {
          // Raw pieces go in as sent: invalid percent-encoding is the point.
          pieces.push(`${name}=${RAW_QUERY_PIECES.includes(value) ? value : encode(value)}`);
        }
      });
      for (const [name, value] of extras) pieces.push(`${encode(name)}=${encode(value)}`);
      pieces.push(...raw);
      return pieces.length > 0 ? `?${pieces.join('&')}` : '';
    });
}

// ---------------------------------------------------------------------------------------------
// Headers.

/** Stand for the admin's and the supplier contact's bearer tokens, which exist only once beforeAll has run. */
const ADMIN_TOKEN = '{admin-token}';
const SUPPLIER_TOKEN = '{supplier-token}';
/** Stands for the fixture carrier integration's token, likewise. */
const CARRIER_TOKEN = '{carrier-token}';
/** Stands for the fixture document's id, likewise. */
const DOCUMENT_ID = '{document-id}';

const adminHeaders = fc.oneof(
  { weight: 12, arbitrary: fc.constant({ authorization: `Bearer ${ADMIN_TOKEN}` }) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('Bearer ', 'Bearer \u00ff', 'Basic YWRtaW46YWRtaW4=', "Bearer ' OR 1=1 --", 'bearer x.y.z')
      .map((authorization) => ({ authorization })),
  },
);
/** A carrier's notifications: its integration's token, or the same broken credentials as anyone's. */
const carrierHeaders = adminHeaders.map((headers) =>
  headers.authorization === `Bearer ${ADMIN_TOKEN}`
    ? { ...headers, authorization: `Bearer ${CARRIER_TOKEN}` }
    : headers,
);
/** The supplier contact's requests: its token, or the same broken credentials as anyone's. */
const supplierHeaders = adminHeaders.map((headers) =>
  headers.authorization === `Bearer ${ADMIN_TOKEN}`
    ? { ...headers, authorization: `Bearer ${SUPPLIER_TOKEN}` }
    : headers,
);

/** The request as sent: the stand-ins replaced by the fixture's values. */
const resolved = (request: FuzzRequest) => ({
  url: request.url
    .replace(DOCUMENT_ID, REAL.documentId)
    .replace(DOCUMENT_ID.toUpperCase(), REAL.documentId.toUpperCase()),
  headers:
    request.headers.authorization === `Bearer ${ADMIN_TOKEN}`
      ? { ...request.headers, ...bearer(adminToken) }
      : request.headers.authorization === `Bearer ${SUPPLIER_TOKEN}`
        ? { ...request.headers, ...bearer(supplierToken) }
        : request.headers.authorization === `Bearer ${CARRIER_TOKEN}`
          ? { ...request.headers, ...bearer(carrierToken) }
          : request.headers,
});

/** better-auth refuses state changes from a foreign origin: send ours, none, or another. */
const originHeader = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ origin: ORIGIN }) },
  { weight: 2, arbitrary: fc.constant({}) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(
        'http://evil.example',
        'null',
        'http://localhost:3000.evil.example',
        'http://\u00f0\u009f\u0098\u0080',
      )
      .map((origin) => ({ origin })),
  },
);

function jsonRequest(
  method: Method,
  url: fc.Arbitrary<string>,
  body: fc.Arbitrary<Body>,
  headers: fc.Arbitrary<{ authorization: string }> = adminHeaders,
) {
  return fc.tuple(url, body, headers).map(([requestUrl, { payload, contentType }, extraHeaders]) =>
    printable({
      method,
      url: requestUrl,
      payload,
      headers: { ...extraHeaders, ...(contentType === undefined ? {} : { 'content-type': contentType }) },
    }),
  );
}

function getRequest(url: fc.Arbitrary<string>) {
  return fc
    .tuple(url, adminHeaders)
    .map(([requestUrl, headers]) => printable({ method: 'GET', url: requestUrl, headers }));
}

// ---------------------------------------------------------------------------------------------
// Multipart.

type MultipartPart = { name: string; value: string | Buffer; fileName?: string; contentType?: string };

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

function multipartText(boundary: string, parts: readonly MultipartPart[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const fileName = part.fileName === undefined ? '' : `; filename="${part.fileName}"`;
    const type = part.contentType === undefined ? '' : `\r\nContent-Type: ${part.contentType}`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${fileName}${type}\r\n\r\n`),
      Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const multipartFieldName = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('files', 'shipment', 'documentType', 'forwarder', 'shipments', 'parts') },
  { weight: 1, arbitrary: fc.constantFrom('file', 'Files', 'files[]', 'shipments ', '', '"', 'x"; filename="y') },
  { weight: 1, arbitrary: nastyText.map((text) => text.slice(0, 100)) },
);
const fileBytes = fc.oneof(
  fc.constant(PDF),
  fc
    .constantFrom(
      'Shipment,Order Ref\r\nFZ-NEW,PO-1\r\n',
      '<script>alert(1)</script>',
      '\u0000\u0000',
      '"unclosed,\r\n',
    )
    .map((text) => Buffer.from(text)),
  fc.uint8Array({ maxLength: 256 }).map((bytes) => Buffer.from(bytes)),
  hugeText.map((text) => Buffer.from(text)),
);
const fileName = fc.oneof(
  fc.constantFrom(
    'a.pdf',
    'r.csv',
    'r.xlsx',
    '../../etc/passwd',
    'a\u0000.pdf',
    '',
    '.pdf',
    'a%22b.pdf',
    'C:\\x\\y.pdf',
  ),
  nastyText.map((text) => text.slice(0, 300)),
);
const multipartPart: fc.Arbitrary<MultipartPart> = fc.oneof(
  fc.record({ name: multipartFieldName, value: fc.oneof(nastyText, fc.constantFrom(REAL.shipment, 'Other', 'Bogus')) }),
  fc.record({
    name: multipartFieldName,
    value: fileBytes,
    fileName,
    contentType: fc.constantFrom('application/pdf', 'text/csv', 'application/octet-stream', 'text/html', ''),
  }),
);

type MultipartDefect = 'cut' | 'wrong-boundary' | 'no-boundary' | 'not-multipart' | 'none';

/** A multipart request: the parts, then how the body is broken on the way. */
function multipartRequest(
  url: fc.Arbitrary<string>,
  parts: fc.Arbitrary<MultipartPart[]>,
  defects: fc.Arbitrary<MultipartDefect>,
) {
  return fc
    .tuple(
      url,
      parts,
      defects,
      fc.nat(),
      fc.constantFrom('fuzzBoundary', 'x', '-'.repeat(70), 'a b', 'ü'),
      adminHeaders,
    )
    .map(([requestUrl, requestParts, defect, cut, boundary, headers]) => {
      const body = multipartText(boundary, requestParts);
      let payload: string | Buffer = body;
      let contentType = `multipart/form-data; boundary=${boundary}`;
      // Cut before the closing delimiter's last dash, so the body never ends well-formed.
      if (defect === 'cut') payload = body.subarray(0, cut % Math.max(body.length - 5, 1));
      if (defect === 'wrong-boundary') contentType = 'multipart/form-data; boundary=notTheBoundary';
      if (defect === 'no-boundary') contentType = 'multipart/form-data';
      if (defect === 'not-multipart') contentType = 'application/json';
      return printable({
        method: 'POST',
        url: requestUrl,
        payload,
        headers: { ...headers, 'content-type': contentType },
      });
    });
}

// ---------------------------------------------------------------------------------------------
// One entry per route.

type Entry = {
  route: string;
  /** Read routes may answer 2xx to a generated request; write routes are sent requests that must fail. */
  kind: 'read' | 'write';
  requests: fc.Arbitrary<FuzzRequest>;
};

const email = fc.oneof(fc.constant(ADMIN_EMAIL), unknownEmail);
const lineItemKey = fc.constantFrom(
  { related_shipment: REAL.shipment, related_po_number: REAL.po },
  { related_shipment: REAL.shipment, related_po_number: 'PO-OTHER' },
);
const shipmentText = fc.oneof(
  fc.constant(REAL.shipment),
  nastyText.map((text) => text.slice(0, 100)),
);
const lineItemFilters = fc.oneof(
  fc
    .array(
      fc.record({
        column: fc.oneof(fc.constantFrom('title', 'total_qty', 'atd', 'part_numbers'), nastyText),
        operator: fc.oneof(
          fc.constantFrom('contains', 'equals', 'greaterThan', 'isEmpty'),
          // A date column's relative operators, whose values are a number or two dates.
          fc.constantFrom('inNextDays', 'inLastDays', 'between', 'isToday', 'changedInLastHours', 'changedInLastDays'),
          nastyText,
        ),
        value: fc.oneof(
          nastyText,
          notAString,
          fc.constantFrom(
            '7',
            '-1',
            ' 7',
            '1e3',
            '3651',
            '87601',
            '0',
            '2026-03-01/2026-02-01',
            '2026-02-30/2026-03-01',
            '2026-03-01/',
            '/',
          ),
        ),
      }),
      { maxLength: 25 },
    )
    .map(jsonText),
  junkValue.map(jsonText),
  deepJsonText,
);
const lineItemSort = fc.oneof(
  fc
    .array(fc.record({ key: fc.oneof(fc.constantFrom('title', 'atd'), nastyText), direction: nastyText }), {
      maxLength: 3,
    })
    .map((sort) => JSON.stringify(sort)),
  fc.constantFrom('[{"key":"title","direction":"asc"},{"key":"title","direction":"asc"}]', '[', '{}'),
  deepJsonText,
);
const numberText = fc.oneof(
  fc.constantFrom(
    '1',
    '0',
    '-1',
    '1.5',
    '1e309',
    '9007199254740993',
    '0x10',
    ' 1 ',
    'Infinity',
    'NaN',
    '25',
    '1000001',
  ),
  fc.integer().map(String),
);
const lineItemQuery = queryParameters({
  q: nastyText,
  filters: lineItemFilters,
  logic: fc.constantFrom('AND', 'OR', 'and', 'XOR'),
  sort: lineItemSort,
  page: numberText,
  pageSize: numberText,
  report: fc.constantFrom('default', 'dr', 'DR', 'other'),
  po: fc.oneof(fc.constant(REAL.po), nastyText),
  importId: numberText,
  exception: fc.oneof(
    fc.constantFrom('late_arrival', 'late_arrival,stale', ',,', 'LATE_ARRIVAL', 'late arrival'),
    nastyText,
  ),
  missingDocument: fc.oneof(
    fc.constantFrom('Bill of Lading', 'bill of lading', 'Bill of Lading,Packing List', 'BOL', ''),
    nastyText,
  ),
});

const lineItemRowsQuery = fc
  .tuple(
    lineItemQuery,
    fc.array(
      fc.oneof(
        fc.constantFrom('title,atd', 'nope', 'title,,atd', ' title , atd ', 'Title', 'title,title', ',', ''),
        fc.constant('title,'.repeat(80)),
        nastyText,
      ),
      { maxLength: 2 },
    ),
  )
  .map(([query, columns]) => {
    const extra = columns.map((value) => `columns=${encode(value)}`).join('&');
    if (extra === '') return query;
    return `${query}${query.includes('?') ? '&' : '?'}${extra}`;
  });

const shipmentChoices = ['Mode', 'Trans', 'WTUQ', 'VOLUQ', 'UQ - Outer', 'UQ-Outer', 'UQ-Charge'];
const analyticsDay = fc.oneof(
  fc.constantFrom('2027-01-01', '2027-12-31', '1900-01-01', '2199-12-31', '2027-02-30', '27-01-01', ''),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
);
const analyticsQuery = queryParameters({
  from: analyticsDay,
  to: analyticsDay,
  dateBy: fc.constantFrom('atd', 'dest_eta', 'ata'),
  period: fc.constantFrom('week', 'month', 'year'),
  mode: fc.constantFrom('AIR', 'FCL', 'BOAT'),
  transitType: fc.constantFrom('SEA', 'N/A', 'sea'),
  forwarder: shipmentText,
  originPort: shipmentText,
  destinationPort: shipmentText,
  consignee: shipmentText,
});
const shipmentTexts = ['Forwarder Name', 'Consignee Name', 'House', 'Master', 'Job Notes', 'Container #', 'Vessel'];
const shipmentAmounts = ['Weight', 'Volume', 'Outer', 'Charge'];
const shipmentDates = ['ETA', 'ATD', 'Dest. ETA', 'Act Delivery'];
const plausibleText = nastyText.map((text) => text.replaceAll('\u0000', '').slice(0, 500));
const shipmentInput = brokenObject(
  {
    Shipment: fc.oneof(
      fc.constant('FZ-NEW'),
      plausibleText.map((text) => text.slice(0, 100)),
    ),
    ...Object.fromEntries(shipmentTexts.map((label) => [label, plausibleText])),
    Mode: fc.constantFrom('', 'SEA', null),
    Weight: fc.oneof(fc.nat(), fc.constantFrom('12.5', '', null)),
    ETA: fc.constantFrom('2024-01-01', '2024-01-01T10:00:00+02:00', '', null),
    'Order Ref': fc.oneof(fc.constant('PO-A, PO-B'), fc.array(plausibleText.map((text) => text.slice(0, 200)))),
  },
  {
    Shipment: refusedText(100),
    ...Object.fromEntries(shipmentTexts.map((label) => [label, refusedText(500, { blank: false, nullable: true })])),
    ...Object.fromEntries(
      shipmentChoices.map((label) => [
        label,
        fc.oneof(
          notAString,
          nastyText.filter((text) => text.trim() !== ''),
        ),
      ]),
    ),
    ...Object.fromEntries(
      shipmentAmounts.map((label) => [
        label,
        fc.oneof(
          fc.constantFrom(-1, -0.5, 1e13, 'abc', '1e5', '-1', '1,5', ' 1 2 ', true, {}, [], 'NaN'),
          nastyText.filter((text) => parseAmount(text) === undefined),
        ),
      ]),
    ),
    ...Object.fromEntries(
      shipmentDates.map((label) => [
        label,
        fc.oneof(
          fc.constantFrom(
            '2024-13-01',
            '2024-02-30',
            '1899-12-31',
            '2200-01-01',
            'yesterday',
            '01/02/2024',
            20240101,
            true,
          ),
          nastyText.filter((text) => text.trim() !== '' && parseShipmentDate(text) === null),
        ),
      ]),
    ),
    'Order Ref': fc.oneof(
      fc.constantFrom(5, true, {}, [1], ['a\u0000'], [null]),
      fc.constant(Array.from({ length: 501 }, (_, index) => `PO-${index}`)),
      fc.constant(['x'.repeat(201)]),
    ),
  },
  [],
);
const shipmentBody = fc.oneof(
  { weight: 6, arbitrary: shipmentInput.map((input) => [input]) },
  { weight: 1, arbitrary: shipmentInput },
  { weight: 1, arbitrary: fc.constant([]) },
  { weight: 1, arbitrary: fc.tuple(shipmentInput, shipmentInput) },
  { weight: 1, arbitrary: junkValue },
);

const personInput = brokenObject(
  {
    full_name: plausibleText.map((text) => `N${text.slice(0, 150)}`),
    email: unknownEmail,
    role: fc.constantFrom('Admin', 'Employee', 'Forwarder'),
    company_name: plausibleText.map((text) => text.slice(0, 200)),
    department: plausibleText.map((text) => text.slice(0, 200)),
  },
  {
    id: fc.oneof(fc.constantFrom(0, -1, 1.5, '1', 'abc', null, true), nastyText),
    full_name: refusedText(200),
    email: refusedEmail,
    role: fc.oneof(fc.constantFrom('Manager', 'admin', 'root', 'Owner', '', 1, null, ['Admin']), nastyText),
    company_name: refusedText(200, { blank: false }),
    department: refusedText(200, { blank: false }),
  },
  ['full_name', 'email'],
);
const peopleBody = fc.oneof(
  { weight: 6, arbitrary: fc.array(personInput, { minLength: 1, maxLength: 3 }) },
  { weight: 1, arbitrary: personInput },
  { weight: 1, arbitrary: fc.constant([]) },
  {
    weight: 1,
    arbitrary: fc.constant(
      Array.from({ length: 501 }, (_, index) => ({ full_name: 'N', email: `n${index}@fuzz.example` })),
    ),
  },
  { weight: 1, arbitrary: junkValue },
);

const partsOfList = fc.oneof(
  fc.constant([]),
  fc.constant([
    { part_number: 'A', qty: 1 },
    { part_number: ' A ', qty: 2 },
  ]),
  fc.array(fc.record({ part_number: fc.oneof(plausibleText, notAString), qty: fc.oneof(fc.nat(), notANumber) }), {
    maxLength: 3,
  }),
  fc.constant(Array.from({ length: 1001 }, (_, index) => ({ part_number: `P${index}`, qty: 1 }))),
  fc.constantFrom('P-1', null, {}, [{ part_number: 'A', qty: -1 }], [{ part_number: 'A', qty: 1.5 }], [{ qty: 1 }]),
);

const viewIdText = fc.oneof(
  numberText,
  nastyText.map(encode),
  fc.constantFrom('%E0%A4%A', '%', '%00', '0x1', '1e3', '..%2F1'),
);
const brokenView = brokenObject(
  {
    name: fc.constant('Late arrivals'),
    shared: fc.boolean(),
    query: fc.constant({ exception: 'late_arrival', pageSize: '100', report: 'dr' }),
    columns: fc.constant(['title', 'dest_eta']),
    density: fc.constantFrom('compact', 'comfortable'),
  },
  {
    name: refusedText(100),
    shared: fc.constantFrom('true', 1, null, {}),
    query: fc.constantFrom(
      { exception: 'sunk' },
      { missingDocument: 'Passport' },
      { filters: '[' },
      { logic: 'XOR' },
      { pageSize: '7' },
      { pageSize: 100 },
      { page: '2' },
      { q: 'x'.repeat(201) },
      { report: 'dr', sort: '[{"key":"title","direction":"up"}]' },
      null,
      [],
      'q=x',
    ),
    columns: fc.constantFrom([], ['title', 'title'], ['sunk'], 'title', [1], {}),
    density: fc.constantFrom('cosy', '', null, 1),
  },
  ['name'],
);

/** A follow's events and channel that are refused: unknown, none, repeated, not a list or text. */
const followHowRefusals: Refusals = {
  events: fc.constantFrom([], ['sunk'], ['arrived', 'arrived'], 'arrived', [1], null, {}),
  channel: fc.constantFrom('pigeon', 'EMAIL', '', 1, true, [], {}),
};

const poLine = (fields: Record<string, unknown>) => ({ line_number: 1, sku: 'P-1', ordered_qty: 1, ...fields });
const brokenPurchaseOrder = brokenObject(
  {
    po_number: fc.oneof(fc.constant('PO-FZ-NEW'), fc.constant(REAL.po)),
    supplier: plausibleText.map((text) => text.slice(0, 200)),
    order_date: fc.constantFrom('2026-01-01', null, ''),
    currency: fc.constantFrom('EUR', ''),
    lines: fc.constant([poLine({})]),
  },
  {
    po_number: refusedText(200),
    supplier: refusedText(200, { blank: false }),
    order_date: fc.constantFrom('2026-02-30', '01/02/2026', 20260101, true, 'yesterday', '2026-1-1'),
    requested_delivery_date: fc.constantFrom('2026-13-01', 'soon', 1, {}),
    currency: fc.constantFrom('EURO', 1, null, 'a\u0000b'),
    lines: fc.oneof(
      fc.constantFrom(
        [],
        [poLine({ ordered_qty: -1 })],
        [poLine({ ordered_qty: 1.5 })],
        [poLine({ ordered_qty: '5' })],
        [poLine({ ordered_qty: 1e10 })],
        [poLine({}), poLine({ line_number: 2 })],
        [poLine({}), poLine({ sku: 'P-2' })],
        [poLine({ line_number: 0 })],
        [poLine({ unit_price: -1 })],
        [poLine({ requested_date: '2026-02-30' })],
        [poLine({ sku: '' })],
        [poLine({ sku: 'a\u0000b' })],
        [{ sku: 'P-1', ordered_qty: 1 }],
        'P-1',
        null,
        {},
      ),
      fc.constant(Array.from({ length: 1001 }, (_, index) => poLine({ line_number: index + 1, sku: `S-${index}` }))),
    ),
  },
  ['po_number', 'lines'],
);

const receiptLine = (fields: Record<string, unknown>) => ({
  po_number: REAL.po,
  sku: 'P-1',
  received_qty: 1,
  ...fields,
});
const refusedReceiptLines = fc.oneof(
  fc.constantFrom(
    [],
    [receiptLine({ received_qty: 2 })],
    [receiptLine({ received_qty: 0 })],
    [receiptLine({ sku: 'NOT-CARRIED' })],
    [receiptLine({ po_number: 'PO-OTHER' })],
    [receiptLine({}), receiptLine({})],
    [receiptLine({ received_qty: -1, reason: 'short' })],
    [receiptLine({ received_qty: 1.5, reason: 'other' })],
    [receiptLine({ reason: 'lost' })],
    [receiptLine({ note: 'x'.repeat(1001) })],
    [{ po_number: REAL.po, received_qty: 1 }],
    'P-1',
    null,
    {},
  ),
  fc.constant(Array.from({ length: 1001 }, () => receiptLine({}))),
);

const CASES: Entry[] = [
  // People.
  {
    route: 'GET /api/Peoples',
    kind: 'read',
    requests: getRequest(queryParameters({ email }).map((query) => `/api/Peoples${query}`)),
  },
  {
    route: 'POST /api/Peoples',
    kind: 'write',
    // Every person sent has a refused field or lacks a required one.
    requests: jsonRequest('POST', fc.constant('/api/Peoples'), jsonBody(peopleBody)),
  },
  {
    route: 'POST /api/Peoples/delete',
    kind: 'write',
    // Addresses of nobody listed, or not addresses at all: nothing to delete.
    requests: jsonRequest(
      'POST',
      fc.constant('/api/Peoples/delete'),
      jsonBody(
        fc.oneof(
          fc.tuple(fc.oneof(unknownEmail, refusedEmail), extraFields).map(([address, extras]) => {
            const target: Record<string, unknown> = {};
            for (const [key, value] of extras) if (key !== '__proto__') setOwn(target, key, value);
            setOwn(target, 'email', address);
            return [target];
          }),
          fc.constant([]),
          fc.constant([{ email: 'nobody@fuzz.example' }, { email: 'nobody2@fuzz.example' }]),
          fc.constant({ email: ADMIN_EMAIL }),
          fc.constant([{}]),
          junkValue,
        ),
      ),
    ),
  },
  {
    route: 'GET /api/Peoples/eligibility',
    kind: 'read',
    requests: getRequest(queryParameters({ email }).map((query) => `/api/Peoples/eligibility${query}`)),
  },
  {
    route: 'GET /api/site',
    kind: 'read',
    requests: getRequest(queryParameters({ orgName: nastyText }).map((query) => `/api/site${query}`)),
  },

  // Shipments.
  {
    route: 'GET /api/Shipments',
    kind: 'read',
    requests: getRequest(
      queryParameters({
        shipment: shipmentText,
        shipmentMatch: fc.oneof(fc.constantFrom('FZ-1', 'FZ', '%%%%', '____', '\\\\\\\\'), nastyText),
        page: numberText,
        pageSize: numberText,
      }).map((query) => `/api/Shipments${query}`),
    ),
  },
  {
    route: 'POST /api/Shipments',
    kind: 'write',
    // Create (no id) or update (id of the fixture, or of nothing); the shipment always has a refused field.
    requests: jsonRequest(
      'POST',
      fc.oneof(
        fc.constant('/api/Shipments'),
        fc.constant(`/api/Shipments?id=${REAL.shipment}`),
        queryParameters({ id: shipmentText }).map((query) => `/api/Shipments${query}`),
      ),
      jsonBody(shipmentBody),
    ),
  },

  // Line items.
  {
    route: 'GET /api/LineItems',
    kind: 'read',
    requests: getRequest(lineItemQuery.map((query) => `/api/LineItems${query}`)),
  },
  {
    route: 'GET /api/LineItems/rows',
    kind: 'read',
    requests: getRequest(lineItemRowsQuery.map((query) => `/api/LineItems/rows${query}`)),
  },
  {
    route: 'GET /api/LineItems/count',
    kind: 'read',
    requests: getRequest(lineItemQuery.map((query) => `/api/LineItems/count${query}`)),
  },
  {
    route: 'GET /api/LineItems/export',
    kind: 'read',
    requests: getRequest(lineItemQuery.map((query) => `/api/LineItems/export${query}`)),
  },
  {
    route: 'POST /api/LineItems',
    kind: 'write',
    // The fixture's line item with a refused field, or a line item that does not exist with any body.
    requests: fc.oneof(
      jsonRequest(
        'POST',
        fc.constant(`/api/LineItems?shipment=${REAL.shipment}&po=${REAL.po}`),
        jsonBody(
          brokenObject(
            { title: plausibleText, hide_lineitem: fc.boolean(), ignore_po_character_count: fc.boolean() },
            {
              title: refusedText(200),
              hide_lineitem: fc.oneof(nastyText, fc.constantFrom('true', 'false', 1, 0, null, {}, [])),
              ignore_po_character_count: fc.constantFrom('yes', 1, null, {}),
              filter_record_out: fc.constantFrom('true', 0, null, []),
            },
            [],
          ),
        ),
      ),
      jsonRequest(
        'POST',
        fc
          .tuple(
            queryParameters({ shipment: unknownText, po: unknownText }),
            fc.constantFrom('', `&shipment=${REAL.shipment}`, `&po=${REAL.po}`),
          )
          .map(([query, real]) => `/api/LineItems${query || '?'}${real}`),
        jsonBody(fc.oneof(fc.record({ title: plausibleText, hide_lineitem: fc.boolean() }), junkValue)),
      ),
    ),
  },
  {
    route: 'POST /api/LineItems/delete',
    kind: 'write',
    requests: jsonRequest(
      'POST',
      fc.constant('/api/LineItems/delete'),
      jsonBody(
        fc.oneof(
          brokenObject(
            { title: fc.constant(REAL.po), related_shipment: fc.constant(REAL.shipment) },
            { title: refusedText(200), related_shipment: refusedText(200) },
            ['title', 'related_shipment'],
          ),
          // A line item that does not exist: one side of its key is unknown.
          fc
            .tuple(unknownText, fc.oneof(fc.constant(REAL.shipment), unknownText))
            .map(([title, related_shipment]) => ({ title, related_shipment })),
          fc.tuple(unknownText).map(([related_shipment]) => ({ title: REAL.po, related_shipment })),
          junkValue,
        ),
      ),
    ),
  },
  {
    route: 'POST /api/LineItems/export',
    kind: 'read',
    requests: jsonRequest(
      'POST',
      fc.constant('/api/LineItems/export'),
      jsonBody(
        fc.oneof(
          fc.record(
            {
              ids: fc.oneof(
                fc.array(fc.oneof(fc.constantFrom('1', '2', '999999999999999999'), nastyText), { maxLength: 3 }),
                junkValue,
              ),
              report: fc.constantFrom('default', 'dr', 'DR'),
              sort: lineItemSort,
            },
            { requiredKeys: [] },
          ),
          junkValue,
        ),
      ),
    ),
  },
  {
    route: 'POST /api/LineItems/bulk',
    kind: 'write',
    // A body the contract refuses, or a query whose confirmed count is not what matches (409).
    requests: jsonRequest(
      'POST',
      fc.constant('/api/LineItems/bulk'),
      jsonBody(
        fc.oneof(
          brokenObject(
            { action: fc.constantFrom('hide', 'delete'), selection: fc.constant({ ids: ['1'] }) },
            {
              action: fc.oneof(nastyText, fc.constantFrom('HIDE', 'archive', null, 1, [])),
              selection: fc.oneof(
                fc.constantFrom(
                  null,
                  [],
                  {},
                  { ids: [] },
                  { ids: '1' },
                  { ids: [1] },
                  { ids: ['1', '1'] },
                  { ids: ['01'] },
                  { ids: ['1'], expected: 1 },
                  { ids: ['1'], query: {}, expected: 1 },
                  { query: {} },
                  { query: { filters: '[' }, expected: 1 },
                  { query: { logic: 'XOR' }, expected: 0 },
                  { query: {}, expected: -1 },
                  { query: {}, expected: 1.5 },
                  { query: {}, expected: '1' },
                  { query: {}, expected: 1, except: ['x'] },
                  { query: {}, expected: 1, except: Array.from({ length: 1001 }, (_, index) => String(index + 1)) },
                ),
                // Never an id: no digit but 0 among the troubling characters, and ids start 1-9.
                fc.array(nastyText, { minLength: 1, maxLength: 3 }).map((ids) => ({ ids })),
                // Any query, with a count that is never a count.
                fc.record({ query: junkValue, expected: fc.constant(0.5) }),
              ),
            },
            ['action', 'selection'],
          ),
          fc
            .tuple(fc.constantFrom('hide', 'unhide', 'validPo', 'invalidPo', 'delete'), fc.integer({ min: 2 }))
            .map(([action, expected]) => ({ action, selection: { query: { po: REAL.po }, expected } })),
          junkValue,
        ),
      ),
    ),
  },

  // Analytics: every figure takes the same filters.
  ...Object.values(ANALYTICS_FIGURE_CALLS).map(({ path }) => ({
    route: `GET ${path}`,
    kind: 'read' as const,
    requests: getRequest(analyticsQuery.map((query) => `${path}${query}`)),
  })),

  // Date history and exceptions.
  {
    route: 'GET /api/Shipments/history',
    kind: 'read',
    requests: getRequest(queryParameters({ shipment: shipmentText }).map((query) => `/api/Shipments/history${query}`)),
  },
  {
    route: 'GET /api/Exceptions/summary',
    kind: 'read',
    requests: getRequest(
      rawQueryPieces.map((raw) => `/api/Exceptions/summary${raw.length > 0 ? `?${raw.join('&')}` : ''}`),
    ),
  },
  {
    route: 'GET /api/Exceptions/settings',
    kind: 'read',
    requests: getRequest(
      rawQueryPieces.map((raw) => `/api/Exceptions/settings${raw.length > 0 ? `?${raw.join('&')}` : ''}`),
    ),
  },
  // Alerts and webhooks.
  ...[
    '/api/Follows',
    '/api/Alerts',
    '/api/Alerts/preferences',
    '/api/Webhooks',
    '/api/CarrierEvents/review',
    '/api/CarrierIntegrations',
    '/api/Views',
    '/api/OrganisationSettings',
  ].map(
    (path): Entry => ({
      route: `GET ${path}`,
      kind: 'read',
      requests: getRequest(rawQueryPieces.map((raw) => `${path}${raw.length > 0 ? `?${raw.join('&')}` : ''}`)),
    }),
  ),
  {
    route: 'POST /api/Follows',
    kind: 'write',
    requests: jsonRequest(
      'POST',
      fc.constant('/api/Follows'),
      jsonBody(
        fc.oneof(
          brokenObject(
            {
              shipment: fc.constant(REAL.shipment),
              events: fc.constant(['arrived']),
              channel: fc.constantFrom('email', 'digest', 'app', null),
            },
            { shipment: refusedText(100), ...followHowRefusals },
            ['shipment'],
          ),
          brokenObject(
            {
              name: fc.constant('Late arrivals'),
              query: fc.constant({ exception: 'late_arrival' }),
              events: fc.constant(['departed', 'arrived']),
              channel: fc.constant('email'),
            },
            {
              ...followHowRefusals,
              name: refusedText(100),
              query: fc.constantFrom(
                { exception: 'sunk' },
                { missingDocument: 'bill of lading' },
                { filters: '[' },
                { logic: 'XOR' },
                { sort: '[]' },
                { q: 1 },
                null,
                [],
              ),
            },
            ['name', 'query'],
          ),
          // A shipment that does not exist.
          unknownText.map((shipment) => ({ shipment })),
          junkValue,
        ),
      ),
    ),
  },
  // Named views: every save here is refused, so no view exists and every id is refused or not found.
  {
    route: 'GET /api/Views/:id',
    kind: 'read',
    requests: getRequest(viewIdText.map((id) => `/api/Views/${id}`)),
  },
  {
    route: 'POST /api/Views',
    kind: 'write',
    requests: jsonRequest('POST', fc.constant('/api/Views'), jsonBody(fc.oneof(brokenView, junkValue))),
  },
  {
    route: 'PUT /api/Views/:id',
    kind: 'write',
    requests: jsonRequest(
      'PUT',
      viewIdText.map((id) => `/api/Views/${id}`),
      jsonBody(fc.oneof(brokenView, junkValue, fc.constant({ name: 'Late arrivals' }))),
    ),
  },
  {
    route: 'DELETE /api/Views/:id',
    kind: 'write',
    requests: jsonRequest(
      'DELETE',
      viewIdText.map((id) => `/api/Views/${id}`),
      jsonBody(fc.constant({})),
    ),
  },
  ...['/api/Views/default', '/api/Views/organisation-default'].map(
    (path): Entry => ({
      route: `PUT ${path}`,
      kind: 'write',
      requests: jsonRequest(
        'PUT',
        fc.constant(path),
        jsonBody(
          fc.oneof(
            brokenObject(
              { id: fc.constant(999_999_999) },
              { id: fc.constantFrom(0, -1, 1.5, '1', true, {}, [], 1e300) },
              ['id'],
            ),
            fc.integer({ min: 1 }).map((id) => ({ id })),
            junkValue,
          ),
        ),
      ),
    }),
  ),
  ...[
    '/api/Follows/delete',
    '/api/Webhooks/delete',
    '/api/Webhooks/resume',
    '/api/CarrierEvents/dismiss',
    '/api/CarrierIntegrations/revoke',
    '/api/TrackingLinks/revoke',
  ].map(
    (path): Entry => ({
      route: `POST ${path}`,
      kind: 'write',
      // No follow or webhook exists: any id is refused or not found.
      requests: jsonRequest(
        'POST',
        queryParameters({ id: numberText }).map((query) => `${path}${query}`),
        jsonBody(fc.constant({})),
      ),
    }),
  ),
  {
    route: 'POST /api/Alerts/read',
    kind: 'write',
    requests: jsonRequest(
      'POST',
      fc.constant('/api/Alerts/read'),
      jsonBody(
        fc.oneof(
          brokenObject(
            { ids: fc.constant([1]) },
            {
              ids: fc.constantFrom(
                '1',
                [1.5],
                ['1'],
                null,
                {},
                Array.from({ length: 501 }, () => 1),
              ),
            },
            [],
          ),
          nastyText,
        ),
      ),
    ),
  },
  {
    route: 'POST /api/Alerts/preferences',
    kind: 'write',
    requests: jsonRequest(
      'POST',
      fc.constant('/api/Alerts/preferences'),
      jsonBody(
        fc.oneof(
          brokenObject(
            {
              preferences: fc.constant({
                new_exception: 'digest',
                eta_slipped: 'email',
                departed: 'app',
                arrived: 'app',
                document_uploaded: 'digest',
              }),
            },
            {
              preferences: fc.oneof(
                fc.constant({
                  new_exception: 'sms',
                  eta_slipped: 'email',
                  departed: 'app',
                  arrived: 'app',
                  document_uploaded: 'app',
                }),
                fc.constant({ new_exception: 'email' }),
                junkValue,
              ),
            },
            ['preferences'],
          ),
          junkValue,
        ),
      ),
    ),
  },
  {
    route: 'POST /api/Unsubscribe',
    kind: 'write',
    requests: jsonRequest(
      'POST',
      queryParameters({
        token: fc.oneof(fc.constantFrom('1.abc', '0.x', '', '99999999999999999999.y'), nastyText),
      }).map((query) => `/api/Unsubscribe${query}`),
      jsonBody(fc.constant({})),
    ),
  },
  {
    route: 'POST /api/Webhooks',
    kind: 'write',
    requests: jsonRequest(
      'POST',
      fc.constant('/api/Webhooks'),
      jsonBody(
        fc.oneof(
          brokenObject(
            { url: fc.constant('https://hooks.example/quayside'), events: fc.constant(['arrived']) },
            {
              url: fc.oneof(
                refusedText(2000),
                fc.constantFrom(
                  'http://hooks.example/x',
                  'ftp://hooks.example',
                  'https://',
                  'not a url',
                  'javascript:alert(1)',
                ),
              ),
              events: fc.oneof(fc.constantFrom([], ['arrived', 'arrived'], ['sunk'], 'arrived', null), junkValue),
            },
            ['url', 'events'],
          ),
          junkValue,
        ),
      ),
    ),
  },
  // Carrier events and tracking links.
  ...['/api/Shipments/carrier-events', '/api/TrackingLinks'].map(
    (path): Entry => ({
      route: `GET ${path}`,
      kind: 'read',
      requests: getRequest(queryParameters({ shipment: shipmentText }).map((query) => `${path}${query}`)),
    }),
  ),
  {
    route: 'POST /api/TrackingLinks',
    kind: 'write',
    requests: jsonRequest(
      'POST',
      fc.constant('/api/TrackingLinks'),
      jsonBody(
        fc.oneof(
          brokenObject({ shipment: fc.constant(REAL.shipment) }, { shipment: shipmentText }, ['shipment']),
          junkValue,
        ),
      ),
    ),
  },
  {
    route: 'GET /api/Tracking/:token',
    kind: 'read',
    requests: getRequest(
      fc
        .oneof(nastyText, fc.constantFrom('', '..', '%00', '%ZZ'))
        .map((token) => `/api/Tracking/${encode(token.slice(0, 300))}`),
    ),
  },
  {
    route: 'POST /api/CarrierEvents/attach',
    kind: 'write',
    // No carrier event exists: any id is refused or not found.
    requests: jsonRequest(
      'POST',
      fc.constant('/api/CarrierEvents/attach'),
      jsonBody(
        fc.oneof(
          brokenObject(
            { id: fc.constant(1), shipment: fc.constant(REAL.shipment) },
            { id: fc.oneof(numberText, junkValue), shipment: shipmentText },
            ['id', 'shipment'],
          ),
          junkValue,
        ),
      ),
    ),
  },
  {
    route: 'POST /api/CarrierIntegrations',
    kind: 'write',
    requests: jsonRequest(
      'POST',
      fc.constant('/api/CarrierIntegrations'),
      jsonBody(
        fc.oneof(
          brokenObject(
            { name: fc.constant('Fuzz carrier') },
            { name: refusedText(100), forwarderName: fc.oneof(refusedText(200), junkValue), signed: junkValue },
            ['name'],
          ),
          junkValue,
        ),
      ),
    ),
  },
  {
    route: 'POST /api/CarrierEvents',
    kind: 'write',
    // Junk in place of a DCSA notification, with the integration's token: refused whole, nothing kept.
    requests: jsonRequest('POST', fc.constant('/api/CarrierEvents'), jsonBody(junkValue), carrierHeaders),
  },
  {
    route: 'GET /api/Analytics/settings',
    kind: 'read',
    requests: getRequest(
      rawQueryPieces.map((raw) => `/api/Analytics/settings${raw.length > 0 ? `?${raw.join('&')}` : ''}`),
    ),
  },
  {
    route: 'POST /api/Analytics/settings',
    kind: 'write',
    requests: jsonRequest(
      'POST',
      fc.constant('/api/Analytics/settings'),
      jsonBody(
        fc.oneof(
          brokenObject(
            { onTimeGraceDays: fc.integer({ min: 0, max: 30 }) },
            { onTimeGraceDays: fc.constantFrom(-1, 31, 1.5, '1', null, 1e300) },
            ['onTimeGraceDays'],
          ),
          junkValue,
        ),
      ),
    ),
  },
  {
    route: 'POST /api/OrganisationSettings',
    kind: 'write',
    requests: jsonRequest(
      'POST',
      fc.constant('/api/OrganisationSettings'),
      jsonBody(
        fc.oneof(
          brokenObject(
            { webhookPrivateAllowList: fc.constant(['10.20.0.0/16']), followsPerPerson: fc.constant(500) },
            {
              webhookPrivateAllowList: fc.oneof(
                junkValue,
                fc.constantFrom(['10.0.0.0/33'], ['10.1'], ['fd00::/200'], ['a b'], [''], Array(51).fill('10.0.0.1')),
              ),
              followsPerPerson: fc.constantFrom(0, -1, 100_001, 2.5, '3', null, 1e300),
            },
            ['webhookPrivateAllowList', 'followsPerPerson'],
          ),
          junkValue,
        ),
      ),
    ),
  },
  {
    route: 'POST /api/Exceptions/settings',
    kind: 'write',
    requests: jsonRequest(
      'POST',
      fc.constant('/api/Exceptions/settings'),
      jsonBody(
        fc.oneof(
          brokenObject(
            {
              etaSlipDays: fc.integer({ min: 1, max: 365 }),
              checklist: fc.constant([{ mode: 'SEA', documentType: 'Bill of Lading', after: 'atd' }]),
            },
            {
              etaSlipDays: fc.constantFrom(0, -1, 366, 2.5, '3', null, 1e300),
              checklist: fc.oneof(
                junkValue,
                fc.constant([{ mode: 'BOAT', documentType: 'Bill of Lading', after: 'atd' }]),
                fc.constant([{ mode: 'SEA', documentType: 'Bogus', after: 'atd' }]),
                fc.constant([{ mode: 'SEA', documentType: 'Bill of Lading', after: 'eta' }]),
                fc.constant([
                  { mode: 'SEA', documentType: 'Bill of Lading', after: 'atd' },
                  { mode: 'SEA', documentType: 'Bill of Lading', after: 'act_delivery' },
                ]),
              ),
            },
            ['etaSlipDays', 'checklist'],
          ),
          junkValue,
        ),
      ),
    ),
  },

  // Parts.
  {
    route: 'GET /api/Parts/getParts',
    kind: 'read',
    requests: getRequest(
      queryParameters({ po: fc.oneof(fc.constant(REAL.po), nastyText), shipment: shipmentText }).map(
        (query) => `/api/Parts/getParts${query}`,
      ),
    ),
  },
  {
    route: 'POST /api/Parts',
    kind: 'write',
    requests: jsonRequest(
      'POST',
      fc.constant('/api/Parts'),
      jsonBody(
        fc.oneof(
          fc.tuple(lineItemKey, fc.constantFrom(...REAL.parts)).chain(([key, part_number]) =>
            brokenObject(
              {
                part_number: fc.oneof(fc.constant(part_number), plausibleText),
                qty: fc.integer({ min: 1, max: 10 }),
                related_po_number: fc.constant(key.related_po_number),
                related_shipment: fc.constant(key.related_shipment),
              },
              {
                part_number: refusedText(200),
                qty: fc.oneof(fc.constantFrom(0, -1, 1.5, 1e10, '1', null, true), notANumber),
                related_po_number: refusedText(200),
                related_shipment: refusedText(200),
              },
              ['part_number', 'qty', 'related_po_number', 'related_shipment'],
            ),
          ),
          // A line item that does not exist.
          fc
            .record({ part_number: plausibleText, qty: fc.integer({ min: 1, max: 10 }), related_shipment: unknownText })
            .map((part) => ({ ...part, related_po_number: REAL.po })),
          junkValue,
        ),
      ),
    ),
  },
  {
    route: 'POST /api/Parts/save',
    kind: 'write',
    requests: jsonRequest(
      'POST',
      fc.constant('/api/Parts/save'),
      jsonBody(
        fc.oneof(
          lineItemKey.chain((key) =>
            brokenObject(
              {
                related_po_number: fc.constant(key.related_po_number),
                related_shipment: fc.constant(key.related_shipment),
                parts: fc.constant([{ part_number: 'S', qty: 2 }]),
                prev_part_numbers: fc.constant(REAL.parts),
              },
              {
                parts: partsOfList.filter((parts) => !isValidPartsList(parts)),
                // Not what is stored: the save is refused as stale.
                prev_part_numbers: fc.oneof(
                  fc.array(unknownText, { minLength: 1, maxLength: 3 }),
                  fc.constantFrom(
                    'P-1',
                    [1],
                    null,
                    {},
                    Array.from({ length: 1001 }, () => 'P'),
                  ),
                ),
                related_po_number: refusedText(200),
                related_shipment: refusedText(200),
              },
              ['parts', 'related_po_number', 'related_shipment'],
            ),
          ),
          fc
            .record({ related_shipment: unknownText, parts: partsOfList })
            .map((list) => ({ ...list, related_po_number: REAL.po })),
          junkValue,
        ),
      ),
    ),
  },
  {
    route: 'POST /api/Parts/delete',
    kind: 'write',
    requests: jsonRequest(
      'POST',
      fc.constant('/api/Parts/delete'),
      jsonBody(
        fc.oneof(
          brokenObject(
            {
              part_number: fc.constantFrom(...REAL.parts),
              related_po_number: fc.constant(REAL.po),
              related_shipment: fc.constant(REAL.shipment),
              prev_part_numbers: fc.constant(REAL.parts),
            },
            {
              // A part the line item does not have is as good as a refused one: nothing is deleted.
              part_number: fc.oneof(refusedText(200), unknownText),
              related_po_number: fc.oneof(refusedText(200), unknownText),
              related_shipment: fc.oneof(refusedText(200), unknownText),
              prev_part_numbers: fc.oneof(
                fc.array(unknownText, { minLength: 1, maxLength: 3 }),
                fc.constantFrom('P-1', [1], null, {}),
              ),
            },
            ['part_number', 'related_po_number', 'related_shipment'],
          ),
          junkValue,
        ),
      ),
    ),
  },

  // Documents.
  {
    route: 'POST /api/Files',
    kind: 'write',
    // Broken on the way, or whole but for a shipment that does not exist, or with a refused document type.
    requests: fc.oneof(
      multipartRequest(
        fc.constant('/api/Files'),
        fc.array(multipartPart, { maxLength: 6 }),
        fc.constantFrom<MultipartDefect>('cut', 'wrong-boundary', 'no-boundary', 'not-multipart'),
      ),
      multipartRequest(
        fc.constant('/api/Files'),
        fc
          .tuple(
            fc.oneof(
              unknownText.map((shipment) => ({ name: 'shipment', value: shipment.slice(0, 1000) })),
              fc.constant({ name: 'shipment', value: `${REAL.shipment}${'x'.repeat(2000)}` }),
            ),
            fc.array(multipartPart, { maxLength: 4 }),
          )
          .map(([shipment, others]) => [...others.filter((part) => part.name !== 'shipment'), shipment]),
        fc.constant<MultipartDefect>('none'),
      ),
      multipartRequest(
        fc.constant('/api/Files'),
        fc
          .tuple(fc.oneof(nastyText, fc.constantFrom('Bogus', 'other', '')), fileBytes, fileName)
          .map(([documentType, bytes, name]) => [
            { name: 'shipment', value: REAL.shipment },
            { name: 'documentType', value: isDocumentType(documentType.trim()) ? 'Bogus' : documentType },
            { name: 'files', value: bytes, fileName: name, contentType: 'application/pdf' },
          ]),
        fc.constant<MultipartDefect>('none'),
      ),
      jsonRequest('POST', fc.constant('/api/Files'), jsonBody(junkValue)),
    ),
  },
  {
    route: 'GET /api/Files',
    kind: 'read',
    requests: getRequest(
      queryParameters({
        shipment: shipmentText,
        createdOn: fc.constantFrom('01/01/2020', '1/1/2020', '02/30/2020', '2020-01-01', '13/01/2020', '01/01/99999'),
      }).map((query) => `/api/Files${query}`),
    ),
  },
  {
    route: 'GET /api/Files/:id/content',
    kind: 'read',
    requests: getRequest(
      fc
        .tuple(
          fc.oneof(
            fc.constantFrom(DOCUMENT_ID, DOCUMENT_ID.toUpperCase()),
            fc.uuid(),
            nastyText.map(encode),
            fc.constantFrom('%E0%A4%A', '%', '..%2F..%2Fetc%2Fpasswd', '%00', 'a%2Fb', `${DOCUMENT_ID}%00`),
          ),
          rawQueryPieces,
        )
        .map(([id, raw]) => `/api/Files/${id}/content${raw.length > 0 ? `?${raw.join('&')}` : ''}`),
    ),
  },

  // Deletions (restored from the audit log; no deletion ever succeeds in this file, so none exists).
  {
    route: 'GET /api/Deletions',
    kind: 'read',
    requests: getRequest(queryParameters({ limit: numberText }).map((query) => `/api/Deletions${query}`)),
  },
  {
    route: 'POST /api/Deletions/:id/restore',
    kind: 'write',
    requests: jsonRequest(
      'POST',
      fc
        .oneof(
          numberText,
          fc.constantFrom('1', '2', '0x1', ' 1', '1.0', '1e3', '9007199254740992', '99999999999999999999'),
          nastyText.map(encode),
          fc.constantFrom('%E0%A4%A', '%', '%00', '..%2F1', '1%2F..'),
        )
        .map((id) => `/api/Deletions/${id}/restore`),
      jsonBody(junkValue),
    ),
  },

  // Import.
  {
    route: 'POST /api/Import',
    kind: 'write',
    // Broken on the way, without a `shipments` file, with a refused query, or a dry run (2xx allowed, and it writes nothing).
    requests: fc.oneof(
      multipartRequest(
        queryParameters({ dryRun: fc.constantFrom('true', 'false'), sheet: nastyText }).map(
          (query) => `/api/Import${query}`,
        ),
        fc.array(multipartPart, { maxLength: 5 }),
        fc.constantFrom<MultipartDefect>('cut', 'wrong-boundary', 'no-boundary', 'not-multipart'),
      ),
      multipartRequest(
        fc.constant('/api/Import'),
        fc
          .array(multipartPart, { maxLength: 5 })
          .map((parts) => parts.filter((part) => !(part.name === 'shipments' && part.fileName !== undefined))),
        fc.constant<MultipartDefect>('none'),
      ),
      multipartRequest(
        fc
          .constantFrom(
            '/api/Import?dryRun=yes',
            '/api/Import?dryRun=true&dryRun=false',
            '/api/Import?dryRun=%E0%A4%A',
            '/api/Import?dryRun=TRUE',
          )
          .chain((url) =>
            hugeText.map((text) =>
              url.endsWith('TRUE') ? url : `${url}&sheet=${encode(text.slice(0, 5000).padEnd(201, 'x'))}`,
            ),
          ),
        fc.array(multipartPart, { maxLength: 3 }),
        fc.constant<MultipartDefect>('none'),
      ),
      multipartRequest(
        // dryRun first: a '#' piece later in the query must not cut it off.
        queryParameters({ sheet: nastyText, partsSheet: nastyText }).map(
          (query) => `/api/Import?dryRun=true${query.replace('?', '&')}`,
        ),
        fc
          .tuple(fileBytes, fileName, fc.array(multipartPart, { maxLength: 3 }))
          .map(([bytes, name, others]) => [
            { name: 'shipments', value: bytes, fileName: name, contentType: 'text/csv' },
            ...others,
          ]),
        fc.constant<MultipartDefect>('none'),
      ),
      jsonRequest('POST', fc.constant('/api/Import'), jsonBody(junkValue)),
    ),
  },
  // Purchase orders and receipts.
  {
    route: 'GET /api/PurchaseOrders',
    kind: 'read',
    requests: getRequest(
      queryParameters({
        q: nastyText,
        chip: fc.oneof(fc.constantFrom('open', 'overdue,short', 'sunk', ',,', 'OPEN', 'open,sunk'), nastyText),
        exception: fc.oneof(fc.constantFrom('po_overdue', 'po_overdue,po_unknown_sku', 'late_arrival', ''), nastyText),
        supplier: fc.oneof(fc.constantFrom('Fuzz Supplies', 'Nobody Ltd', ''), nastyText),
        sort: fc.oneof(fc.constantFrom('po_number', 'open_qty', 'status', 'price', ''), nastyText),
        direction: fc.constantFrom('asc', 'desc', 'up', ''),
        page: numberText,
        pageSize: numberText,
      }).map((query) => `/api/PurchaseOrders${query}`),
    ),
  },
  {
    route: 'GET /api/PurchaseOrders/count',
    kind: 'read',
    requests: getRequest(
      queryParameters({
        q: nastyText,
        chip: fc.oneof(fc.constantFrom('open', 'sunk', ',,'), nastyText),
        exception: fc.oneof(fc.constantFrom('po_received_short', 'late_arrival'), nastyText),
        supplier: fc.oneof(fc.constantFrom('Fuzz Supplies', 'Nobody Ltd', ''), nastyText),
        page: numberText,
      }).map((query) => `/api/PurchaseOrders/count${query}`),
    ),
  },
  {
    route: 'GET /api/PurchaseOrders/detail',
    kind: 'read',
    requests: getRequest(
      queryParameters({ po: fc.oneof(fc.constant(REAL.po), nastyText) }).map(
        (query) => `/api/PurchaseOrders/detail${query}`,
      ),
    ),
  },
  {
    route: 'POST /api/PurchaseOrders',
    kind: 'write',
    // Every PO sent has a refused field or lacks a required one: negative, fractional, a SKU or a line twice.
    requests: jsonRequest(
      'POST',
      fc.constant('/api/PurchaseOrders'),
      jsonBody(
        fc.oneof(
          { weight: 6, arbitrary: brokenPurchaseOrder },
          { weight: 1, arbitrary: fc.array(brokenPurchaseOrder, { maxLength: 2 }) },
          { weight: 1, arbitrary: junkValue },
        ),
      ),
    ),
  },
  {
    route: 'POST /api/PurchaseOrders/short-close',
    kind: 'write',
    // The fixture's PO with a refused reason, or a PO that does not exist with any body.
    requests: fc.oneof(
      jsonRequest(
        'POST',
        fc.constant(`/api/PurchaseOrders/short-close?po=${REAL.po}`),
        jsonBody(
          brokenObject({ reason: fc.constant('The supplier stopped') }, { reason: refusedText(1000) }, ['reason']),
        ),
      ),
      jsonRequest(
        'POST',
        queryParameters({ po: unknownText }).map((query) => `/api/PurchaseOrders/short-close${query}`),
        jsonBody(fc.oneof(fc.constant({ reason: 'The supplier stopped' }), junkValue)),
      ),
    ),
  },
  {
    route: 'POST /api/PurchaseOrders/confirm',
    kind: 'write',
    // The supplier's confirmed PO with any body, or a PO that does not exist (or is not its own).
    requests: fc.oneof(
      jsonRequest(
        'POST',
        fc.constant(`/api/PurchaseOrders/confirm?po=${CONFIRMED_PO}`),
        jsonBody(
          fc.oneof(
            brokenObject({ note: fc.constant('Fine') }, { note: refusedText(2000, { blank: false }) }, []),
            junkValue,
          ),
        ),
        supplierHeaders,
      ),
      jsonRequest(
        'POST',
        queryParameters({ po: unknownText }).map((query) => `/api/PurchaseOrders/confirm${query}`),
        jsonBody(fc.oneof(fc.constant({}), junkValue)),
        supplierHeaders,
      ),
    ),
  },
  {
    route: 'POST /api/PurchaseOrders/proposals',
    kind: 'write',
    // Every proposal has a refused field: a line not on the PO, twice, unchanged, a split that does not add up.
    requests: fc.oneof(
      jsonRequest(
        'POST',
        fc.constant(`/api/PurchaseOrders/proposals?po=${REAL.po}`),
        jsonBody(
          brokenObject(
            { cargo_ready_date: fc.constant('2027-05-01'), note: fc.constant('') },
            {
              cargo_ready_date: fc.constantFrom('2027-02-30', 'soon', 1, null, ''),
              note: refusedText(2000, { blank: false }),
              lines: fc.constantFrom(
                [{ line_number: 99, ordered_qty: 3 }],
                [{ line_number: 1, ordered_qty: 5 }],
                [{ line_number: 1 }],
                [
                  { line_number: 1, ordered_qty: 2 },
                  { line_number: 1, ordered_qty: 3 },
                ],
                [{ line_number: 1, ordered_qty: -1 }],
                [{ line_number: 1, ordered_qty: 2.5 }],
                [{ line_number: 1, deliveries: [{ qty: 5, cargo_ready_date: '2027-05-01' }] }],
                [{ line_number: 1, ordered_qty: 2, deliveries: [] }],
                [{ line_number: 1, deliveries: [{ qty: 0, cargo_ready_date: '2027-05-01' }, { qty: 1 }] }],
                'all',
                null,
              ),
            },
            [],
          ),
        ),
        supplierHeaders,
      ),
      jsonRequest(
        'POST',
        queryParameters({ po: unknownText }).map((query) => `/api/PurchaseOrders/proposals${query}`),
        jsonBody(fc.oneof(fc.constant({ cargo_ready_date: '2027-05-01' }), junkValue)),
        supplierHeaders,
      ),
    ),
  },
  {
    route: 'POST /api/PurchaseOrders/proposals/decision',
    kind: 'write',
    // A refused decision, or one about a proposal that does not exist.
    requests: jsonRequest(
      'POST',
      fc.oneof(
        fc.constant(`/api/PurchaseOrders/proposals/decision?po=${REAL.po}`),
        queryParameters({ po: unknownText }).map((query) => `/api/PurchaseOrders/proposals/decision${query}`),
      ),
      jsonBody(
        fc.oneof(
          brokenObject(
            { proposal: fc.constant(999_999), decision: fc.constantFrom('approve', 'reject'), note: fc.constant('') },
            {
              proposal: fc.constantFrom(0, -1, 1.5, '1', null),
              decision: fc.constantFrom('accept', 'APPROVE', '', 1, null),
              note: refusedText(2000, { blank: false }),
            },
            ['proposal', 'decision'],
          ),
          fc.constant({ proposal: 999_999, decision: 'approve' }),
          fc.constant({ proposal: 1, decision: 'reject', note: '' }),
        ),
      ),
    ),
  },
  // Booking requests.
  {
    route: 'GET /api/Bookings',
    kind: 'read',
    requests: getRequest(
      queryParameters({
        status: fc.oneof(fc.constantFrom('requested', 'routed', 'lost', ''), nastyText),
        po: fc.oneof(fc.constant(REAL.po), nastyText),
        page: numberText,
        pageSize: numberText,
      }).map((query) => `/api/Bookings${query}`),
    ),
  },
  {
    route: 'GET /api/Bookings/detail',
    kind: 'read',
    requests: getRequest(
      queryParameters({ reference: fc.oneof(fc.constant('BK-000001'), nastyText) }).map(
        (query) => `/api/Bookings/detail${query}`,
      ),
    ),
  },
  {
    route: 'POST /api/Bookings',
    kind: 'write',
    // The supplier's PO with a refused field or more than its open quantity, or a PO that is not its own.
    requests: jsonRequest(
      'POST',
      fc.constant('/api/Bookings'),
      jsonBody(
        fc.oneof(
          brokenObject(
            {
              po_number: fc.constant(REAL.po),
              cargo_ready_date: fc.constant('2027-06-01'),
              lines: fc.constant([{ line_number: 1, qty: 1 }]),
              mode: fc.constant('SEA'),
            },
            {
              po_number: refusedText(200),
              cargo_ready_date: fc.constantFrom('2027-02-30', 'soon', null, 1),
              mode: fc.constantFrom('BOAT', '', null),
              packages: fc.constantFrom(-1, 1.5, '3'),
              weight_kg: fc.constantFrom(-1, 'heavy', 1e10),
              volume_cbm: fc.constantFrom(-0.5, [], {}),
              origin: refusedText(100, { blank: false }),
              lines: fc.constantFrom(
                [],
                [{ line_number: 1, qty: 6 }],
                [{ line_number: 9, qty: 1 }],
                [{ line_number: 1, qty: 0 }],
                [{ line_number: 1, qty: 1.5 }],
                [
                  { line_number: 1, qty: 1 },
                  { line_number: 1, qty: 1 },
                ],
                [{ qty: 1 }],
                'all',
              ),
            },
            ['po_number', 'cargo_ready_date', 'lines', 'mode'],
          ),
          unknownText.map((number) => ({
            po_number: number,
            cargo_ready_date: '2027-06-01',
            lines: [{ line_number: 1, qty: 1 }],
            mode: 'SEA',
          })),
          junkValue,
        ),
      ),
      supplierHeaders,
    ),
  },
  ...(['route', 'confirm', 'decline'] as const).map((action) => ({
    route: `POST /api/Bookings/${action}`,
    kind: 'write' as const,
    // A refused body, or a booking that does not exist.
    requests: jsonRequest(
      'POST',
      queryParameters({ reference: fc.oneof(fc.constant('BK-999999'), nastyText) }).map(
        (query) => `/api/Bookings/${action}${query}`,
      ),
      jsonBody(
        fc.oneof(
          brokenObject(
            {
              forwarder_name: fc.constant('Gamma Lines'),
              shipment: fc.constant('S-FZ-BOOKED'),
              reason: fc.constant('No space'),
            },
            {
              forwarder_name: refusedText(200),
              shipment: refusedText(100),
              reason: refusedText(1000),
              etd: fc.constantFrom('2027-02-30', 'soon', 1),
            },
            [],
          ),
          fc.constant({ forwarder_name: 'Gamma Lines', shipment: 'S-FZ-BOOKED', reason: 'No space' }),
          junkValue,
        ),
      ),
    ),
  })),
  {
    route: 'GET /api/Bookings/lane-rules',
    kind: 'read',
    requests: getRequest(queryParameters({ page: numberText }).map((query) => `/api/Bookings/lane-rules${query}`)),
  },
  {
    route: 'PUT /api/Bookings/lane-rules',
    kind: 'write',
    requests: jsonRequest(
      'PUT',
      fc.constant('/api/Bookings/lane-rules'),
      jsonBody(
        fc.oneof(
          brokenObject(
            { rules: fc.constant([{ origin: 'CNSHA', mode: '', forwarder_name: 'Gamma Lines' }]) },
            {
              rules: fc.constantFrom(
                [{ origin: '', mode: '', forwarder_name: 'Gamma Lines' }],
                [{ origin: 'CNSHA', mode: 'BOAT', forwarder_name: 'Gamma Lines' }],
                [{ origin: 'CNSHA', mode: '', forwarder_name: '' }],
                [{ origin: 'CNSHA' }],
                Array.from({ length: 201 }, () => ({ origin: 'CNSHA', mode: '', forwarder_name: 'Gamma Lines' })),
                'all',
                null,
              ),
            },
            ['rules'],
          ),
          junkValue,
        ),
      ),
    ),
  },
  // Conversations.
  {
    route: 'GET /api/Messages',
    kind: 'read',
    requests: getRequest(
      queryParameters({
        record: fc.oneof(fc.constantFrom('purchase_order', 'booking', 'shipment', 'invoice', ''), nastyText),
        key: fc.oneof(fc.constant(REAL.po), fc.constant(REAL.shipment), nastyText),
      }).map((query) => `/api/Messages${query}`),
    ),
  },
  {
    route: 'POST /api/Messages',
    kind: 'write',
    // A refused message on the fixture's PO, or one on a record that does not exist.
    requests: jsonRequest(
      'POST',
      fc.constant('/api/Messages'),
      jsonBody(
        fc.oneof(
          brokenObject(
            {
              record: fc.constant('purchase_order'),
              key: fc.constant(REAL.po),
              body: fc.constant('Hello'),
            },
            {
              record: fc.constantFrom('invoice', '', 1, null),
              key: refusedText(200),
              body: refusedText(4000),
              internal: fc.constantFrom('yes', 1, null),
              mentions: fc.constantFrom(
                [0],
                [-1],
                [1.5],
                ['1'],
                [999_999],
                Array.from({ length: 21 }, (_, i) => i + 1),
                'all',
              ),
              reply_to: fc.constantFrom(0, -1, 'x', 999_999),
              documents: fc.constantFrom(['not-a-uuid'], ['00000000-0000-4000-8000-000000000000'], 'all', [1]),
            },
            ['record', 'key', 'body'],
          ),
          unknownText.map((key) => ({ record: 'purchase_order', key, body: 'Hello' })),
          junkValue,
        ),
      ),
    ),
  },
  ...(['edit', 'delete'] as const).map((action) => ({
    route: `POST /api/Messages/${action}`,
    kind: 'write' as const,
    // A refused id or body, or a message that does not exist.
    requests: jsonRequest(
      'POST',
      queryParameters({ id: fc.oneof(fc.constant('999999'), numberText, nastyText) }).map(
        (query) => `/api/Messages/${action}${query}`,
      ),
      jsonBody(
        fc.oneof(
          fc.constant({ body: 'Changed' }),
          brokenObject({ body: fc.constant('Changed') }, { body: refusedText(4000) }, ['body']),
          junkValue,
        ),
      ),
    ),
  })),
  // Suppliers.
  {
    route: 'GET /api/Suppliers',
    kind: 'read',
    requests: getRequest(
      queryParameters({ q: nastyText, page: numberText, pageSize: numberText }).map(
        (query) => `/api/Suppliers${query}`,
      ),
    ),
  },
  {
    route: 'POST /api/Suppliers/contacts',
    kind: 'write',
    // A refused contact, or an e-mail already listed (the admin's own).
    requests: jsonRequest(
      'POST',
      fc.constant('/api/Suppliers/contacts'),
      jsonBody(
        fc.oneof(
          brokenObject(
            {
              supplier: fc.constant('Fuzz Supplies'),
              full_name: fc.constant('Sam Supplier'),
              email: fc.constant('new-contact@fuzz.example'),
            },
            {
              supplier: refusedText(200),
              full_name: refusedText(200),
              email: fc.constantFrom('not-an-e-mail', '', 1, null, `${'x'.repeat(250)}@a.example`),
            },
            ['supplier', 'full_name', 'email'],
          ),
          fc.constant({ supplier: 'Fuzz Supplies', full_name: 'Taken', email: ADMIN_EMAIL }),
          fc.constant({ supplier: 'Fuzz Supplies', full_name: 'Taken', email: SUPPLIER_EMAIL }),
        ),
      ),
    ),
  },
  {
    route: 'DELETE /api/Suppliers/contacts',
    kind: 'write',
    // A refused e-mail, one nobody has, or a person who is not a supplier contact (the admin).
    requests: jsonRequest(
      'DELETE',
      fc.constant('/api/Suppliers/contacts'),
      jsonBody(
        fc.oneof(
          brokenObject({ email: fc.constant('nobody@fuzz.example') }, { email: refusedText(254) }, ['email']),
          unknownEmail.map((address) => ({ email: address })),
          fc.constant({ email: ADMIN_EMAIL }),
          junkValue,
        ),
      ),
    ),
  },
  {
    route: 'GET /api/Suppliers/settings',
    kind: 'read',
    requests: getRequest(queryParameters({ page: numberText }).map((query) => `/api/Suppliers/settings${query}`)),
  },
  {
    route: 'PUT /api/Suppliers/settings',
    kind: 'write',
    requests: jsonRequest(
      'PUT',
      fc.constant('/api/Suppliers/settings'),
      jsonBody(
        fc.oneof(
          brokenObject(
            { autoApproveCargoReadyDays: fc.constant(3) },
            { autoApproveCargoReadyDays: fc.constantFrom(-1, 366, 1.5, '3', true, [], {}) },
            ['autoApproveCargoReadyDays'],
          ),
          junkValue,
        ),
      ),
    ),
  },
  {
    route: 'GET /api/Receipts',
    kind: 'read',
    requests: getRequest(queryParameters({ shipment: shipmentText }).map((query) => `/api/Receipts${query}`)),
  },
  {
    route: 'POST /api/Receipts',
    kind: 'write',
    // The fixture's shipment with refused lines (above or below what was shipped without a reason,
    // not carried, twice, negative, fractional), or a shipment that does not exist with any body.
    requests: fc.oneof(
      jsonRequest(
        'POST',
        fc.constant(`/api/Receipts?shipment=${REAL.shipment}`),
        jsonBody(
          brokenObject(
            { lines: fc.constant([{ po_number: REAL.po, sku: 'P-1', received_qty: 1 }]) },
            { lines: refusedReceiptLines },
            ['lines'],
          ),
        ),
      ),
      jsonRequest(
        'POST',
        queryParameters({ shipment: unknownText }).map((query) => `/api/Receipts${query}`),
        jsonBody(fc.oneof(fc.constant({ lines: [{ po_number: REAL.po, sku: 'P-1', received_qty: 1 }] }), junkValue)),
      ),
    ),
  },
  ...(['purchase-orders', 'receipts'] as const).map((kind) => ({
    route: `POST /api/Import/${kind}`,
    kind: 'write' as const,
    // Broken on the way, without a `file`, with a refused query, or a dry run of any bytes (2xx allowed, and it writes nothing).
    requests: fc.oneof(
      multipartRequest(
        queryParameters({ dryRun: fc.constantFrom('true', 'false'), sheet: nastyText }).map(
          (query) => `/api/Import/${kind}${query}`,
        ),
        fc.array(multipartPart, { maxLength: 5 }),
        fc.constantFrom<MultipartDefect>('cut', 'wrong-boundary', 'no-boundary', 'not-multipart'),
      ),
      multipartRequest(
        fc.constant(`/api/Import/${kind}`),
        fc
          .array(multipartPart, { maxLength: 5 })
          .map((parts) => parts.filter((part) => !(part.name === 'file' && part.fileName !== undefined))),
        fc.constant<MultipartDefect>('none'),
      ),
      multipartRequest(
        fc
          .constantFrom('?dryRun=yes', '?dryRun=true&dryRun=false', '?dryRun=%E0%A4%A', '?dryRun=TRUE')
          .map((query) => `/api/Import/${kind}${query}`),
        fc.array(multipartPart, { maxLength: 3 }),
        fc.constant<MultipartDefect>('none'),
      ),
      multipartRequest(
        queryParameters({ sheet: nastyText }).map(
          (query) => `/api/Import/${kind}?dryRun=true${query.replace('?', '&')}`,
        ),
        fc
          .tuple(fileBytes, fileName, fc.array(multipartPart, { maxLength: 3 }))
          .map(([bytes, name, others]) => [
            { name: 'file', value: bytes, fileName: name, contentType: 'text/csv' },
            ...others,
          ]),
        fc.constant<MultipartDefect>('none'),
      ),
      jsonRequest('POST', fc.constant(`/api/Import/${kind}`), jsonBody(junkValue)),
    ),
  })),
];

/** Would `parts` pass the save's contract? (The save's breaks must never be a valid list.) */
function isValidPartsList(parts: unknown): boolean {
  if (!Array.isArray(parts) || parts.length === 0 || parts.length > 1000) return false;
  const seen = new Set<string>();
  for (const part of parts as { part_number?: unknown; qty?: unknown }[]) {
    if (typeof part?.part_number !== 'string' || typeof part.qty !== 'number') return false;
    const number = part.part_number.trim();
    if (number === '' || number.length > 200 || number.includes('\u0000') || seen.has(number)) return false;
    if (!Number.isInteger(part.qty) || part.qty < 0 || part.qty > 1e9) return false;
    seen.add(number);
  }
  return true;
}

// better-auth, mounted as one wildcard route: its state-changing paths, listed one by one.
const authPasswords = fc.oneof(
  fc.constant(`wrong ${TEST_PASSWORD}`),
  fc.constantFrom('', 'short', 'x'.repeat(129), 'a\u0000bcdefgh'),
  plausibleText.filter((text) => text !== TEST_PASSWORD),
  notAString,
);
const AUTH_CASES: Entry[] = [
  {
    route: 'POST /api/auth/sign-in/email',
    kind: 'write',
    // Never the right password: every sign-in fails.
    requests: jsonRequest(
      'POST',
      fc.constant('/api/auth/sign-in/email'),
      jsonBody(
        brokenObject(
          { email, password: authPasswords, rememberMe: fc.boolean(), callbackURL: fc.constant('/') },
          {
            email: refusedEmail,
            password: authPasswords,
            rememberMe: fc.oneof(notAString, nastyText),
            callbackURL: fc.constantFrom('http://evil.example/', 'javascript:alert(1)', '//evil.example', 5),
          },
          ['email', 'password'],
        ).map((body) => (body.password === TEST_PASSWORD ? { ...body, password: 'wrong' } : body)),
      ),
      fc.tuple(adminHeaders, originHeader).map(([headers, origin]) => ({ ...headers, ...origin })),
    ),
  },
  {
    route: 'POST /api/auth/sign-up/email',
    kind: 'write',
    // Nobody listed is without an account: the admin is registered, every other address is unlisted or refused.
    requests: jsonRequest(
      'POST',
      fc.constant('/api/auth/sign-up/email'),
      jsonBody(
        brokenObject(
          { email, password: fc.constant(TEST_PASSWORD), name: plausibleText, image: nastyText },
          {
            email: refusedEmail,
            password: authPasswords,
            name: fc.oneof(notAString, hugeText),
            role: fc.constantFrom('admin', 'Admin'),
            emailVerified: fc.constant(true),
          },
          ['email', 'password', 'name'],
        ),
      ),
      fc.tuple(adminHeaders, originHeader).map(([headers, origin]) => ({ ...headers, ...origin })),
    ),
  },
  {
    route: 'POST /api/auth/request-password-reset',
    // A well-formed address answers 200 whether or not it is known; the fingerprinted tables never change.
    kind: 'read',
    requests: jsonRequest(
      'POST',
      fc.constant('/api/auth/request-password-reset'),
      jsonBody(
        brokenObject(
          { email, redirectTo: fc.constantFrom('/reset-password', `${ORIGIN}/reset-password`) },
          {
            email: refusedEmail,
            redirectTo: fc.oneof(
              fc.constantFrom('http://evil.example/', 'javascript:alert(1)', '//evil.example'),
              notAString,
            ),
          },
          ['email'],
        ),
      ),
      fc.tuple(adminHeaders, originHeader).map(([headers, origin]) => ({ ...headers, ...origin })),
    ),
  },
  {
    route: 'POST /api/auth/reset-password',
    kind: 'write',
    // No token was ever issued in this file: every reset fails.
    requests: jsonRequest(
      'POST',
      fc.oneof(
        fc.constant('/api/auth/reset-password'),
        nastyText.map((token) => `/api/auth/reset-password?token=${encode(token)}`),
        fc.constantFrom('/api/auth/reset-password?token=%E0%A4%A', '/api/auth/reset-password?token=a&token=b'),
      ),
      jsonBody(
        brokenObject(
          { token: fc.oneof(nastyText, fc.uuid()), newPassword: fc.constant('a brand new password') },
          { token: fc.oneof(notAString, nastyText), newPassword: authPasswords },
          ['token', 'newPassword'],
        ),
      ),
      fc.tuple(adminHeaders, originHeader).map(([headers, origin]) => ({ ...headers, ...origin })),
    ),
  },
  {
    route: 'POST /api/auth/confirm-email',
    kind: 'write',
    // No registration link was ever mailed in this file: every confirmation fails.
    requests: jsonRequest(
      'POST',
      fc.constant('/api/auth/confirm-email'),
      jsonBody(
        brokenObject(
          { token: fc.oneof(nastyText, fc.constant('a.b.c')), password: fc.constant('a sturdy test password') },
          { token: fc.oneof(notAString, nastyText), password: authPasswords },
          ['token', 'password'],
        ),
      ),
      fc.tuple(adminHeaders, originHeader).map(([headers, origin]) => ({ ...headers, ...origin })),
    ),
  },
];

const ENTRIES = [...CASES, ...AUTH_CASES];

/** Product routes (better-auth's wildcard is covered by its listed paths; the OpenAPI page is not an API). */
const isFuzzedRoute = (method: string, url: string) =>
  method !== 'HEAD' && url.startsWith('/api/') && !url.startsWith('/api/auth') && !url.startsWith('/api/docs');

// ---------------------------------------------------------------------------------------------
// The checks.

/** Sends one request and holds the answer to the rules; returns its status. */
async function sendAndCheck(entry: Entry, request: FuzzRequest) {
  const before = await fingerprintBefore();
  const sent = t.app.inject({
    method: request.method,
    ...resolved(request),
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ANSWER_WITHIN_MS} ms`)), ANSWER_WITHIN_MS);
  });
  const response = await Promise.race([sent, timedOut]).finally(() => clearTimeout(timer));
  const { statusCode: status } = response;
  tally.cases += 1;
  tally.byStatus.set(status, (tally.byStatus.get(status) ?? 0) + 1);
  const seen = `${status} ${clip(response.body, 500)}`;
  if (status >= 500) throw new Error(`server error: ${seen}`);
  if (status >= 400) {
    let message: unknown;
    try {
      message = response.json<{ message?: unknown }>().message;
    } catch {
      throw new Error(`a ${status} that is not JSON: ${seen}`);
    }
    if (typeof message !== 'string' || message.trim() === '') throw new Error(`a ${status} without a message: ${seen}`);
  }
  if (status < 400 && entry.kind === 'write' && !request.url.includes('dryRun=true')) {
    tally.writesAccepted.set(entry.route, (tally.writesAccepted.get(entry.route) ?? 0) + 1);
    console.log(`${entry.route} accepted a generated request (${status}): ${describeRequest(request)}`);
    return;
  }
  await expectUnchanged(before, seen);
}

describe('bad input on every route', () => {
  it('has an entry for every route the server has', () => {
    const routes = t.app.routeTable
      .filter((route) => isFuzzedRoute(route.method, route.url))
      .map((route) => `${route.method} ${route.url}`);
    expect(new Set(CASES.map((entry) => entry.route))).toEqual(new Set(routes));
    expect(t.app.routeTable.some((route) => route.url === '/api/auth/*')).toBe(true);
  });

  it.each(ENTRIES.map((entry) => ({ ...entry, name: entry.route })))(
    `$name: ${RUNS} bad requests, never a 5xx, always a message, no change (seed ${SEED})`,
    async (entry) => {
      tally.routes += 1;
      try {
        await fc.assert(
          fc.asyncProperty(entry.requests, (request) => sendAndCheck(entry, request)),
          { seed: SEED, numRuns: RUNS },
        );
      } catch (error) {
        throw new Error(`${(error as Error).message}\n${replayHint(entry.route)}`, { cause: error });
      }
    },
    240_000,
  );
});

// ---------------------------------------------------------------------------------------------
// A NUL in a query string. PostgreSQL text cannot hold it: it once reached the database
// from `po` and `shipment` (500) and cut an export short after its header (200). Every route,
// listed by the route table above, refuses it before any query runs: a 4xx with a message, and
// nothing changed, whatever the rest of the request.

/** The query parameters the route's schema declares, as the route table records them. */
function declaredQueryParameters(entry: Entry): string[] {
  const [method, url] = entry.route.split(' ');
  const route = t.app.routeTable.find((candidate) => candidate.method === method && candidate.url === url);
  // better-auth's paths share one wildcard route without a schema: the names its handlers read.
  return route?.queryParameters.length ? route.queryParameters : ['token', 'callbackURL', 'email'];
}

/** Query pieces of which at least one holds a NUL, in a declared parameter's name slot (mostly) or another. */
function piecesWithNul(declared: readonly string[]) {
  const name = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...declared) },
    { weight: 1, arbitrary: fc.constantFrom(...MASS_ASSIGNMENT) },
    { weight: 1, arbitrary: nastyText.map((text) => text.slice(0, 50)).filter((text) => text !== '') },
  );
  const nulValue = fc.oneof(
    fc.constantFrom('\u0000', 'a\u0000', '\u0000b', `${REAL.shipment}\u0000`, `${REAL.po}\u0000`, 'a\u0000b'),
    nastyText.map((text) => `${text.slice(0, 100)}\u0000`),
  );
  const nulPiece = fc.oneof(
    { weight: 6, arbitrary: fc.tuple(name, nulValue).map(([key, value]) => `${encode(key)}=${encode(value)}`) },
    // The NUL in the name, or sent raw.
    {
      weight: 1,
      arbitrary: fc.tuple(name, nastyText).map(([key, value]) => `${encode(`${key}\u0000`)}=${encode(value)}`),
    },
    { weight: 1, arbitrary: name.map((key) => `${encode(key)}=%00`) },
  );
  const otherPiece = fc.oneof(
    fc.tuple(name, nastyText).map(([key, value]) => `${encode(key)}=${encode(value.slice(0, 1000))}`),
    fc.constantFrom(...RAW_QUERY_PIECES.filter((piece) => piece !== '#fragment')),
  );
  return fc
    .tuple(nulPiece, fc.array(otherPiece, { maxLength: 3 }), fc.nat())
    .map(([nul, others, at]) => others.toSpliced(at % (others.length + 1), 0, nul));
}

/** The request with `pieces` first in its query (before any '#' the generated query may hold). */
function withQueryPieces(request: FuzzRequest, pieces: readonly string[]): FuzzRequest {
  const at = request.url.indexOf('?');
  const [pathPart, query] = at < 0 ? [request.url, ''] : [request.url.slice(0, at), request.url.slice(at + 1)];
  const url = `${pathPart}?${[...pieces, ...(query === '' ? [] : [query])].join('&')}`;
  return printable({ method: request.method, url, payload: request.payload, headers: request.headers });
}

/** Sends one request that must be refused: a 4xx JSON answer with a message, and the data as it was. */
async function sendAndExpectRefusal(request: FuzzRequest) {
  const before = await fingerprintBefore();
  const response = await t.app.inject({
    method: request.method,
    ...resolved(request),
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
  const { statusCode: status } = response;
  tally.cases += 1;
  tally.byStatus.set(status, (tally.byStatus.get(status) ?? 0) + 1);
  const seen = `${status} ${clip(response.body, 500)}`;
  if (status < 400 || status >= 500) throw new Error(`a query string with NUL was not refused: ${seen}`);
  let message: unknown;
  try {
    message = response.json<{ message?: unknown }>().message;
  } catch {
    throw new Error(`a ${status} that is not JSON: ${seen}`);
  }
  if (typeof message !== 'string' || message.trim() === '') throw new Error(`a ${status} without a message: ${seen}`);
  await expectUnchanged(before, seen);
}

describe("the date columns' relative operators", () => {
  const url = (filters: unknown) => `/api/LineItems?filters=${encodeURIComponent(JSON.stringify(filters))}`;
  it.each([
    [
      { column: 'dest_eta', operator: 'inNextDays', value: '-1' },
      'The operator inNextDays takes a whole number of days from 0 to 3650.',
    ],
    [
      { column: 'dest_eta', operator: 'inLastDays', value: '3651' },
      'The operator inLastDays takes a whole number of days from 0 to 3650.',
    ],
    [
      { column: 'atd', operator: 'changedInLastHours', value: '1.5' },
      'The operator changedInLastHours takes a whole number of hours from 1 to 87600.',
    ],
    [
      { column: 'atd', operator: 'changedInLastDays', value: '0' },
      'The operator changedInLastDays takes a whole number of days from 1 to 3650.',
    ],
    [
      { column: 'ata', operator: 'between', value: '2026-03-31/2026-03-01' },
      'The operator between takes two dates as YYYY-MM-DD/YYYY-MM-DD, the first not after the second.',
    ],
    [
      { column: 'ata', operator: 'between', value: '2026-02-30/2026-03-01' },
      'The operator between takes two dates as YYYY-MM-DD/YYYY-MM-DD, the first not after the second.',
    ],
    [
      { column: 'title', operator: 'isToday', value: '' },
      'The operator isToday applies to date columns only, and title is not one.',
    ],
  ])('%o answers 400 with what is wrong', async (filter, message) => {
    const response = await t.app.inject({ method: 'GET', url: url([filter]), headers: bearer(adminToken) });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
  });
});

describe('a NUL in the query string of every route', () => {
  it.each([
    ['GET', '/api/LineItems?po=a%00', 'po'],
    ['GET', '/api/LineItems/count?po=a%00', 'po'],
    ['GET', '/api/LineItems/rows?po=a%00', 'po'],
    ['POST', `/api/LineItems?shipment=${REAL.shipment}%00&po=${REAL.po}`, 'shipment'],
    ['GET', '/api/LineItems/export?po=a%00', 'po'],
  ] as const)('%s %s answers 400 with a message, not a 5xx or a CSV', async (method, url, parameter) => {
    const before = await fingerprint();
    const response = await t.app.inject({
      method,
      url,
      headers: bearer(adminToken),
      ...(method === 'POST' ? { payload: { title: 'PO-FZ-RENAMED' } } : {}),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ message: `${NUL_MESSAGE} (${parameter})` });
    expect(await fingerprint()).toBe(before);
  });

  it.each(ENTRIES.map((entry) => ({ ...entry, name: entry.route })))(
    `$name: ${NUL_RUNS} requests with a NUL in the query string, each refused with a message, no change (seed ${SEED})`,
    async (entry) => {
      const declared = declaredQueryParameters(entry);
      try {
        await fc.assert(
          fc.asyncProperty(
            fc
              .tuple(entry.requests, piecesWithNul(declared))
              .map(([request, pieces]) => withQueryPieces(request, pieces)),
            (request) => sendAndExpectRefusal(request),
          ),
          { seed: SEED, numRuns: NUL_RUNS },
        );
      } catch (error) {
        throw new Error(`${(error as Error).message}\n${replayHint(entry.route)}`, { cause: error });
      }
    },
    240_000,
  );
});
