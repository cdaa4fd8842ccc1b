import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../auth/principal.ts';
import { auditLog, documents, people, shipments } from '../../db/schema.ts';
import type { DocumentStore } from '../../storage/document-store.ts';
import { openDocumentStore } from '../../storage/document-store-from-config.ts';
import { insertShipment } from '../../testing/fixtures.ts';
import { type Field, type FilePart, multipart } from '../../testing/multipart.ts';
import { type S3TestServer, startS3TestServer } from '../../testing/s3-test-server.ts';
import { bearer, createTestApp, signInCast, type TestApp } from '../../testing/test-app.ts';
import { zip } from '../../testing/zip.ts';
import { contentDisposition } from './documents.routes.ts';
import { uploadDocuments } from './documents.service.ts';
import { checkFileContent, checkFileName } from './file-check.ts';

let t: TestApp;
let admin: string;
let employee: string;
let blue: string;
let kestrel: string;

// Every suite below runs on both stores: DATA_DIR/files and a bucket of a real S3-compatible
// server (s3rver, one for the file).
let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3TestServer();
});
afterAll(() => s3.stop());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(200)]);
const CFB = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);

const officeFile = (main: string, folder: string) =>
  zip([
    [
      '[Content_Types].xml',
      `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${folder}/main.xml" ContentType="application/vnd.openxmlformats-officedocument.${main}.main+xml"/></Types>`,
    ],
    [`${folder}/main.xml`, '<?xml version="1.0"?><root/>'],
  ]);
const DOCX = officeFile('wordprocessingml.document', 'word');
const XLSX = officeFile('spreadsheetml.sheet', 'xl');

/** Posts an upload the way the documents dialog does: the types, forwarder and shipment, then the files. */
const upload = (token: string, fields: Field[], files: FilePart[]) => {
  const body = multipart(fields, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/Files',
    headers: { ...bearer(token), 'content-type': body.contentType },
    payload: body.payload,
  });
};
const list = (token: string, query: string) => t.app.inject({ url: `/api/Files?${query}`, headers: bearer(token) });
const download = (token: string | null, id: string, query = '') =>
  t.app.inject({ url: `/api/Files/${id}/content${query}`, headers: token ? bearer(token) : {} });

