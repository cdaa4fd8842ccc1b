import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ImportReport } from '@quayside/domain/import';
import { asc, count, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, imports, lineItems, parts, shipments } from '../../db/schema.ts';
import { insertShipment } from '../../testing/fixtures.ts';
import { type FilePart, multipart } from '../../testing/multipart.ts';
import { bearer, createTestApp, signInCast, type TestApp } from '../../testing/test-app.ts';
import { runImport } from './import.service.ts';
import { noSuchLineItem } from './import-parts.ts';
import { notImportableByYou } from './import-shipments.ts';

let t: TestApp;
let admin: string;
let employee: string;
let blue: string;
let directory: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, employee, blue } = await signInCast(t));
  directory = mkdtempSync(path.join(os.tmpdir(), 'quayside-import-test-'));
  await insertShipment(t.db, { shipment: 'IMP-KES-1', forwarder_name: 'Kestrel' }, [{ title: 'PO-KES' }]);
});
afterAll(async () => {
  await t.close();
  rmSync(directory, { recursive: true, force: true });
});

let unique = 0;
/** Shipment numbers of their own for each test: the tests share one database. */
const numbers = () => {
  unique += 1;
  return (n: number) => `IMP${unique}-${n}`;
};

const csvFile = (lines: string[], name = 'report.csv'): FilePart => ({
  name,
  field: 'shipments',
  bytes: Buffer.from(`${lines.join('\r\n')}\r\n`),
});
const partsFile = (lines: string[]): FilePart => ({
  name: 'parts.csv',
  field: 'parts',
  bytes: Buffer.from(`${lines.join('\n')}\n`),
});

