import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileSizeDisplay, parseUsDate } from '@quayside/domain/documents';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, documents } from '../../db/schema.ts';
import { insertShipment } from '../../testing/fixtures.ts';
import { bearer, createTestApp, signInCast, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let admin: string;
let employee: string;
let blue: string;
let kestrel: string;

beforeAll(async () => {
  t = await createTestApp({ uploadMaxBytes: 64 * 1024, uploadMaxFiles: 3 });
  ({ admin, employee, blue, kestrel } = await signInCast(t));
  await insertShipment(t.db, { shipment: 'SHP-DOC', forwarder_name: 'Blue Anchor' });
});
afterAll(() => t.close());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type FilePart = { name: string; bytes: Buffer; contentType?: string };
type Field = [string, string];

/** A multipart/form-data body as a browser sends it. */
function multipart(fields: Field[], files: FilePart[]) {
  const boundary = '----quaysideTestBoundary7MA4YWxk';
  const chunks: Buffer[] = [];
  for (const [name, value] of fields) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const upload = (token: string, fields: Field[], files: FilePart[]) => {
  const body = multipart(fields, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/Files',
    headers: { ...bearer(token), 'content-type': body.contentType },
    payload: body.payload,
  });
};
const storedFiles = () => {
  try {
    return readdirSync(path.join(t.config.dataDir, 'files')).filter((name) => !name.startsWith('.'));
  } catch {
    return [];
  }
};
const storedState = async () => ({
  rows: await t.db.select().from(documents).orderBy(asc(documents.id)),
  files: storedFiles().sort(),
});

describe('uploading documents', () => {
  it('stores each file with its type and answers the spec’s upload shape; the list then shows their fields', async () => {
    const response = await upload(
      blue,
      [
        ['shipment', 'SHP-DOC'],
        ['forwarder', 'Kestrel'],
        ['documentType', 'Bill of Lading'],
        ['documentType', 'Packing List'],
      ],
      [
        { name: 'bol.pdf', bytes: PDF },
        { name: 'photo of crate.PNG', bytes: PNG },
      ],
    );
    expect(response.statusCode, response.body).toBe(200);
    const uploaded = response.json<{ documents: { id: string }[] }>().documents;
    expect(uploaded).toEqual([
      {
        id: expect.any(String),
        webUrl: `/api/Files/${uploaded[0]?.id}/content`,
        name: 'bol.pdf',
        fileName: 'bol.pdf',
        size: PDF.length,
        createdDateTime: expect.stringMatching(/Z$/),
      },
      expect.objectContaining({ name: 'photo of crate.PNG', size: PNG.length }),
    ]);
    const list = await t.app.inject({ url: '/api/Files?shipment=SHP-DOC', headers: bearer(employee) });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ documents: unknown[] }>().documents).toContainEqual({
      id: uploaded[0]?.id,
      webUrl: `/api/Files/${uploaded[0]?.id}/content`,
      fields: {
        FileLeafRef: 'bol.pdf',
        DocumentType: 'Bill of Lading',
        FileSizeDisplay: `${PDF.length} B`,
        Modified: expect.stringMatching(/Z$/),
        ShipmentNumber: 'SHP-DOC',
      },
    });
    expect(await t.db.$count(auditLog, eq(auditLog.entity, 'document'))).toBe(2);
    expect(storedFiles()).toHaveLength(2);
  });

  it('serves a document as a download that a browser will not render or sniff', async () => {
    const [row] = await t.db.select().from(documents).where(eq(documents.file_name, 'bol.pdf'));
    const response = await t.app.inject({ url: `/api/Files/${row?.id}/content`, headers: bearer(admin) });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(PDF)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="bol.pdf"; filename*=UTF-8''bol.pdf`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    expect((await t.app.inject({ url: `/api/Files/${row?.id}/content` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/Files/${row?.id}/content`, headers: bearer(kestrel) })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: '/api/Files/not-a-uuid/content', headers: bearer(admin) })).statusCode).toBe(404);
  });

  it.each([
    [
      'a file over the size limit',
      [['documentType', 'Other']],
      [{ name: 'big.pdf', bytes: Buffer.concat([PDF, Buffer.alloc(70 * 1024)]) }],
      413,
      'Each file must be at most 0.1 MB.',
    ],
    [
      'too many files',
      [['documentType', 'Other']],
      [1, 2, 3, 4].map((n) => ({ name: `f${n}.pdf`, bytes: PDF })),
      413,
      'At most 3 files per upload.',
    ],
    ['a missing type', [], [{ name: 'a.pdf', bytes: PDF }], 400, 'Document type is required'],
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
      'bytes that do not match the name',
      [['documentType', 'Other']],
      [{ name: 'invoice.pdf', bytes: PNG }],
      400,
      'The file invoice.pdf is not a PDF document.',
    ],
    [
      'a name with a path',
      [['documentType', 'Other']],
      [{ name: '../../etc/passwd.pdf', bytes: PDF }],
      400,
      'must not contain a path',
    ],
    [
      'a web page called text',
      [['documentType', 'Other']],
      [{ name: 'notes.txt', bytes: Buffer.from('<html><script>alert(1)</script>') }],
      400,
      'The file notes.txt is not a text file.',
    ],
    [
      'an SVG image',
      [['documentType', 'Other']],
      [{ name: 'logo.svg', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') }],
      400,
      'cannot be uploaded',
    ],
    [
      'a good file after a bad one',
      [['documentType', 'Other']],
      [
        { name: 'ok.pdf', bytes: PDF },
        { name: 'bad.pdf', bytes: PNG },
      ],
      400,
      'The file bad.pdf is not a PDF document.',
    ],
  ] as const)('refuses %s with a clear 4xx, storing nothing', async (_case, fields, files, status, message) => {
    const before = await storedState();
    const response = await upload(
      admin,
      [['shipment', 'SHP-DOC'], ...fields] as Field[],
      files as unknown as FilePart[],
    );
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json<{ message: string }>().message).toContain(message);
    expect(await storedState()).toEqual(before);
  });

  it('accepts CSV and e-mail as text', async () => {
    const response = await upload(
      admin,
      [
        ['shipment', 'SHP-DOC'],
        ['documentType', 'Manifest'],
      ],
      [{ name: 'manifest.csv', bytes: Buffer.from('PO,Qty\nPO-1,3\n') }],
    );
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses read-only roles and other companies before looking at the files', async () => {
    const before = await storedState();
    const files = [{ name: 'a.pdf', bytes: PDF }];
    expect(
      (
        await upload(
          employee,
          [
            ['shipment', 'SHP-DOC'],
            ['documentType', 'Other'],
          ],
          files,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await upload(
          kestrel,
          [
            ['shipment', 'SHP-DOC'],
            ['documentType', 'Other'],
          ],
          files,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await upload(
          admin,
          [
            ['shipment', 'NOPE'],
            ['documentType', 'Other'],
          ],
          files,
        )
      ).statusCode,
    ).toBe(404);
    expect(await storedState()).toEqual(before);
    expect((await t.app.inject({ url: '/api/Files?shipment=SHP-DOC', headers: bearer(kestrel) })).statusCode).toBe(404);
  });

  it('answers 400 to a body that is not multipart', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/Files',
      headers: bearer(admin),
      payload: { files: [] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Send the files as multipart/form-data.' });
  });
});

