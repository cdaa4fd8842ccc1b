import {
  closeSync,
  createReadStream,
  createWriteStream,
  existsSync,
  fsyncSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { extract, Header, Pack, Parser, ReadEntry } from 'tar';
import { z } from 'zod';
import type { ObjectStoreConfig } from '../config.ts';
import { lockFileOf, lockHolder } from '../db/lock-holder.mjs';
import { isDocumentKey } from '../storage/document-store.ts';
import { createS3DocumentStore, type S3DocumentStore } from '../storage/s3-document-store.ts';

// Backup and restore of the embedded database (PGlite) with what lives beside it in DATA_DIR:
// the uploaded documents and the generated auth secret. The backup is a copy of the stopped data
// directory, a .tar.gz: PGlite keeps a regular PostgreSQL data directory, and copying it while
// no process has it open is PostgreSQL's own offline ("file system level") backup. It streams,
// whatever the size. PGlite's dumpDataDir() would need the database open in this process and the
// whole archive in memory at once (a bulk-loaded database is gigabytes).
//
// With S3_BUCKET the documents are the bucket's: a backup streams each object into the archive's
// files/ (one object at a time, never a whole one in memory) and a restore puts them back, so the
// archive is the same either way and restores with or without a bucket.

const MANIFEST = 'quayside-backup.json';
const FORMAT = 'quayside-backup';

/** What DATA_DIR holds that a backup keeps (the outbox and upload staging are transient). */
const DATABASE = 'pglite';
const FILES = 'files';
const AUTH_SECRET = 'auth-secret';

const Manifest = z.object({
  format: z.literal(FORMAT),
  version: z.literal(1),
  createdAt: z.string(),
  postgresVersion: z.string(),
  files: z.number().int(),
  hasAuthSecret: z.boolean(),
});
type Manifest = z.infer<typeof Manifest>;

export class BackupError extends Error {}

export const POSTGRES_REFUSAL =
  'backup and restore are for the embedded database (PGlite) only, and DATABASE_URL is set.\n' +
  'Back up PostgreSQL with its own tools: pg_dump -Fc (restore with pg_restore), or continuous WAL\n' +
  'archiving with base backups for point-in-time recovery (PITR). Back up the uploaded documents beside\n' +
  "it: DATA_DIR/files, or with S3_BUCKET set the bucket, with the store's own tools (versioning,\n" +
  'replication, aws s3 sync, mc mirror). See "Backup and restore" in the README.';

type BackupConfig = { dataDir: string; databaseUrl: string | undefined; objectStore: ObjectStoreConfig | undefined };

/** Writes DATA_DIR's database, the uploaded files (or the bucket's) and auth secret into one new .tar.gz file. */
export async function backupDataDir(config: BackupConfig, outFile: string) {
  if (config.databaseUrl) throw new BackupError(POSTGRES_REFUSAL);
  const out = path.resolve(outFile);
  if (existsSync(out)) throw new BackupError(`${out} already exists: choose another file name.`);
  for (const inside of [DATABASE, FILES]) {
    if (isWithin(out, path.join(config.dataDir, inside))) {
      throw new BackupError(`Write the backup outside ${path.join(config.dataDir, inside)}.`);
    }
  }
  const databaseDir = path.join(config.dataDir, DATABASE);
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    throw new BackupError(`There is no embedded database in ${databaseDir} to back up.`);
  }
  const bucket = await openBucket(config);
  const release = holdDatabase(config.dataDir);
  const partial = `${out}.partial-${process.pid}`;
  try {
    const filesDir = path.join(config.dataDir, FILES);
    // Listed first: the manifest, which comes first, counts them.
    const objects = bucket ? await listAll(bucket) : [];
    const manifest: Manifest = {
      format: FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      postgresVersion: readFileSync(path.join(databaseDir, 'PG_VERSION'), 'utf8').trim(),
      files: bucket ? objects.length : existsSync(filesDir) ? countFiles(filesDir) : 0,
      hasAuthSecret: existsSync(path.join(config.dataDir, AUTH_SECRET)),
    };
    const pack = new Pack({ cwd: config.dataDir, gzip: true, portable: true });
    const fill = async () => {
      // The manifest goes first, so a restore can tell a Quayside backup from any other file cheaply.
      const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
      await addEntry(pack, MANIFEST, manifestBytes.length, [manifestBytes]);
      if (bucket) {
        for (const { key, size } of objects) await addEntry(pack, `${FILES}/${key}`, size, await bucket.get(key));
      } else if (existsSync(filesDir)) pack.add(FILES);
      pack.add(DATABASE);
      if (manifest.hasAuthSecret) pack.add(AUTH_SECRET);
      pack.end();
    };
    // It holds the auth secret and every document: readable by this user only.
    await Promise.all([
      pipeline(pack, createWriteStream(partial, { mode: 0o600 })),
      fill().catch((error: unknown) => {
        pack.destroy(error instanceof Error ? error : new Error(String(error)));
        throw error;
      }),
    ]);
    // On disk before it takes its name: a file called a backup is a whole one.
    const descriptor = openSync(partial, 'r');
    try {
      fsyncSync(descriptor);
    } finally {
      closeSync(descriptor);
    }
    renameSync(partial, out);
    return { file: out, manifest };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    release();
  }
}