const post = (token: string, files: FilePart[], query = '', headers: Record<string, string> = {}) => {
  const body = multipart([], files);
  return t.app.inject({
    method: 'POST',
    url: `/api/Import${query}`,
    headers: { ...bearer(token), 'content-type': body.contentType, ...headers },
    payload: body.payload,
  });
};
const importFiles = async (token: string, files: FilePart[], query = '') => {
  const response = await post(token, files, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportReport>();
};

const stored = async (number: string) => {
  const [row] = await t.db.select().from(shipments).where(eq(shipments.shipment, number));
  return row;
};
const titlesOf = async (number: string) => {
  const rows = await t.db
    .select({ title: lineItems.title })
    .from(lineItems)
    .innerJoin(shipments, eq(shipments.id, lineItems.shipment_id))
    .where(eq(shipments.shipment, number))
    .orderBy(asc(lineItems.id));
  return rows.map((row) => row.title);
};

/** Everything an import can change, to compare before and after. */
async function snapshot() {
  const table = async (name: string) =>
    (await t.db.execute(sql.raw(`select * from ${name} order by 1`))).rows.map((row) => JSON.stringify(row));
  return {
    shipments: await table('shipments'),
    lineItems: await table('line_items'),
    parts: await table('parts'),
    rows: await table('line_item_rows'),
    audit: (await t.db.select({ n: count() }).from(auditLog))[0]?.n,
    imports: (await t.db.select({ n: count() }).from(imports))[0]?.n,
  };
}

describe('POST /api/Import: shipments from a CSV report', () => {
  it('creates shipments and their line items, reading every header variant and date format', async () => {
    const n = numbers();
    const report = await importFiles(admin, [
      csvFile([
        'shipment #,Order Ref,FORWARDER NAME,Consignee Name,origin,Destination,House,Master,Mode,Container #,' +
          'Vessel,Weight,WTUQ,Volume,VOLUQ,Outer,UQ-Outer,ETD,ATD,ETA,ATA,Est Delivery,Trans,Cntr,Remarks',
        `${n(1)},"PO-A, PO B,,PO-C,",Blue Anchor,NAPCO Americas,CNSHA,USMIA,HB1,MB1,FCL,MSCU1234566,` +
          `Maersk Kendal,"1,234.5",kg,12.5,M3,10,ctn,2024-03-05,05-Mar-24,03/28/2024,45383,2024-04-02T15:30:00Z,sea,1,hello`,
        `${n(2)},PO-D,Kestrel,,,,,,,,,,,,,,,,,,,,AIR,,`,
      ]),
    ]);
    expect(report.shipments.counts).toEqual({ created: 2, updated: 0, unchanged: 0, rejected: 0 });
    expect(report.lineItemsCreated).toBe(4);
    expect(report.shipments.unknownColumns).toEqual(['Remarks']);
    expect(report.shipments.columns.slice(0, 3)).toEqual([
      { header: 'shipment #', field: 'Shipment' },
      { header: 'Order Ref', field: 'Order Ref' },
      { header: 'FORWARDER NAME', field: 'Forwarder Name' },
    ]);
    expect(report.shipments.preview[0]?.[0]).toBe(n(1));
    expect(report.importId).toEqual(expect.any(Number));

    const first = await stored(n(1));
    expect(first).toMatchObject({
      forwarder_name: 'Blue Anchor',
      consignee_name: 'NAPCO Americas',
      dest: 'USMIA',
      wtuq: 'KG',
      uq_outer: 'CTN',
      trans: 'SEA',
      weight: '1234.5',
      volume: '12.5',
    });
    expect(first?.etd?.toISOString()).toBe('2024-03-05T00:00:00.000Z');
    expect(first?.atd?.toISOString()).toBe('2024-03-05T00:00:00.000Z');
    expect(first?.eta?.toISOString()).toBe('2024-03-28T00:00:00.000Z');
    expect(first?.ata?.toISOString()).toBe('2024-04-01T00:00:00.000Z');
    expect(first?.est_delivery?.toISOString()).toBe('2024-04-02T15:30:00.000Z');
    expect(await titlesOf(n(1))).toEqual(['PO-A', 'POB', 'PO-C']);

    const listed = await t.app.inject({
      url: `/api/LineItems?importId=${report.importId}&sort=${encodeURIComponent('[{"key":"title","direction":"asc"}]')}`,
      headers: bearer(admin),
    });
    expect(listed.json().lineItems.map((item: { title: string }) => item.title)).toEqual([
      'PO-A',
      'PO-C',
      'PO-D',
      'POB',
    ]);
    expect(listed.json().total).toBe(4);
  });

  it('reads semicolon and tab separated files with a byte-order mark', async () => {
    const n = numbers();
    for (const [delimiter, number] of [
      [';', n(1)],
      ['\t', n(2)],
    ] as const) {
      const text = `\uFEFFShipment${delimiter}Order Ref${delimiter}Weight\n${number}${delimiter}"PO-1,PO-2"${delimiter}7.5\n`;
      const report = await importFiles(admin, [{ name: 'r.csv', field: 'shipments', bytes: Buffer.from(text) }]);
      expect(report.shipments.counts.created).toBe(1);
      expect(await titlesOf(number)).toEqual(['PO-1', 'PO-2']);
      expect((await stored(number))?.weight).toBe('7.5');
    }
  });

  it('reports each rejected row with its reasons and imports the rest', async () => {
    const n = numbers();
    const report = await importFiles(admin, [
      csvFile([
        'Shipment,Order Ref,Trans,ETA,Weight',
        `${n(1)},PO-1,BOAT,2024-01-01,1`,
        `${n(2)},PO-2,SEA,31/31/2024,1`,
        `${n(3)},PO-3,AIR,,heavy`,
        ',PO-4,SEA,,',
        `${n(5)},PO-5,AIR,12-Jan-25,2`,
      ]),
    ]);
    expect(report.shipments.counts).toEqual({ created: 1, updated: 0, unchanged: 0, rejected: 4 });
    expect(report.rejections.map((rejection) => [rejection.row, rejection.key, rejection.reasons])).toEqual([
      [2, n(1), [expect.stringMatching(/^Trans: "BOAT" is not a known transit type/)]],
      [3, n(2), [expect.stringMatching(/^ETA: "31\/31\/2024" is not a date/)]],
      [4, n(3), [expect.stringMatching(/^Weight: "heavy"/)]],
      [5, '', ['Shipment is required.']],
    ]);
    expect(await stored(n(1))).toBeUndefined();
    expect((await stored(n(5)))?.eta?.toISOString()).toBe('2025-01-12T00:00:00.000Z');
  });

  it('rejects a row with a wrong container number or air waybill, unless the import takes them as written, and says so', async () => {
    const n = numbers();
    const file = () =>
      csvFile([
        'Shipment,Mode,Master,Container #',
        `${n(1)},FCL,MEDU1,csqu3054383`,
        `${n(2)},FCL,,CSQU3054384`,
        `${n(3)},AIR,020-81140744,`,
        `${n(4)},AIR,020 81140743,`,
      ]);
    const checked = await importFiles(admin, [file()], '?dryRun=true');
    expect(checked.uncheckedIdentifiers).toBe(false);
    expect(checked.rejections.map((rejection) => [rejection.row, rejection.reasons])).toEqual([
      [3, ['Container #: CSQU3054384: the check digit does not match; it would be 3 (CSQU3054383).']],
      [4, ['Master: 020-81140744: the check digit does not match; it would be 3 (020-81140743).']],
    ]);
    const taken = await importFiles(admin, [file()], '?uncheckedIdentifiers=true');
    expect(taken.uncheckedIdentifiers).toBe(true);
    expect(taken.shipments.counts).toEqual({ created: 4, updated: 0, unchanged: 0, rejected: 0 });
    expect((await stored(n(2)))?.container_number).toBe('CSQU3054384');
    const [record] = await t.db
      .select()
      .from(imports)
      .where(eq(imports.id, taken.importId ?? 0));
    expect(record?.summary).toMatchObject({ uncheckedIdentifiers: true });
    // Checked, the good ones are kept in their plain form.
    const again = await importFiles(admin, [
      csvFile(['Shipment,Mode,Master,Container #', `${n(4)},AIR,02081140743,tcnu7200794`]),
    ]);
    expect(again.shipments.counts.updated).toBe(1);
    expect(await stored(n(4))).toMatchObject({ master: '020-81140743', container_number: 'TCNU7200794' });
    expect((await post(admin, [file()], '?uncheckedIdentifiers=yes')).statusCode).toBe(400);
  });

  it('updates by shipment number: changed cells only, new PO numbers appended, empty cells keep what is stored', async () => {
    const n = numbers();
    await insertShipment(t.db, { shipment: n(1), vessel: 'Old Vessel', house: 'H-1', trans: 'SEA' }, [
      { title: 'PO-OLD' },
    ]);
    const report = await importFiles(admin, [
      csvFile(['Shipment,Order Ref,Vessel,House,Trans', `${n(1)},"PO-OLD,PO-NEW",New Vessel,,SEA`]),
    ]);
    expect(report.shipments.counts).toEqual({ created: 0, updated: 1, unchanged: 0, rejected: 0 });
    expect(report.lineItemsCreated).toBe(1);
    expect(await stored(n(1))).toMatchObject({ vessel: 'New Vessel', house: 'H-1', trans: 'SEA' });
    expect(await titlesOf(n(1))).toEqual(['PO-OLD', 'PO-NEW']);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, n(1)))
      .orderBy(asc(auditLog.id));
    expect(audit).toMatchObject({
      action: 'update',
      entity: 'shipment',
      actor_email: 'admin@napco.example',
      before: expect.objectContaining({ Vessel: 'Old Vessel', 'Order Ref': ['PO-OLD'] }),
      after: expect.objectContaining({ Vessel: 'New Vessel', 'Order Ref': ['PO-OLD', 'PO-NEW'] }),
    });
  });

  it('applies a shipment named twice in one file row after row', async () => {
    const n = numbers();
    const report = await importFiles(admin, [
      csvFile(['Shipment,Order Ref,Vessel', `${n(1)},PO-1,First`, `${n(1)},PO-2,Second`, `${n(1)},PO-2,Second`]),
    ]);
    expect(report.rows.map((row) => row.outcome)).toEqual(['created', 'updated', 'unchanged']);
    expect((await stored(n(1)))?.vessel).toBe('Second');
    expect(await titlesOf(n(1))).toEqual(['PO-1', 'PO-2']);
  });

  it('changes nothing the second time the same file is imported', async () => {
    const n = numbers();
    const files = [
      csvFile([
        'Shipment,Order Ref,Weight,ETA,Trans',
        `${n(1)},"PO-1,PO-2",1000,05-Mar-24,SEA`,
        `${n(2)},PO-3,2.50,,AIR`,
      ]),
      partsFile(['PO,Shipment,Part Number,Quantity', `PO-1,${n(1)},P-1,5`, `PO-3,${n(2)},P-2,7`]),
    ];
    await importFiles(admin, files);
    const before = await snapshot();
    const again = await importFiles(admin, files);
    expect(again.shipments.counts).toEqual({ created: 0, updated: 0, unchanged: 2, rejected: 0 });
    expect(again.parts?.counts).toEqual({ created: 0, updated: 0, unchanged: 2, rejected: 0 });
    expect(again.lineItemsCreated).toBe(0);
    const after = await snapshot();
    // The second run is recorded (one import and its audit entry), and changes no data.
    expect({ ...after, audit: undefined, imports: undefined }).toEqual({
      ...before,
      audit: undefined,
      imports: undefined,
    });
    expect([after.audit, after.imports]).toEqual([Number(before.audit) + 1, Number(before.imports) + 1]);
  });
});

