// An upload is refused before its bytes are stored when its shipment is not the caller's, and a
// forwarder company's documents have a quota.
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertShipment } from '../../testing/fixtures.ts';
import { multipart } from '../../testing/multipart.ts';
import { type S3TestServer, startS3TestServer } from '../../testing/s3-test-server.ts';
import { bearer, createTestApp, signInCast, type TestApp } from '../../testing/test-app.ts';
import { testEngine } from '../../testing/test-database.ts';
import { quotaExceeded } from './upload-quota.ts';

const QUOTA = 1000;
const pdf = (size: number) => {
  const head = Buffer.from('%PDF-1.4\n');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 0x20), tail]);
};

let t: TestApp;
let cast: Awaited<ReturnType<typeof signInCast>>;
// Both stores: DATA_DIR/files and a bucket of a real S3-compatible server (s3rver).
let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3TestServer();
});
afterAll(() => s3.stop());

const upload = (token: string, shipment: string, bytes: Buffer) => {
  const body = multipart(
    [
      ['documentType', 'Other'],
      ['shipment', shipment],
    ],
    [{ name: 'a.pdf', bytes }],
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/Files',
    headers: { ...bearer(token), 'content-type': body.contentType },
    payload: body.payload,
  });
};

/** Every file the server keeps or stages under DATA_DIR, and every object or upload in the bucket. */
const filesStored = async () => {
  const onDisk = ['files', 'incoming'].flatMap((folder) => {
    const directory = path.join(t.config.dataDir, folder);
    return existsSync(directory) ? readdirSync(directory, { recursive: true }).map(String) : [];
  });
  const { objects, unfinishedUploads } = await s3.contents();
  return [...onDisk, ...objects, ...unfinishedUploads];
};

describe.each(['local', 's3'] as const)('documents kept in the %s store', (kind) => {
  beforeAll(async () => {
    t = await createTestApp({
      forwarderUploadQuotaBytes: QUOTA,
      objectStore: kind === 's3' ? s3.objectStore : undefined,
    });
    cast = await signInCast(t);
    await insertShipment(t.db, { shipment: 'SHP-BLUE', forwarder_name: 'Blue Anchor' });
    await insertShipment(t.db, { shipment: 'SHP-KESTREL', forwarder_name: 'Kestrel' });
  });
  afterAll(() => t.close());

  describe(`an upload to a shipment the caller may not write (${testEngine})`, () => {
    it('is answered 404 before the body is read, and nothing is stored', async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const boundary = 'uploadGuardBoundary';
      const declaredBytes = 200 * 1024 * 1024;
      const started = Date.now();
      const request = http.request(`http://127.0.0.1:${port}/api/Files`, {
        method: 'POST',
        headers: {
          ...bearer(cast.kestrel),
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(declaredBytes),
        },
      });
      request.on('error', () => {}); // the server may close the connection on the unread rest
      const answer = new Promise<{ status: number; body: string }>((resolve) =>
        request.on('response', (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => {
            body += chunk.toString();
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        }),
      );
      // The form as the web app sends it, then the first 64 KB of a 200 MB file: the rest never comes.
      request.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="documentType"\r\n\r\nOther\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="shipment"\r\n\r\nSHP-BLUE\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.pdf"\r\n` +
          'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n',
      );
      request.write(Buffer.alloc(64 * 1024, 0x20));
      const { status, body } = await answer;
      request.destroy();
      expect([status, JSON.parse(body)]).toEqual([404, { message: 'Shipment not found' }]);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(await filesStored()).toEqual([]);
    });
  });

  describe(`a forwarder company's upload quota (${testEngine})`, () => {
    it('refuses with 413 naming the quota an upload that would pass it; staff have none', async () => {
      expect((await upload(cast.blue, 'SHP-BLUE', pdf(600))).statusCode).toBe(200);
      const past = await upload(cast.blue, 'SHP-BLUE', pdf(600));
      expect([past.statusCode, past.json()]).toEqual([413, { message: quotaExceeded(QUOTA, t.config.orgName) }]);
      expect(quotaExceeded(QUOTA, t.config.orgName)).toContain('upload quota of 1000 bytes');
      expect((await upload(cast.blue, 'SHP-BLUE', pdf(400))).statusCode).toBe(200);
      // Full: refused before any byte of the next file is read.
      const full = await upload(cast.blue, 'SHP-BLUE', pdf(20));
      expect([full.statusCode, full.json()]).toEqual([413, { message: quotaExceeded(QUOTA, t.config.orgName) }]);
      // Another company has its own quota, and the importer's staff have none.
      expect((await upload(cast.kestrel, 'SHP-KESTREL', pdf(600))).statusCode).toBe(200);
      expect((await upload(cast.admin, 'SHP-BLUE', pdf(2000))).statusCode).toBe(200);
      const listed = await t.app.inject({
        method: 'GET',
        url: '/api/Files?shipment=SHP-BLUE',
        headers: bearer(cast.blue),
      });
      expect(listed.json<{ documents: unknown[] }>().documents).toHaveLength(3);
    });

    it('is shared by people whose company names differ only in spacing and case', async () => {
      await insertShipment(t.db, { shipment: 'SHP-FREIGHT', forwarder_name: 'Kestrel Freight' });
      const one = await t.signedInAs({
        email: 'one@freight.example',
        role: 'Forwarder',
        company_name: 'Kestrel Freight',
      });
      const other = await t.signedInAs({
        email: 'other@freight.example',
        role: 'Forwarder',
        company_name: ' kestrel freight ',
      });
      expect((await upload(one, 'SHP-FREIGHT', pdf(600))).statusCode).toBe(200);
      const past = await upload(other, 'SHP-FREIGHT', pdf(600));
      expect([past.statusCode, past.json()]).toEqual([413, { message: quotaExceeded(QUOTA, t.config.orgName) }]);
      expect((await upload(other, 'SHP-FREIGHT', pdf(400))).statusCode).toBe(200);
      expect((await upload(one, 'SHP-FREIGHT', pdf(20))).statusCode).toBe(413);
    });
  });
});
