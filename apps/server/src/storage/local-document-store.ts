import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertDocumentKey, DocumentMissingError, type DocumentStore } from './document-store.ts';

/** Documents as files in one directory (DATA_DIR/files by default), named by their key. */
export function createLocalDocumentStore(directory: string): DocumentStore {
  const fileOf = (key: string) => {
    assertDocumentKey(key);
    return path.join(directory, key);
  };
  return {
    async put(key, content) {
      const target = fileOf(key);
      await mkdir(directory, { recursive: true });
      // Written aside, then renamed: neither a reader nor a crash ever finds half a document under the key.
      const partial = path.join(directory, `.${randomUUID()}.partial`);
      try {
        // flush: the bytes reach the disk before the rename makes them visible.
        const options = { mode: 0o600, flush: true } as const;
        if (Buffer.isBuffer(content)) await writeFile(partial, content, { ...options, flag: 'wx' });
        else await pipeline(content, createWriteStream(partial, { ...options, flags: 'wx' }));
        await rename(partial, target);
        // The directory entry too: after an OS crash the document is there under its key.
        await syncDirectory(directory);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        const handle = await open(fileOf(key), 'r');
        return handle.createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new DocumentMissingError(key);
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

async function syncDirectory(directory: string) {
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