describe('dry run and atomicity', () => {
  it('a dry run reports exactly what the import then does, and changes nothing', async () => {
    const n = numbers();
    await insertShipment(t.db, { shipment: n(1), vessel: 'Old' }, [{ title: 'PO-1' }]);
    const files = [
      csvFile(['Shipment,Order Ref,Vessel,Trans', `${n(1)},PO-1,New,SEA`, `${n(2)},PO-2,,AIR`, `${n(3)},PO-3,,BOAT`]),
      partsFile(['PO,Shipment,Part Number,Quantity', `PO-2,${n(2)},P-1,3`, `PO-2,${n(2)},P-2,1.5`]),
    ];
    const before = await snapshot();
    const dry = await importFiles(admin, files, '?dryRun=true');
    expect(await snapshot()).toEqual(before);
    expect(dry).toMatchObject({ dryRun: true, importId: null });
    expect(dry.shipments.counts).toEqual({ created: 1, updated: 1, unchanged: 0, rejected: 1 });
    expect(dry.parts?.counts).toEqual({ created: 1, updated: 0, unchanged: 0, rejected: 1 });

    const real = await importFiles(admin, files);
    expect({ ...real, dryRun: true, importId: null }).toEqual(dry);
    expect(await titlesOf(n(2))).toEqual(['PO-2']);
  });

  it('a failure in the middle of the file leaves no row of it', async () => {
    const n = numbers();
    const file = path.join(directory, 'atomic.csv');
    writeFileSync(file, ['Shipment,Order Ref', ...[1, 2, 3, 4, 5, 6].map((i) => `${n(i)},PO-${i}`)].join('\n'));
    const before = await snapshot();
    const principal = {
      personId: 0,
      userId: 'test',
      email: 'test',
      fullName: 'Test',
      role: 'Admin',
      company: '',
    } as const;
    const failure = runImport(
      t.db,
      principal,
      { personId: null, email: 'test' },
      { shipments: { path: file, name: 'atomic.csv' }, dryRun: false },
      {
        batchSize: 2,
        // Called after each batch is written, inside the transaction: the second batch is the middle.
        onProgress: (rows) => {
          if (rows === 4) throw new Error('the disk caught fire');
        },
      },
    );
    await expect(failure).rejects.toThrow('the disk caught fire');
    expect(await snapshot()).toEqual(before);
    expect(await stored(n(1))).toBeUndefined();
  });
});