const entriesOf = (directory: string) => {
  try {
    return readdirSync(path.join(t.config.dataDir, directory)).sort();
  } catch {
    return [];
  }
};
/** The bytes kept: files in DATA_DIR/files (partial ones too), or the bucket's objects and unfinished uploads. */
const storedFiles = async () => {
  if (!t.config.objectStore) return entriesOf('files');
  const { objects, unfinishedUploads } = await s3.contents();
  return [...objects.map((key) => key.replace(/^documents\//, '')), ...unfinishedUploads];
};
/** Everything an upload could leave behind: rows, audit entries, stored bytes, staged files. */
const storedState = async () => ({
  rows: await t.db.select().from(documents).orderBy(asc(documents.id)),
  audit: await t.db.$count(auditLog, eq(auditLog.entity, 'document')),
  files: await storedFiles(),
  staged: entriesOf('incoming').flatMap((dir) => entriesOf(path.join('incoming', dir))),
});
const personIdOf = async (email: string) =>
  (await t.db.select({ id: people.id }).from(people).where(eq(people.email, email)))[0]?.id;

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(['local', 's3'] as const)('documents kept in the %s store', (kind) => {
  beforeAll(async () => {
    t = await createTestApp({
      uploadMaxBytes: 64 * 1024,
      uploadMaxFiles: 3,
      objectStore: kind === 's3' ? s3.objectStore : undefined,
    });
    ({ admin, employee, blue, kestrel } = await signInCast(t));
    await insertShipment(t.db, { shipment: 'SHP-DOC', forwarder_name: 'Blue Anchor' });
    await insertShipment(t.db, { shipment: 'SHP-KES', forwarder_name: 'Kestrel' });
  });
  afterAll(() => t.close());

  describe('uploading documents', () => {
    let uploadedIds: string[] = [];

    it('stores each file with its type and answers the spec’s upload shape; the list then shows their fields', async () => {
      const before = await storedState();
      const response = await upload(
        blue,
        [
          ['documentType', 'Bill of Lading'],
          ['documentType', 'Packing List'],
          // The forwarder field is the client's claim: the server ignores it.
          ['forwarder', 'Kestrel'],
          ['shipment', 'SHP-DOC'],
        ],
        [
          { name: 'bol.pdf', bytes: PDF },
          { name: 'photo of crate.PNG', bytes: PNG },
        ],
      );
      expect(response.statusCode, response.body).toBe(200);
      const uploaded = response.json<{ documents: { id: string; createdDateTime: string }[] }>().documents;
      uploadedIds = uploaded.map((document) => document.id);
      const [first, second] = uploaded;
      expect(response.json()).toEqual({
        documents: [
          {
            id: expect.stringMatching(UUID),
            webUrl: `/api/Files/${first?.id}/content`,
            name: 'bol.pdf',
            fileName: 'bol.pdf',
            size: PDF.length,
            createdDateTime: expect.stringMatching(ISO),
          },
          {
            id: expect.stringMatching(UUID),
            webUrl: `/api/Files/${second?.id}/content`,
            name: 'photo of crate.PNG',
            fileName: 'photo of crate.PNG',
            size: PNG.length,
            createdDateTime: first?.createdDateTime,
          },
        ],
      });

      const listed = await list(employee, 'shipment=SHP-DOC');
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).toEqual({
        documents: [
          {
            id: first?.id,
            webUrl: `/api/Files/${first?.id}/content`,
            fields: {
              FileLeafRef: 'bol.pdf',
              DocumentType: 'Bill of Lading',
              FileSizeDisplay: `${PDF.length} B`,
              Modified: first?.createdDateTime,
              ShipmentNumber: 'SHP-DOC',
            },
          },
          {
            id: second?.id,
            webUrl: `/api/Files/${second?.id}/content`,
            fields: {
              FileLeafRef: 'photo of crate.PNG',
              DocumentType: 'Packing List',
              FileSizeDisplay: `${PNG.length} B`,
              Modified: first?.createdDateTime,
              ShipmentNumber: 'SHP-DOC',
            },
          },
        ],
      });
      expect((await list(blue, 'shipment=SHP-DOC')).json()).toEqual(listed.json());

      // The rows: the sniffed type, the uploader, and a storage name of the server's own.
      const blueId = await personIdOf('ops@blue.example');
      const rows = await t.db.select().from(documents).orderBy(asc(documents.file_name));
      expect(rows.map((row) => [row.file_name, row.content_type, row.uploaded_by])).toEqual([
        ['bol.pdf', 'application/pdf', blueId],
        ['photo of crate.PNG', 'image/png', blueId],
      ]);
      for (const row of rows) expect(row.storage_key).toMatch(UUID);
      const after = await storedState();
      expect(after.files).toEqual(rows.map((row) => row.storage_key).sort());
      expect(after.staged).toEqual([]);
      expect(after.files.length - before.files.length).toBe(2);

      const audit = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'document')).orderBy(asc(auditLog.id));
      expect(audit.map((entry) => [entry.action, entry.entity_id, entry.actor_person_id, entry.actor_email])).toEqual([
        ['create', first?.id, blueId, 'ops@blue.example'],
        ['create', second?.id, blueId, 'ops@blue.example'],
      ]);
      expect(audit[0]?.after).toMatchObject({
        file_name: 'bol.pdf',
        document_type: 'Bill of Lading',
        shipment: 'SHP-DOC',
      });
    });

    it('applies a single document type to every file, and keeps a non-ASCII name exactly', async () => {
      const response = await upload(
        admin,
        [
          ['documentType', 'Commercial Invoice'],
          ['shipment', 'SHP-DOC'],
        ],
        [
          { name: 'Fracht-Übersicht 发票.pdf', bytes: PDF },
          { name: 'invoice.docx', bytes: DOCX },
          { name: 'rates.xlsx', bytes: XLSX },
        ],
      );
      expect(response.statusCode, response.body).toBe(200);
      const [invoice] = response.json<{ documents: { id: string; name: string }[] }>().documents;
      expect(invoice?.name).toBe('Fracht-Übersicht 发票.pdf');
      const rows = await t.db.select().from(documents).where(eq(documents.document_type, 'Commercial Invoice'));
      expect(rows.map((row) => row.content_type).sort()).toEqual([
        'application/pdf',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ]);
      const served = await download(employee, invoice?.id ?? '');
      expect(served.headers['content-disposition']).toBe(
        `inline; filename="Fracht-_bersicht __.pdf"; filename*=UTF-8''Fracht-%C3%9Cbersicht%20%E5%8F%91%E7%A5%A8.pdf`,
      );
    });

    it('keeps the quotes a browser sends as %22 in a file name', async () => {
      const response = await upload(
        admin,
        [
          ['documentType', 'Master Bill'],
          ['shipment', 'SHP-DOC'],
        ],
        [{ name: 'MBL %22final%22.pdf', bytes: PDF }],
      );
      expect(response.statusCode, response.body).toBe(200);
      const [document] = response.json<{ documents: { id: string; name: string }[] }>().documents;
      expect(document?.name).toBe('MBL "final".pdf');
      expect((await download(admin, document?.id ?? '', '?download=true')).headers['content-disposition']).toBe(
        `attachment; filename="MBL _final_.pdf"; filename*=UTF-8''MBL%20%22final%22.pdf`,
      );
    });

    it('accepts text, CSV (with or without a byte-order mark) and e-mail when they are UTF-8 text', async () => {
      const response = await upload(
        admin,
        [
          ['documentType', 'Manifest'],
          ['shipment', 'SHP-DOC'],
        ],
        [
          { name: 'manifest.csv', bytes: Buffer.from('\uFEFFPO,Qty\nPO-1,3\n') },
          { name: 'notes.txt', bytes: Buffer.from('Ladung: 3 Kisten — 発送済み\n') },
          {
            name: 'booking.eml',
            bytes: Buffer.from('From: ops@blue.example\r\nSubject: Booking\r\n\r\nConfirmed.\r\n'),
          },
        ],
      );
      expect(response.statusCode, response.body).toBe(200);
      const rows = await t.db.select().from(documents).where(eq(documents.document_type, 'Manifest'));
      expect(rows.map((row) => [row.file_name, row.content_type]).sort()).toEqual([
        ['booking.eml', 'message/rfc822'],
        ['manifest.csv', 'text/csv; charset=utf-8'],
        ['notes.txt', 'text/plain; charset=utf-8'],
      ]);
    });

    const pdfOther: Field[] = [['documentType', 'Other']];
    it.each<[string, Field[], FilePart[], number, string]>([
      [
        'a file over the size limit',
        pdfOther,
        [{ name: 'big.pdf', bytes: Buffer.concat([PDF, Buffer.alloc(64 * 1024)]) }],
        413,
        'Each file must be at most 64 KB.',
      ],
      [
        'a good file before one over the size limit',
        pdfOther,
        [
          { name: 'ok.pdf', bytes: PDF },
          { name: 'big.pdf', bytes: Buffer.concat([PDF, Buffer.alloc(64 * 1024)]) },
        ],
        413,
        'Each file must be at most 64 KB.',
      ],
      [
        'too many files',
        pdfOther,
        [1, 2, 3, 4].map((n) => ({ name: `f${n}.pdf`, bytes: PDF })),
        413,
        'At most 3 files per upload.',
      ],
      ['a missing type', [], [{ name: 'a.pdf', bytes: PDF }], 400, 'Document type is required'],
      ['an empty type', [['documentType', '']], [{ name: 'a.pdf', bytes: PDF }], 400, 'Document type is required'],
      [
        'the placeholder type',
        [['documentType', 'Select a document type...']],
        [{ name: 'a.pdf', bytes: PDF }],
        400,
        'Document type is required',
      ],
      [
        'a type for only one of two files',
        [
          ['documentType', 'Other'],
          ['documentType', ''],
        ],
        [
          { name: 'a.pdf', bytes: PDF },
          { name: 'b.pdf', bytes: PDF },
        ],
        400,
        'Document type is required',
      ],
      [
        'more types than files',
        [
          ['documentType', 'Other'],
          ['documentType', 'Manifest'],
        ],
        [{ name: 'a.pdf', bytes: PDF }],
        400,
        'Send one document type per file, in the order of the files.',
      ],
      [
        'a type outside the list',
        [['documentType', 'Invoice']],
        [{ name: 'a.pdf', bytes: PDF }],
        400,
        '"Invoice" is not a document type: choose one of Airway Bill, Bill of Lading, Commercial Invoice, House Bill, Manifest, Master Bill, Packing List, Proof of Delivery, Other.',
      ],
      ['no file', pdfOther, [], 400, 'Choose at least one file to upload.'],
      [
        'files sent under another field',
        pdfOther,
        [{ name: 'a.pdf', bytes: PDF, field: 'attachment' }],
        400,
        'Choose at least one file to upload.',
      ],
      [
        'bytes that do not match the name',
        pdfOther,
        [{ name: 'invoice.pdf', bytes: PNG }],
        400,
        'The file invoice.pdf is not a PDF document.',
      ],
      [
        'an image called a Word document',
        pdfOther,
        [{ name: 'letter.docx', bytes: PNG }],
        400,
        'The file letter.docx is not a Word document.',
      ],
      [
        'a name with ../',
        pdfOther,
        [{ name: '../../etc/passwd.pdf', bytes: PDF }],
        400,
        'The file name "../../etc/passwd.pdf" must not contain a path.',
      ],
      [
        'a name with a Windows path',
        pdfOther,
        [{ name: '..\\..\\boot.pdf', bytes: PDF }],
        400,
        'The file name "..\\\\..\\\\boot.pdf" must not contain a path.',
      ],
      [
        'a name that hides its real extension',
        pdfOther,
        [{ name: 'invoice\u202Efdp.exe', bytes: PDF }],
        400,
        'The file name "invoice\u202Efdp.exe" contains control characters.',
      ],
      ['an empty name', pdfOther, [{ name: '', bytes: PDF }], 400, 'Every file needs a name.'],
      [
        'a web page called text',
        pdfOther,
        [{ name: 'notes.txt', bytes: Buffer.from('<!DOCTYPE html><script>alert(1)</script>') }],
        400,
        'The file notes.txt is not a text file.',
      ],
      [
        'text that is not UTF-8',
        pdfOther,
        [{ name: 'legacy.csv', bytes: Buffer.from('Stra\xdfe;Menge\n', 'latin1') }],
        400,
        'The file legacy.csv is not a CSV file.',
      ],
      [
        'an SVG image',
        pdfOther,
        [{ name: 'logo.svg', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') }],
        400,
        'The file logo.svg cannot be uploaded: only PDF, images (PNG, JPEG, GIF, TIFF, WebP, HEIC), Office documents, text, CSV and e-mail are accepted.',
      ],
      ['an executable', pdfOther, [{ name: 'setup.exe', bytes: EXE }], 400, 'The file setup.exe cannot be uploaded'],
      [
        'an executable called a PDF',
        pdfOther,
        [{ name: 'invoice.pdf', bytes: EXE }],
        400,
        'The file invoice.pdf is not a PDF document.',
      ],
      ['an empty file', pdfOther, [{ name: 'blank.pdf', bytes: Buffer.alloc(0) }], 400, 'The file blank.pdf is empty.'],
      [
        'a good file before a bad one',
        pdfOther,
        [
          { name: 'ok.pdf', bytes: PDF },
          { name: 'bad.pdf', bytes: PNG },
        ],
        400,
        'The file bad.pdf is not a PDF document.',
      ],
    ])('refuses %s with a clear 4xx, storing nothing', async (_case, fields, files, status, message) => {
      const before = await storedState();
      const response = await upload(admin, [...fields, ['shipment', 'SHP-DOC']], files);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json<{ message: string }>().message).toContain(message);
      expect(await storedState()).toEqual(before);
    });

    it('refuses read-only roles, other companies and unknown shipments, storing nothing', async () => {
      const before = await storedState();
      const files = [{ name: 'a.pdf', bytes: PDF }];
      const to = (shipment: string): Field[] => [
        ['documentType', 'Other'],
        ['forwarder', 'Kestrel'],
        ['shipment', shipment],
      ];
      const employeeUpload = await upload(employee, to('SHP-DOC'), files);
      expect([employeeUpload.statusCode, employeeUpload.json()]).toEqual([
        403,
        { message: 'Your role has read-only access.' },
      ]);
      // Kestrel's forwarder cannot learn that Blue Anchor's shipment exists.
      const otherCompany = await upload(kestrel, to('SHP-DOC'), files);
      expect([otherCompany.statusCode, otherCompany.json()]).toEqual([404, { message: 'Shipment not found' }]);
      expect((await upload(admin, to('NO-SUCH-SHIPMENT'), files)).statusCode).toBe(404);
      const noShipment = await upload(admin, [['documentType', 'Other']], files);
      expect([noShipment.statusCode, noShipment.json()]).toEqual([
        400,
        { message: 'shipment is required, sent before the files.' },
      ]);
      expect(await storedState()).toEqual(before);

      expect((await list(kestrel, 'shipment=SHP-DOC')).statusCode).toBe(404);
      expect((await download(kestrel, uploadedIds[0] ?? '')).statusCode).toBe(404);
      // Its own company's shipment is open to it.
      expect((await upload(kestrel, to('SHP-KES'), files)).statusCode).toBe(200);
      expect((await list(kestrel, 'shipment=SHP-KES')).json<{ documents: unknown[] }>().documents).toHaveLength(1);
    });

    it('answers a body that is not a readable multipart upload with a 4xx and a message', async () => {
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/Files',
        headers: bearer(admin),
        payload: { files: [] },
      });
      expect([json.statusCode, json.json()]).toEqual([400, { message: 'Send the files as multipart/form-data.' }]);
      const noBoundary = await t.app.inject({
        method: 'POST',
        url: '/api/Files',
        headers: { ...bearer(admin), 'content-type': 'multipart/form-data' },
        payload: 'x',
      });
      expect([noBoundary.statusCode, noBoundary.json()]).toEqual([
        400,
        { message: 'The upload could not be read. Please try again.' },
      ]);
      const cutOff = multipart([['shipment', 'SHP-DOC']], [{ name: 'a.pdf', bytes: PDF }]);
      const truncated = await t.app.inject({
        method: 'POST',
        url: '/api/Files',
        headers: { ...bearer(admin), 'content-type': cutOff.contentType },
        payload: cutOff.payload.subarray(0, 150),
      });
      expect(truncated.statusCode).toBe(400);
    });
  });

  describe('downloading a document', () => {
    it('shows an image or a PDF in the browser, sandboxed and never sniffed; download=true makes it an attachment', async () => {
      const [row] = await t.db.select().from(documents).where(eq(documents.file_name, 'photo of crate.PNG'));
      const safe = {
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'cache-control': 'private, no-store',
      };
      const response = await download(employee, row?.id ?? '');
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(PNG)).toBe(true);
      expect(response.headers).toMatchObject({
        'content-type': 'image/png',
        'content-length': String(PNG.length),
        'content-disposition': `inline; filename="photo of crate.PNG"; filename*=UTF-8''photo%20of%20crate.PNG`,
        ...safe,
      });
      const downloaded = await download(employee, row?.id ?? '', '?download=true');
      expect(downloaded.headers).toMatchObject({
        'content-disposition': `attachment; filename="photo of crate.PNG"; filename*=UTF-8''photo%20of%20crate.PNG`,
        ...safe,
      });
      expect((await download(employee, row?.id ?? '', '?download=yes')).json()).toEqual({
        message: expect.stringContaining('download is true or false.'),
      });
    });

    it('downloads what a browser does not show (Office files, text, e-mail) whatever is asked', async () => {
      const rows = await t.db.select().from(documents).where(eq(documents.document_type, 'Commercial Invoice'));
      const workbook = rows.find((row) => row.content_type.includes('spreadsheetml'));
      const response = await download(employee, workbook?.id ?? '');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toMatch(/^attachment; /);
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    });

    it('answers 401 without a session and 404 for what does not exist or is not the caller’s', async () => {
      const [row] = await t.db.select().from(documents).where(eq(documents.file_name, 'bol.pdf'));
      expect((await download(null, row?.id ?? '')).statusCode).toBe(401);
      expect((await download(blue, row?.id ?? '')).statusCode).toBe(200);
      for (const id of [
        row?.id ?? '',
        '00000000-0000-4000-8000-000000000000',
        'not-a-uuid',
        '..%2F..%2Fetc%2Fpasswd',
      ]) {
        const response = await download(kestrel, id);
        expect([id, response.statusCode, response.json()]).toEqual([id, 404, { message: 'Document not found' }]);
      }
    });

    it('quotes any file name safely in Content-Disposition', () => {
      expect(contentDisposition(`it's "final" 100%\\(v2)*.pdf`)).toBe(
        `attachment; filename="it's _final_ 100__(v2)*.pdf"; filename*=UTF-8''it%27s%20%22final%22%20100%25%5C%28v2%29%2A.pdf`,
      );
    });
  });

  describe('the recent-documents report', () => {
    const report = (token: string, createdOn: string) => list(token, `createdOn=${encodeURIComponent(createdOn)}`);

    beforeAll(async () => {
      const [blueShipment] = await t.db.select().from(shipments).where(eq(shipments.shipment, 'SHP-DOC'));
      await t.db.insert(documents).values({
        shipment_id: blueShipment?.id ?? 0,
        file_name: 'old-manifest.pdf',
        document_type: 'Manifest',
        content_type: 'application/pdf',
        size_bytes: 2_621_440,
        storage_key: '00000000-0000-4000-8000-00000000d0c5',
        created_at: new Date('2020-03-10T08:30:00Z'),
      });
    });

    it('lists the documents of every shipment created since the day (UTC), newest first, for Admin and Employee', async () => {
      const all = await t.db.select().from(documents);
      for (const token of [admin, employee]) {
        const since = await report(token, '3/10/2020');
        expect(since.statusCode).toBe(200);
        const listed = since.json<{
          documents: { id: string; fields: { Modified: string; ShipmentNumber: string } }[];
        }>().documents;
        expect(listed).toHaveLength(all.length);
        expect(listed.at(-1)).toEqual({
          id: expect.stringMatching(UUID),
          webUrl: `/api/Files/${listed.at(-1)?.id}/content`,
          fields: {
            FileLeafRef: 'old-manifest.pdf',
            DocumentType: 'Manifest',
            FileSizeDisplay: '2.5 MB',
            Modified: '2020-03-10T08:30:00.000Z',
            ShipmentNumber: 'SHP-DOC',
          },
        });
        const modified = listed.map((document) => document.fields.Modified);
        expect(modified).toEqual([...modified].sort().reverse());
        expect(new Set(listed.map((document) => document.fields.ShipmentNumber))).toEqual(
          new Set(['SHP-DOC', 'SHP-KES']),
        );
      }
      const dayAfter = (await report(admin, '03/11/2020')).json<{ documents: { fields: { FileLeafRef: string } }[] }>();
      expect(dayAfter.documents).toHaveLength(all.length - 1);
      expect(dayAfter.documents.map((document) => document.fields.FileLeafRef)).not.toContain('old-manifest.pdf');
      expect((await report(admin, '01/01/2999')).json()).toEqual({ documents: [] });
    });

    it('is refused to forwarders, and needs a real date or a shipment', async () => {
      const forwarder = await report(blue, '3/10/2020');
      expect([forwarder.statusCode, forwarder.json()]).toEqual([
        403,
        { message: 'Reports are not available to forwarders.' },
      ]);
      for (const query of [
        'createdOn=2020-03-10',
        'createdOn=02%2F30%2F2020',
        '',
        'shipment=SHP-DOC&createdOn=3%2F10%2F2020',
      ]) {
        expect([query, (await list(admin, query)).statusCode]).toEqual([query, 400]);
      }
    });
  });

  describe('all or nothing when storing fails', () => {
    it('removes the bytes already written and records nothing when the store fails midway', async () => {
      const directory = mkdtempSync(path.join(os.tmpdir(), 'quayside-staged-'));
      try {
        const store = await openDocumentStore(t.config);
        let puts = 0;
        const failing: DocumentStore = {
          ...store,
          put: async (key, content) => {
            puts += 1;
            if (puts === 2) throw new Error('disk full');
            await store.put(key, content);
          },
        };
        const staged = [0, 1].map((index) => {
          const file = path.join(directory, `staged-${index}`);
          writeFileSync(file, PDF);
          return { name: `part-${index}.pdf`, path: file, size: PDF.length };
        });
        const principal: Principal = {
          personId: (await personIdOf('admin@napco.example')) ?? 0,
          userId: 'u',
          email: 'admin@napco.example',
          fullName: 'Admin',
          role: 'Admin',
          company: 'NAPCO',
        };
        const before = await storedState();
        await expect(
          uploadDocuments(t.db, failing, principal, { shipment: 'SHP-DOC', documentTypes: ['Other'], files: staged }),
        ).rejects.toThrow('disk full');
        expect(await storedState()).toEqual(before);
      } finally {
        rmSync(directory, { recursive: true, force: true });
      }
    });
  });
});

