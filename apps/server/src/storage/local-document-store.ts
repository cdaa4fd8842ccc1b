import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DocumentStore } from './document-store.ts';

/** Documents as files under one directory (DATA_DIR/files by default). */
export function createLocalDocumentStore(directory: string): DocumentStore {
  const KEY = /^[0-9a-f-]{36}$/;
  const fileOf = (key: string) => {
    // Keys are server-made UUIDs; anything else must never reach the file system.
    if (!KEY.test(key)) throw new Error('invalid document key');
    return path.join(directory, key);
  };
  return {
    async put(key, bytes) {
      await mkdir(directory, { recursive: true });
      // Written aside, then renamed: a reader never sees half a file.
      const partial = path.join(directory, `.${randomUUID()}.partial`);
      await writeFile(partial, bytes, { mode: 0o600 });
      await rename(partial, fileOf(key));
    },
    get: (key) => createReadStream(fileOf(key)),
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