/**
 * Adds one file entry of `size` bytes from `content`, and resolves once its bytes are in the
 * archive's stream: entries go in one at a time, each as fast as the archive is written.
 */
async function addEntry(pack: Pack, entryPath: string, size: number, content: Readable | Buffer[]) {
  const entry = new ReadEntry(new Header({ path: entryPath, type: 'File', size, mode: 0o600, mtime: new Date() }));
  pack.add(entry);
  let written = 0;
  for await (const chunk of content) {
    written += (chunk as Buffer).length;
    // The header already said how long it is: a document that changed meanwhile would corrupt the archive.
    if (written > size) break;
    if (!entry.write(chunk as Buffer)) await new Promise((resolve) => entry.once('drain', resolve));
  }
  if (written !== size) throw new BackupError(`${entryPath} changed while it was being backed up: try again.`);
  await new Promise((resolve) => {
    entry.once('end', resolve);
    entry.end();
  });
}

async function listAll(bucket: S3DocumentStore) {
  const objects: { key: string; size: number }[] = [];
  for await (const object of bucket.list()) objects.push(object);
  return objects;
}

/** The bucket that holds the documents when S3_BUCKET is set, checked (a ConfigError names the setting). */
async function openBucket(config: BackupConfig) {
  if (!config.objectStore) return undefined;
  const bucket = createS3DocumentStore(config.objectStore);
  await bucket.check();
  return bucket;
}

/**
 * Replaces DATA_DIR's database, uploaded files (and auth secret, when the backup has one) with
 * the backup's. Nothing is overwritten: what was there is kept as `<name>.before-restore-<time>`.
 * With S3_BUCKET the backup's files are put into the bucket instead, and nothing is deleted from
 * it: a document is never changed under its key, so what was there stays as it was.
 */
export async function restoreDataDir(config: BackupConfig, inFile: string, now = new Date()) {
  if (config.databaseUrl) throw new BackupError(POSTGRES_REFUSAL);
  const file = path.resolve(inFile);
  if (!existsSync(file)) throw new BackupError(`${file}: no such file.`);
  const manifest = await readManifest(file);
  const bucket = await openBucket(config);
  await mkdir(config.dataDir, { recursive: true });
  const release = holdDatabase(config.dataDir);
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
  const staging = path.join(config.dataDir, `.restore-${stamp}`);
  try {
    await mkdir(staging);
    // node-tar refuses absolute paths and '..' in entries: nothing lands outside `staging`.
    await extract({ file, cwd: staging, strict: true });
    if (!existsSync(path.join(staging, DATABASE, 'PG_VERSION'))) {
      throw new BackupError(`${file} has no database in it: it is not a complete Quayside backup.`);
    }
    // Into the bucket before anything in DATA_DIR changes: a failure there leaves the database as it was.
    if (bucket) await putDocuments(bucket, path.join(staging, FILES));
    const replaced = [DATABASE, ...(bucket ? [] : [FILES]), ...(manifest.hasAuthSecret ? [AUTH_SECRET] : [])];
    const keptAs = swapIn(config.dataDir, staging, replaced, `before-restore-${stamp}`);
    return { manifest, keptAs };
  } finally {
    await rm(staging, { recursive: true, force: true });
    release();
  }
}