describe('parts lists', () => {
  it('adds, updates and rejects parts by (part, line item), and the dashboard shows their totals', async () => {
    const n = numbers();
    await insertShipment(t.db, { shipment: n(1) }, [{ title: 'PO-1', parts: [{ part_number: 'P-OLD', qty: 1 }] }]);
    const report = await importFiles(admin, [
      csvFile(['Shipment,Order Ref', `${n(1)},PO-1`]),
      partsFile([
        'po #,Shipment Number,Part #,Qty',
        `PO-1,${n(1)},P-OLD,4`,
        `PO-1,${n(1)},P-NEW,"1,000"`,
        `PO-1,${n(1)},P-BAD,2.5`,
        `PO-9,${n(1)},P-X,1`,
        `PO-1,${n(1)},P-NONE,`,
      ]),
    ]);
    expect(report.parts?.counts).toEqual({ created: 2, updated: 1, unchanged: 0, rejected: 2 });
    expect(report.rejections.map((rejection) => [rejection.sheet, rejection.row, rejection.reasons])).toEqual([
      ['parts', 4, ['Quantity: "2.5" is not a whole number.']],
      ['parts', 5, [noSuchLineItem('PO-9', n(1))]],
    ]);
    const stored = await t.db
      .select({ part_number: parts.part_number, qty: parts.qty })
      .from(parts)
      .innerJoin(lineItems, eq(lineItems.id, parts.line_item_id))
      .innerJoin(shipments, eq(shipments.id, lineItems.shipment_id))
      .where(eq(shipments.shipment, n(1)))
      .orderBy(asc(parts.id));
    expect(stored).toEqual([
      { part_number: 'P-OLD', qty: 4 },
      { part_number: 'P-NEW', qty: 1000 },
      { part_number: 'P-NONE', qty: null },
    ]);
    const listed = await t.app.inject({ url: `/api/LineItems?po=PO-1&q=${n(1)}`, headers: bearer(admin) });
    expect(listed.json().lineItems[0]).toMatchObject({ total_qty: 1004, numberOfParts: 3 });
  });
});