describe('the recent-documents report', () => {
  const report = (token: string, createdOn: string) =>
    t.app.inject({ url: `/api/Files?createdOn=${encodeURIComponent(createdOn)}`, headers: bearer(token) });

  it('lists documents created since the day, for staff only', async () => {
    const weekAgo = new Date(Date.now() - 7 * 86_400_000);
    const createdOn = `${weekAgo.getUTCMonth() + 1}/${weekAgo.getUTCDate()}/${weekAgo.getUTCFullYear()}`;
    const recent = await report(employee, createdOn);
    expect(recent.statusCode).toBe(200);
    expect(
      recent.json<{ documents: { fields: { ShipmentNumber: string } }[] }>().documents.length,
    ).toBeGreaterThanOrEqual(3);
    expect((await report(admin, '01/01/2999')).json()).toEqual({ documents: [] });
    expect((await report(blue, createdOn)).statusCode).toBe(403);
    expect((await report(admin, '2026-01-01')).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/Files', headers: bearer(admin) })).statusCode).toBe(400);
  });
});

describe('document helpers', () => {
  it('shows sizes as the spec says', () => {
    expect([1023, 1024, 1_048_575, 1_048_576, 5_500_000].map(fileSizeDisplay)).toEqual([
      '1023 B',
      '1.0 KB',
      '1024.0 KB',
      '1.0 MB',
      '5.2 MB',
    ]);
  });
  it('reads en-US dates', () => {
    expect(parseUsDate('11/16/2026')?.toISOString()).toBe('2026-11-16T00:00:00.000Z');
    expect(parseUsDate('02/30/2026')).toBeNull();
  });
});