/** Puts each document of a backup's files/ into the bucket (a crash's partial file is not one). */
async function putDocuments(bucket: S3DocumentStore, filesDir: string) {
  const names = existsSync(filesDir) ? readdirSync(filesDir) : [];
  for (const key of names.filter(isDocumentKey)) {
    await bucket.put(key, createReadStream(path.join(filesDir, key)));
  }
}

/** Moves each current item aside, then the staged one in; on a failure, puts everything back. */
function swapIn(dataDir: string, staging: string, names: string[], suffix: string) {
  const done: { name: string; keptAs: string | null }[] = [];
  try {
    for (const name of names) {
      const current = path.join(dataDir, name);
      const keptAs = existsSync(current) ? `${current}.${suffix}` : null;
      if (keptAs) renameSync(current, keptAs);
      done.push({ name, keptAs });
      // An item the backup lacks (no uploads yet) is simply absent afterwards.
      if (existsSync(path.join(staging, name))) renameSync(path.join(staging, name), current);
    }
  } catch (error) {
    for (const { name, keptAs } of done.reverse()) {
      rmSync(path.join(dataDir, name), { recursive: true, force: true });
      if (keptAs) renameSync(keptAs, path.join(dataDir, name));
    }
    throw error;
  }
  return done.flatMap((item) => (item.keptAs ? [item.keptAs] : []));
}

/** The first entry of a Quayside backup is its manifest; anything else is refused before extracting. */
async function readManifest(file: string): Promise<Manifest> {
  const notABackup = new BackupError(`${file} is not a Quayside backup (made by "npm run cli -- backup").`);
  const text = await new Promise<string | null>((resolve) => {
    const input = createReadStream(file);
    const finish = (value: string | null) => {
      input.destroy();
      resolve(value);
    };
    const parser = new Parser({
      strict: true,
      onReadEntry: (entry: ReadEntry) => {
        if (entry.path !== MANIFEST || entry.size > 64 * 1024) return finish(null);
        const chunks: Buffer[] = [];
        entry.on('data', (chunk: Buffer) => chunks.push(chunk));
        entry.on('end', () => finish(Buffer.concat(chunks).toString('utf8')));
      },
    });
    parser.on('error', () => finish(null));
    parser.on('end', () => finish(null));
    input.on('error', () => finish(null));
    input.pipe(parser);
  });
  if (text === null) throw notABackup;
  try {
    return Manifest.parse(JSON.parse(text));
  } catch {
    throw notABackup;
  }
}

/**
 * The PGlite host's lock (DATA_DIR/pglite.lock, holding its process id): while it is held by a
 * live process the database is open and its files are changing; while we hold it, a server
 * starting meanwhile refuses to open the database.
 */
function holdDatabase(dataDir: string) {
  const lockFile = lockFileOf(path.join(dataDir, DATABASE));
  const holder = lockHolder(lockFile);
  if (holder) {
    throw new BackupError(
      `The database in ${path.join(dataDir, DATABASE)} is in use by process ${holder} (a running Quayside server?). Stop it first.`,
    );
  }
  writeFileSync(lockFile, String(process.pid));
  return () => {
    if (lockHolder(lockFile) === process.pid) rmSync(lockFile, { force: true });
  };
}

function countFiles(directory: string) {
  return readdirSync(directory, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

const isWithin = (file: string, directory: string) => !path.relative(directory, file).startsWith('..');
