// What every document store promises (document-store.ts), checked on each of them: the local
// directory and an S3-compatible bucket (a real one: s3rver, started by this file).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config.ts';
import { type S3TestServer, startS3TestServer } from '../testing/s3-test-server.ts';
import { freePort } from '../testing/server-process.ts';
import { DocumentMissingError, type DocumentStore } from './document-store.ts';
import { createLocalDocumentStore } from './local-document-store.ts';
import { createS3DocumentStore } from './s3-document-store.ts';

const MiB = 1024 * 1024;

let s3: S3TestServer;
const directory = mkdtempSync(path.join(os.tmpdir(), 'quayside-store-'));
beforeAll(async () => {
  s3 = await startS3TestServer();
});
afterAll(async () => {
  await s3.stop();
  rmSync(directory, { recursive: true, force: true });
});

/** A stream of `mebibytes` MiB, each MiB filled with its own number; it fails after `failAfter` MiB. */
function megabytes(mebibytes: number, failAfter = Number.POSITIVE_INFINITY) {
  return Readable.from(
    (function* () {
      for (let index = 0; index < mebibytes; index += 1) {
        if (index === failAfter) throw new Error('the source broke off');
        yield Buffer.alloc(MiB, index);
      }
    })(),
  );
}

async function bytesOf(content: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of content) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

type StoreUnderTest = {
  store: () => DocumentStore;
  /** Whatever a failed put could have left: files beside the documents, or multipart uploads never finished. */
  leftovers: () => Promise<string[]>;
};

const stores: Record<'local' | 's3', StoreUnderTest> = {
  local: {
    store: () => createLocalDocumentStore(directory),
    leftovers: async () => readdirSync(directory).filter((name) => name.startsWith('.')),
  },
  s3: {
    store: () => createS3DocumentStore(s3.objectStore),
    leftovers: async () => (await s3.contents()).unfinishedUploads,
  },
};

describe.each(['local', 's3'] as const)('the %s document store', (kind) => {
  const { leftovers } = stores[kind];
  const store = () => stores[kind].store();

  it('gives back the bytes of a Buffer and of a stream', async () => {
    const [fromBuffer, fromStream] = [randomUUID(), randomUUID()];
    await store().put(fromBuffer, Buffer.from('%PDF-1.4 a bill of lading'));
    await store().put(fromStream, Readable.from([Buffer.from('packing '), Buffer.from('list')]));
    expect((await bytesOf(await store().get(fromBuffer))).toString()).toBe('%PDF-1.4 a bill of lading');
    expect((await bytesOf(await store().get(fromStream))).toString()).toBe('packing list');
  });

  it('stores a stream larger than one part whole', async () => {
    const key = randomUUID();
    await store().put(key, megabytes(20));
    const stored = await bytesOf(await store().get(key));
    expect(stored.length).toBe(20 * MiB);
    expect([stored[0], stored[7 * MiB], stored[20 * MiB - 1]]).toEqual([0, 7, 19]);
    if (kind === 's3') {
      // In 8 MiB parts (memory stays bounded), completed as one object.
      const parts = s3.requests.filter((request) => request.startsWith('PUT') && request.includes(key));
      expect(
        parts.map((request) => new URL(request.split(' ')[1] ?? '', 'http://s3').searchParams.get('partNumber')),
      ).toEqual(['1', '2', '3']);
    }
  });

  it('leaves nothing under the key, nor anything half-made, when the stream fails half-way', async () => {
    const key = randomUUID();
    // Past the first part, so a multipart upload has begun when the stream fails.
    await expect(store().put(key, megabytes(20, 12))).rejects.toThrow('the source broke off');
    await expect(store().get(key)).rejects.toThrow(DocumentMissingError);
    expect(await leftovers()).toEqual([]);
  });

  it('answers DocumentMissingError for a key with nothing stored, and deletes idempotently', async () => {
    const key = randomUUID();
    await expect(store().get(key)).rejects.toThrow(new DocumentMissingError(key));
    await store().put(key, Buffer.from('manifest'));
    await store().delete(key);
    await store().delete(key);
    await expect(store().get(key)).rejects.toThrow(DocumentMissingError);
  });

  it('refuses a key the server did not make', async () => {
    for (const key of ['../../etc/passwd', 'documents/x', '', randomUUID().toUpperCase()]) {
      await expect(store().put(key, Buffer.from('x'))).rejects.toThrow('invalid document key');
      await expect(store().get(key)).rejects.toThrow('invalid document key');
      await expect(store().delete(key)).rejects.toThrow('invalid document key');
    }
  });
});

describe('the S3 store in its bucket', () => {
  it('keeps documents under documents/ and lists them with their sizes', async () => {
    const key = randomUUID();
    const store = createS3DocumentStore(s3.objectStore);
    await store.put(key, Buffer.from('air waybill'));
    expect((await s3.contents()).objects).toContain(`documents/${key}`);
    const listed = [];
    for await (const document of store.list()) listed.push(document);
    expect(listed).toContainEqual({ key, size: 'air waybill'.length });
  });

  it('checks the bucket at start, naming the setting to fix', async () => {
    await expect(createS3DocumentStore(s3.objectStore).check()).resolves.toBeUndefined();
    const problem = (changes: object) => createS3DocumentStore({ ...s3.objectStore, ...changes }).check();
    await expect(problem({ bucket: 'quayside-no-such-bucket' })).rejects.toThrow(
      new ConfigError(
        `S3_BUCKET names a bucket that does not exist at S3_ENDPOINT (${s3.endpoint}): quayside-no-such-bucket. Create it, or correct S3_BUCKET.`,
      ),
    );
    await expect(problem({ credentials: { accessKeyId: 'WRONG', secretAccessKey: 'WRONG' } })).rejects.toThrow(
      /^The object store at S3_ENDPOINT .* refused access to bucket .* \(403\)\. Check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
    const nothingThere = `http://127.0.0.1:${await freePort()}`;
    await expect(problem({ endpoint: nothingThere })).rejects.toThrow(
      new RegExp(`^The object store at S3_ENDPOINT \\(${nothingThere}\\) cannot be reached \\(.*ECONNREFUSED`),
    );
  });
});
