import path from 'node:path';
import type { AppConfig } from '../config.ts';
import type { DocumentStore } from './document-store.ts';
import { createLocalDocumentStore } from './local-document-store.ts';
import { createS3DocumentStore } from './s3-document-store.ts';

/**
 * The store the configuration names: its S3 bucket, or DATA_DIR/files. A bucket is checked first,
 * so a wrong bucket, endpoint or key stops start-up with a message naming the setting rather than
 * failing the first upload.
 */
export async function openDocumentStore(config: Pick<AppConfig, 'dataDir' | 'objectStore'>): Promise<DocumentStore> {
  if (!config.objectStore) return createLocalDocumentStore(path.join(config.dataDir, 'files'));
  const store = createS3DocumentStore(config.objectStore);
  await store.check();
  return store;
}