describe('Excel workbooks', () => {
  async function workbook(sheets: [string, (string | number | Date | null)[][]][]) {
    const book = new ExcelJS.Workbook();
    for (const [name, rows] of sheets) book.addWorksheet(name).addRows(rows);
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  it('reads the first sheet, or the one named, with date cells and Excel serial numbers', async () => {
    const n = numbers();
    const bytes = await workbook([
      ['Notes', [['This sheet is not the report']]],
      [
        'Shipments',
        [
          ['Shipment', 'Order Ref', 'ETA', 'Est Delivery', 'Weight', 'Trans'],
          [n(1), 'PO-1, PO-2', new Date(Date.UTC(2024, 5, 30)), 45383, 12.5, 'ROA'],
        ],
      ],
    ]);
    const file: FilePart = { name: 'report.xlsx', field: 'shipments', bytes };
    const report = await importFiles(admin, [file], '?sheet=shipments');
    expect(report.shipments).toMatchObject({ format: 'xlsx', sheet: 'Shipments', rows: 1 });
    expect(report.shipments.counts.created).toBe(1);
    const row = await stored(n(1));
    expect(row?.eta?.toISOString()).toBe('2024-06-30T00:00:00.000Z');
    expect(row?.est_delivery?.toISOString()).toBe('2024-04-01T00:00:00.000Z');
    expect(row).toMatchObject({ weight: '12.5', trans: 'ROA' });
    expect(await titlesOf(n(1))).toEqual(['PO-1', 'PO-2']);

    const wrong = await post(admin, [file], '?sheet=Missing');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/no sheet named "Missing".*Notes, Shipments/);
    const first = await post(admin, [file]);
    expect(first.statusCode).toBe(400);
    expect(first.json().message).toMatch(/no "Shipment" column/);
  });
});