describe('file checks', () => {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'quayside-check-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));
  const check = (name: string, bytes: Buffer) => {
    const file = path.join(directory, 'file');
    writeFileSync(file, bytes);
    return checkFileContent(name, file, bytes.length);
  };

  it.each<[string, Buffer, string]>([
    ['scan.pdf', PDF, 'application/pdf'],
    ['photo.png', PNG, 'image/png'],
    ['photo.JPG', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60)]), 'image/jpeg'],
    ['animation.gif', Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(60)]), 'image/gif'],
    ['fax.tif', Buffer.concat([Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0, 0, 0]), Buffer.alloc(60)]), 'image/tiff'],
    ['letter.docx', DOCX, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['rates.xlsx', XLSX, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['old.doc', CFB, 'application/msword'],
    ['old.xls', CFB, 'application/vnd.ms-excel'],
    ['mail.msg', CFB, 'application/vnd.ms-outlook'],
    ['list.csv', Buffer.from('a,b\n1,2\n'), 'text/csv; charset=utf-8'],
  ])('accepts %s as %s', async (name, bytes, contentType) => {
    expect(await check(name, bytes)).toBe(contentType);
  });

  it.each<[string, Buffer]>([
    ['letter.docx', CFB],
    ['old.doc', DOCX],
    ['archive.pdf', zip([['a.txt', 'a']])],
    ['notes.txt', Buffer.from('a\u0000b')],
    ['notes.txt', PDF],
    ['page.txt', Buffer.from('  <html><body>hi</body></html>')],
    ['data.csv', Buffer.from('<?xml version="1.0"?><svg/>')],
  ])('refuses %s with other bytes', async (name, bytes) => {
    await expect(check(name, bytes)).rejects.toThrow(`The file ${name} is not`);
  });

  it('keeps a file name as shown, refusing paths and hidden characters', () => {
    expect(checkFileName('  Bill of Lading (final).pdf ')).toBe('Bill of Lading (final).pdf');
    expect(checkFileName('Mu\u0308ller.pdf')).toBe('Müller.pdf');
    for (const name of [
      'a/b.pdf',
      'a\\b.pdf',
      '..',
      '.',
      'a\nb.pdf',
      'a\u0000b.pdf',
      'a\u2066b.pdf',
      `${'x'.repeat(252)}.pdf`,
    ]) {
      expect(() => checkFileName(name), name).toThrow();
    }
  });
});

