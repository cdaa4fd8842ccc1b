import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { receiptBelowShipped, receiptNotCarried, skuTwice } from '@quayside/domain/purchase-orders';
import {
  noSuchShipment,
  PO_IMPORT_NOTHING_SENT,
  poHeaderDisagrees,
  type RecordImportReport,
} from '@quayside/domain/record-import';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../auth/principal.ts';
import { insertShipment } from '../../testing/fixtures.ts';
import { type FilePart, multipart } from '../../testing/multipart.ts';
import { bearer, createTestApp, signInCast, type TestApp } from '../../testing/test-app.ts';
import { PO_IMPORT_ADMIN_ONLY, runRecordImport } from './record-import.service.ts';

let t: TestApp;
let admin: string;
let employee: string;
let blue: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, employee, blue } = await signInCast(t));
});
afterAll(() => t.close());

let unique = 0;
/** PO numbers of their own for each test: the tests share one database. */
const poNumbers = () => {
  unique += 1;
  return (n: number) => `RI${unique}-PO${n}`;
};

const csv = (lines: string[], name = 'pos.csv'): FilePart => ({
  name,
  field: 'file',
  bytes: Buffer.from(`${lines.join('\r\n')}\r\n`),
});

const post = (token: string, path: string, files: FilePart[], query = '') => {
  const body = multipart([], files);
  return t.app.inject({
    method: 'POST',
    url: `/api/Import/${path}${query}`,
    headers: { ...bearer(token), 'content-type': body.contentType },
    payload: body.payload,
  });
};
const importPos = async (file: FilePart, query = '') => {
  const response = await post(admin, 'purchase-orders', [file], query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RecordImportReport>();
};
const importReceipts = async (file: FilePart, query = '') => {
  const response = await post(admin, 'receipts', [file], query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RecordImportReport>();
};

/** A PO as the PO page shows it: header, lines and history. */
async function storedPo(po: string) {
  const header = await t.db.execute<Record<string, unknown>>(sql`
    select po_number, supplier, order_date::text as order_date, requested_delivery_date::text as requested_delivery_date,
           incoterm, currency from purchase_orders where po_number = ${po}`);
  const lines = await t.db.execute<Record<string, unknown>>(sql`
    select l.line_number, l.sku, l.description, l.ordered_qty, l.unit, l.unit_price::float8 as unit_price,
           l.requested_date::text as requested_date
    from purchase_order_lines l join purchase_orders p on p.id = l.purchase_order_id
    where p.po_number = ${po} order by l.line_number`);
  const history = await t.db.execute<{ kind: string; summary: string; source: string }>(sql`
    select h.kind, h.summary, h.source from purchase_order_history h join purchase_orders p on p.id = h.purchase_order_id
    where p.po_number = ${po} order by h.id`);
  return { header: header.rows[0], lines: lines.rows, history: history.rows };
}
const counts = async () => {
  const result = await t.db.execute<{ pos: string; lines: string; history: string; receipts: string }>(sql`
    select (select count(*) from purchase_orders) as pos, (select count(*) from purchase_order_lines) as lines,
           (select count(*) from purchase_order_history) as history, (select count(*) from receipts) as receipts`);
  return result.rows[0];
};

const HEADER = 'PO Number,Supplier,PO Date,Required By,Incoterm,Currency,Line,Item,Description,Qty Ordered,UOM,Rate';

describe('importing purchase orders from the ERP', () => {
  it('creates the POs of a CSV grouped by PO number, maps the ERP headers, and a re-import changes nothing', async () => {
    const po = poNumbers();
    const file = csv([
      HEADER,
      `${po(1)},Acme Tools,2026-03-01,05-Apr-26,FOB,USD,1,BOLT-1,Bolt,100,EA,"1,234.50"`,
      `${po(2)},Zenith,03/02/2026,,CIF,EUR,1,NUT-1,Nut,50,EA,`,
      `${po(1)},Acme Tools,2026-03-01,05-Apr-26,FOB,USD,2,WASHER-1,Washer,200,EA,0.1`,
    ]);
    const report = await importPos(file);
    expect(report.file.columns.map((column) => column.field)).toEqual([
      'PO Number',
      'Supplier',
      'Order Date',
      'Requested Delivery Date',
      'Incoterm',
      'Currency',
      'Line',
      'SKU',
      'Description',
      'Qty Ordered',
      'Unit',
      'Unit Price',
    ]);
    expect(report.file.counts).toEqual({ created: 3, updated: 0, unchanged: 0, rejected: 0 });
    expect(report.records).toEqual({ created: 2, updated: 0, unchanged: 0, rejected: 0 });
    const first = await storedPo(po(1));
    expect(first.header).toEqual({
      po_number: po(1),
      supplier: 'Acme Tools',
      order_date: '2026-03-01',
      requested_delivery_date: '2026-04-05',
      incoterm: 'FOB',
      currency: 'USD',
    });
    expect(first.lines).toEqual([
      {
        line_number: 1,
        sku: 'BOLT-1',
        description: 'Bolt',
        ordered_qty: 100,
        unit: 'EA',
        unit_price: 1234.5,
        requested_date: null,
      },
      {
        line_number: 2,
        sku: 'WASHER-1',
        description: 'Washer',
        ordered_qty: 200,
        unit: 'EA',
        unit_price: 0.1,
        requested_date: null,
      },
    ]);
    expect(first.history).toEqual([{ kind: 'created', summary: 'Created with 2 lines', source: 'import' }]);
    expect((await storedPo(po(2))).header).toMatchObject({ order_date: '2026-03-02', currency: 'EUR' });

    const before = await counts();
    const again = await importPos(file);
    expect(again.file.counts).toEqual({ created: 0, updated: 0, unchanged: 3, rejected: 0 });
    expect(again.records).toEqual({ created: 0, updated: 0, unchanged: 2, rejected: 0 });
    expect(await counts()).toEqual(before);
  });

  it('reads an Excel workbook, its dates and numbers as Excel stores them', async () => {
    const po = poNumbers();
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('PO Lines');
    sheet.addRow([
      'PO Number',
      'Vendor',
      'Order Date',
      'Line No',
      'Item Code',
      'Qty Ordered',
      'Unit Price',
      'Requested Date',
    ]);
    sheet.addRow([
      po(1),
      'Acme Tools',
      new Date(Date.UTC(2026, 2, 1)),
      1,
      'BOLT-1',
      12,
      2.5,
      new Date(Date.UTC(2026, 4, 20)),
    ]);
    sheet.addRow([po(1), 'Acme Tools', new Date(Date.UTC(2026, 2, 1)), 2, 'NUT-1', 7, null, null]);
    const file: FilePart = { name: 'erp.xlsx', field: 'file', bytes: Buffer.from(await book.xlsx.writeBuffer()) };
    const report = await importPos(file);
    expect(report.file).toMatchObject({ format: 'xlsx', sheet: 'PO Lines', rows: 2 });
    expect(report.file.counts).toEqual({ created: 2, updated: 0, unchanged: 0, rejected: 0 });
    const stored = await storedPo(po(1));
    expect(stored.header).toMatchObject({ supplier: 'Acme Tools', order_date: '2026-03-01' });
    expect(stored.lines).toMatchObject([
      { line_number: 1, sku: 'BOLT-1', ordered_qty: 12, unit_price: 2.5, requested_date: '2026-05-20' },
      { line_number: 2, sku: 'NUT-1', ordered_qty: 7, unit_price: null, requested_date: null },
    ]);
  });

  it('records a changed quantity or date as an update in the history, keeping what it was; lines left out stay', async () => {
    const po = poNumbers();
    await importPos(
      csv([
        'PO Number,Line,SKU,Qty Ordered,Requested Date,Description',
        `${po(1)},1,BOLT-1,100,2026-05-01,Bolt`,
        `${po(1)},2,NUT-1,40,2026-05-01,Nut`,
      ]),
    );
    // The ERP's next export: one quantity and one date changed, line 2 not listed, no descriptions.
    const report = await importPos(
      csv(['PO Number,Line,SKU,Qty Ordered,Requested Date', `${po(1)},1,BOLT-1,80,2026-06-01`]),
    );
    expect(report.file.counts).toEqual({ created: 0, updated: 1, unchanged: 0, rejected: 0 });
    expect(report.records).toEqual({ created: 0, updated: 1, unchanged: 0, rejected: 0 });
    const stored = await storedPo(po(1));
    expect(stored.lines).toMatchObject([
      { line_number: 1, sku: 'BOLT-1', ordered_qty: 80, requested_date: '2026-06-01', description: 'Bolt' },
      { line_number: 2, sku: 'NUT-1', ordered_qty: 40 },
    ]);
    expect(stored.history.slice(1)).toEqual([
      { kind: 'amended', summary: 'Line 1 ordered quantity 100 → 80', source: 'import' },
      { kind: 'amended', summary: 'Line 1 requested date 2026-05-01 → 2026-06-01', source: 'import' },
    ]);
  });

  it('rejects each bad row with its row number and reason, and applies the rest', async () => {
    const po = poNumbers();
    const report = await importPos(
      csv([
        'PO Number,Supplier,Line,SKU,Qty Ordered,Order Date',
        `${po(1)},Acme,1,BOLT-1,10,2026-01-05`,
        `${po(1)},Acme,2,BOLT-1,5,`,
        `,Acme,1,NUT-1,5,`,
        `${po(2)},Acme,1,NUT-1,-3,`,
        `${po(2)},Acme,2,NUT-2,2.5,`,
        `${po(2)},Acme,3,,2,`,
        `${po(2)},Acme,4,NUT-4,2,31/31/2026`,
        `${po(1)},Zenith,3,NUT-3,1,`,
        `${po(2)},Acme,5,NUT-5,1,`,
      ]),
    );
    expect(report.file.counts).toEqual({ created: 2, updated: 0, unchanged: 0, rejected: 7 });
    expect(report.records).toEqual({ created: 2, updated: 0, unchanged: 0, rejected: 7 });
    expect(report.rejections.map((row) => [row.row, row.reasons])).toEqual([
      [3, [`PO ${po(1)}: ${skuTwice('BOLT-1', 1)}`]],
      [4, ['PO number is required.']],
      [5, ['Qty Ordered: "-3" is negative; a quantity is a whole number of at least 0.']],
      [6, ['Qty Ordered: "2.5" is not a whole number.']],
      [7, ['SKU is required.']],
      [
        8,
        ['Order Date: "31/31/2026" is not a date. Use YYYY-MM-DD, DD-Mon-YY (05-Mar-24), MM/DD/YYYY or an Excel date.'],
      ],
      [9, [poHeaderDisagrees(po(1), ['Supplier'], 2)]],
    ]);
    expect((await storedPo(po(1))).lines).toMatchObject([{ sku: 'BOLT-1', ordered_qty: 10 }]);
    expect((await storedPo(po(2))).lines).toMatchObject([{ line_number: 5, sku: 'NUT-5' }]);
  });

  it('matches a row without a line number to the line of its SKU, else gives it the next number', async () => {
    const po = poNumbers();
    await importPos(csv(['PO Number,SKU,Qty Ordered', `${po(1)},BOLT-1,10`, `${po(1)},NUT-1,20`]));
    const report = await importPos(csv(['PO Number,SKU,Qty Ordered', `${po(1)},NUT-1,25`, `${po(1)},PIN-1,5`]));
    expect(report.rows.map((row) => [row.key, row.outcome])).toEqual([
      [`${po(1)} / NUT-1`, 'updated'],
      [`${po(1)} / PIN-1`, 'created'],
    ]);
    expect((await storedPo(po(1))).lines).toMatchObject([
      { line_number: 1, sku: 'BOLT-1', ordered_qty: 10 },
      { line_number: 2, sku: 'NUT-1', ordered_qty: 25 },
      { line_number: 3, sku: 'PIN-1', ordered_qty: 5 },
    ]);
  });

  it('groups a PO whose rows fall in different batches, its first row setting the header', async () => {
    const po = poNumbers();
    const lines = [`PO Number,Supplier,Line,SKU,Qty Ordered`];
    for (let line = 1; line <= 5; line++) lines.push(`${po(1)},Acme,${line},SKU-${line},${line}`);
    lines.push(`${po(1)},Other,6,SKU-6,6`);
    const directory = await mkdtemp(path.join(os.tmpdir(), 'po-import-'));
    const file = path.join(directory, 'pos.csv');
    await writeFile(file, `${lines.join('\n')}\n`);
    const principal: Principal = {
      personId: 1,
      userId: 'admin',
      email: 'admin@napco.example',
      fullName: 'Admin',
      role: 'Admin',
      company: 'NAPCO',
    };
    const report = await runRecordImport(
      t.db,
      principal,
      { personId: null, email: 'admin@napco.example' },
      { kind: 'purchase_orders', file: { path: file, name: 'pos.csv' }, dryRun: false },
      { batchSize: 2 },
    );
    await rm(directory, { recursive: true, force: true });
    expect(report.file.counts).toEqual({ created: 5, updated: 0, unchanged: 0, rejected: 1 });
    expect(report.records).toEqual({ created: 1, updated: 0, unchanged: 0, rejected: 1 });
    expect(report.rejections[0]?.reasons).toEqual([poHeaderDisagrees(po(1), ['Supplier'], 2)]);
    const stored = await storedPo(po(1));
    expect(stored.lines).toHaveLength(5);
    expect(stored.header).toMatchObject({ supplier: 'Acme' });
  });

  it('dry run reports the same counts and writes nothing', async () => {
    const po = poNumbers();
    const file = csv(['PO Number,SKU,Qty Ordered', `${po(1)},BOLT-1,10`, `${po(1)},BOLT-1x,-1`]);
    const before = await counts();
    const dry = await importPos(file, '?dryRun=true');
    expect(dry.dryRun).toBe(true);
    expect(await counts()).toEqual(before);
    const real = await importPos(file);
    expect({ file: dry.file.counts, records: dry.records }).toEqual({ file: real.file.counts, records: real.records });
    expect(real.file.counts).toEqual({ created: 1, updated: 0, unchanged: 0, rejected: 1 });
  });

  it('is an Admin’s: other roles are refused before the file is read, and a file without its columns is refused whole', async () => {
    const file = csv(['PO Number,SKU,Qty Ordered', 'X,Y,1']);
    for (const token of [employee, blue]) {
      const response = await post(token, 'purchase-orders', [file]);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: PO_IMPORT_ADMIN_ONLY });
    }
    const missing = await post(admin, 'purchase-orders', [csv(['Supplier,Item', 'Acme,BOLT'])]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(
      'pos.csv: no "PO Number", "Qty Ordered" column. The first row must hold the column headers (PO Number, SKU, Qty Ordered, ...).',
    );
    const nothing = await post(admin, 'purchase-orders', [{ ...file, field: 'shipments' }]);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe(PO_IMPORT_NOTHING_SENT);
  });
});

describe('importing receipts', () => {
  it('records each shipment’s receipt and rejects what it does not carry or differs without a reason', async () => {
    const po = poNumbers();
    const shipment = `RI-SHIP-${unique}`;
    await insertShipment(t.db, { shipment, forwarder_name: 'Blue Anchor' }, [
      {
        title: po(1),
        parts: [
          { part_number: 'BOLT-1', qty: 10 },
          { part_number: 'NUT-1', qty: 4 },
        ],
      },
    ]);
    await importPos(csv(['PO Number,SKU,Qty Ordered', `${po(1)},BOLT-1,10`, `${po(1)},NUT-1,4`]));
    const file = csv(
      [
        'Shipment,PO Number,SKU,Received Qty,Reason,Note',
        `${shipment},${po(1)},BOLT-1,8,Short,two missing`,
        `${shipment},${po(1)},NUT-1,3,,`,
        `${shipment},${po(1)},PIN-1,1,,`,
        `NO-SUCH-SHIPMENT,${po(1)},BOLT-1,1,,`,
        `${shipment},${po(1)},NUT-1,4,,`,
      ],
      'receipts.csv',
    );
    const before = await counts();
    const dry = await importReceipts(file, '?dryRun=true');
    expect(await counts()).toEqual(before);
    const report = await importReceipts(file);
    expect(dry.file.counts).toEqual(report.file.counts);
    expect(report.file.counts).toEqual({ created: 2, updated: 0, unchanged: 0, rejected: 3 });
    expect(report.records).toEqual({ created: 1, updated: 0, unchanged: 0, rejected: 3 });
    expect(report.rejections.map((row) => [row.row, row.reasons])).toEqual([
      [3, [receiptBelowShipped('NUT-1', 4)]],
      [4, [receiptNotCarried(po(1), 'PIN-1')]],
      [5, [noSuchShipment('NO-SUCH-SHIPMENT')]],
    ]);
    const received = await t.db.execute<{ sku: string; received_qty: number; reason: string | null; note: string }>(sql`
      select sku, received_qty, reason, note from receipts where po_number = ${po(1)} order by sku`);
    expect(received.rows).toEqual([
      { sku: 'BOLT-1', received_qty: 8, reason: 'short', note: 'two missing' },
      { sku: 'NUT-1', received_qty: 4, reason: null, note: '' },
    ]);
    expect((await storedPo(po(1))).history.map((entry) => entry.summary)).toContain(
      `Received 8 of 10 BOLT-1 on shipment ${shipment} (Short: two missing)`,
    );
    const again = await importReceipts(file);
    expect(again.file.counts).toEqual({ created: 0, updated: 0, unchanged: 2, rejected: 3 });
  });
});