describe('files that cannot be imported', () => {
  it.each([
    [
      'binary garbage',
      Buffer.from([0x00, 0xff, 0x13, 0x37, 0x00, 0x42, 0x99, 0xfe]),
      /neither a CSV file nor an Excel/,
    ],
    ['a file without a header row', Buffer.from('SHP-1,PO-1,SEA\nSHP-2,PO-2,AIR\n'), /no "Shipment" column/],
    ['an empty file', Buffer.alloc(0), /empty/],
  ])('refuses %s with a message and changes nothing', async (_, bytes, message) => {
    const before = await snapshot();
    const response = await post(admin, [{ name: 'bad.csv', field: 'shipments', bytes }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 400, not never, to a part header the multipart parser cannot finish (found by the fuzz suite)', async () => {
    // A raw CR inside a quoted file name stalls busboy once the body passes its buffer.
    const payload = Buffer.concat([
      Buffer.from(
        '--x\r\nContent-Disposition: form-data; name="file"; filename="\r"\r\nContent-Type: text/csv\r\n\r\n',
      ),
      Buffer.alloc(300_000, 'a'),
      Buffer.from('\r\n--x--\r\n'),
    ]);
    for (const url of ['/api/Import', '/api/Files']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(admin), 'content-type': 'multipart/form-data; boundary=x' },
        payload,
      });
      expect([response.statusCode, response.json().message]).toEqual([
        400,
        'The upload could not be read. Please try again.',
      ]);
    }
  });

  it('refuses a request without a shipments file', async () => {
    const response = await post(admin, [partsFile(['PO,Shipment,Part Number,Quantity'])]);
    expect([response.statusCode, response.json().message]).toEqual([
      400,
      'Choose a shipments file (CSV or Excel .xlsx) to import.',
    ]);
  });

  it('refuses a parts list without its key columns', async () => {
    const response = await post(admin, [csvFile(['Shipment']), partsFile(['Part Number,Quantity', 'P-1,1'])]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/no "PO", "Shipment" column/);
  });
});

describe('who may import', () => {
  it('refuses the read-only roles and anyone signed out', async () => {
    const body = multipart([], [csvFile(['Shipment', 'IMP-NOPE'])]);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/Import',
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(anonymous.statusCode).toBe(401);
    const response = await post(employee, [csvFile(['Shipment', 'IMP-NOPE'])]);
    expect([response.statusCode, response.json().message]).toEqual([403, 'Your role has read-only access.']);
    expect(await stored('IMP-NOPE')).toBeUndefined();
  });

  it("imports a forwarder's rows into its own company, and rejects another company's shipments", async () => {
    const n = numbers();
    const report = await importFiles(blue, [
      csvFile([
        'Shipment,Order Ref,Forwarder Name',
        `${n(1)},PO-1,`,
        `${n(2)},PO-2,blue anchor`,
        `${n(3)},PO-3,Kestrel`,
        'IMP-KES-1,PO-SNEAK,',
      ]),
      partsFile(['PO,Shipment,Part Number,Quantity', 'PO-KES,IMP-KES-1,P-1,1', `PO-1,${n(1)},P-1,1`]),
    ]);
    expect(report.shipments.counts).toEqual({ created: 2, updated: 0, unchanged: 0, rejected: 2 });
    expect(report.rejections.map((rejection) => rejection.reasons[0])).toEqual([
      notImportableByYou(n(3), 'Blue Anchor'),
      notImportableByYou('IMP-KES-1', 'Blue Anchor'),
      noSuchLineItem('PO-KES', 'IMP-KES-1'),
    ]);
    expect((await stored(n(1)))?.forwarder_name).toBe('Blue Anchor');
    expect((await stored(n(2)))?.forwarder_name).toBe('Blue Anchor');
    expect(await stored(n(3))).toBeUndefined();
    expect(await titlesOf('IMP-KES-1')).toEqual(['PO-KES']);
  });
});

describe('progress as NDJSON', () => {
  it('streams progress lines, then the report', async () => {
    const n = numbers();
    const rows = Array.from({ length: 2500 }, (_, i) => `${n(i)},PO-${i}`);
    const response = await post(admin, [csvFile(['Shipment,Order Ref', ...rows])], '', {
      accept: 'application/x-ndjson',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const lines = response.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.filter((line) => line.type === 'progress').map((line) => line.rows)).toEqual([1000, 2000, 2500]);
    expect(lines.at(-1)).toMatchObject({ type: 'report', report: { shipments: { rows: 2500 } } });
  });

  it('streams a refusal found while reading as an error line', async () => {
    const response = await post(admin, [{ name: 'x.csv', field: 'shipments', bytes: Buffer.from('a,b\n1,2\n') }], '', {
      accept: 'application/x-ndjson',
    });
    // The file is opened before the stream starts: its refusal is an ordinary 400.
    expect([response.statusCode, response.json().message]).toEqual([400, expect.stringMatching(/no "Shipment"/)]);
  });
});