describe('a bucket that stops answering', () => {
  it('answers uploads and downloads with 503 and a message, and records nothing', async () => {
    const bucket = await startS3TestServer();
    const app = await createTestApp({ objectStore: bucket.objectStore });
    try {
      const { admin: token } = await signInCast(app);
      await insertShipment(app.db, { shipment: 'SHP-S3', forwarder_name: 'Blue Anchor' });
      const send = (files: FilePart[]) => {
        const body = multipart(
          [
            ['documentType', 'Other'],
            ['shipment', 'SHP-S3'],
          ],
          files,
        );
        return app.app.inject({
          method: 'POST',
          url: '/api/Files',
          headers: { ...bearer(token), 'content-type': body.contentType },
          payload: body.payload,
        });
      };
      const stored = await send([{ name: 'before.pdf', bytes: PDF }]);
      expect(stored.statusCode, stored.body).toBe(200);
      const [document] = stored.json<{ documents: { id: string }[] }>().documents;

      await bucket.stop();
      const message = 'Documents cannot be stored or read just now. Please try again in a moment.';
      const upload = await send([{ name: 'during.pdf', bytes: PDF }]);
      expect([upload.statusCode, upload.headers['retry-after'], upload.json()]).toEqual([503, '30', { message }]);
      const download = await app.app.inject({ url: `/api/Files/${document?.id}/content`, headers: bearer(token) });
      expect([download.statusCode, download.json()]).toEqual([503, { message }]);
      expect((await app.db.select().from(documents)).map((row) => row.file_name)).toEqual(['before.pdf']);
    } finally {
      await app.close();
    }
  });
});
