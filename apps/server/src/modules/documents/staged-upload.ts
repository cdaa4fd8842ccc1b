import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { NUL_MESSAGE, noNul } from '@quayside/domain/fields';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import type { IncomingUpload, StagedFile } from './documents.service.ts';

export type UploadLimits = {
  /** Largest file accepted, in bytes (UPLOAD_MAX_BYTES). */
  maxBytes: number;
  /** Most files in one request (UPLOAD_MAX_FILES). */
  maxFiles: number;
  /** Where files wait while they are checked; each request gets its own directory, removed afterwards. */
  stagingRoot: string;
};

/** Runs before the first file's bytes are read: may the caller upload to this shipment at all? */
export type BeforeFiles = (shipment: string) => Promise<void>;

export const SHIPMENT_FIRST = 'shipment is required, sent before the files.';

export const NOT_MULTIPART = 'Send the files as multipart/form-data.';

/**
 * Reads a multipart upload (`files`, `documentType`, `shipment`; `forwarder` is ignored), spooling
 * each file to disk so that memory stays flat whatever the limits, and hands it to `use`. The staged
 * files are removed when `use` settles, whatever happened.
 */
export async function withStagedUpload<T>(
  request: FastifyRequest,
  limits: UploadLimits,
  use: (upload: IncomingUpload) => Promise<T>,
  beforeFiles: BeforeFiles = async () => {},
): Promise<T> {
  if (!request.isMultipart()) throw new AppError('invalid', NOT_MULTIPART);
  await mkdir(limits.stagingRoot, { recursive: true, mode: 0o700 });
  const directory = await mkdtemp(path.join(limits.stagingRoot, 'upload-'));
  try {
    return await use(await readParts(request, directory, limits, beforeFiles));
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

async function readParts(
  request: FastifyRequest,
  directory: string,
  limits: UploadLimits,
  beforeFiles: BeforeFiles,
): Promise<IncomingUpload> {
  const files: StagedFile[] = [];
  const documentTypes: string[] = [];
  let shipment = '';
  try {
    const parts = request.parts({
      // The name exactly as sent: a name with a path is refused, not silently cut to its last segment.
      preservePath: true,
      limits: {
        fileSize: limits.maxBytes,
        files: limits.maxFiles,
        fields: limits.maxFiles + 10,
        fieldSize: 1024,
        parts: limits.maxFiles * 2 + 10,
      },
    });
    for await (const part of unlessStalled(request, parts)) {
      if (part.type === 'file') {
        if (part.fieldname !== 'files') {
          part.file.resume();
          continue;
        }
        // Access (and room) is checked before a byte is stored: a refused upload is answered at
        // once, whatever its size. The web app sends `shipment` before the files, as the spec's form does.
        if (files.length === 0) {
          if (shipment === '') throw new AppError('invalid', SHIPMENT_FIRST);
          if (!noNul(shipment)) throw new AppError('invalid', NUL_MESSAGE);
          await beforeFiles(shipment);
        }
        // Staged under a name of ours: the client's name never reaches the file system.
        const staged = path.join(directory, String(files.length));
        await pipeline(part.file, createWriteStream(staged, { flags: 'wx', mode: 0o600 }));
        if (part.file.truncated) throw fileTooLarge(limits);
        files.push({ name: browserFileName(part.filename), path: staged, size: (await stat(staged)).size });
      } else if (part.fieldname === 'documentType') {
        documentTypes.push(String(part.value));
      } else if (part.fieldname === 'shipment') {
        shipment = String(part.value).trim();
      }
    }
  } catch (error) {
    throw uploadError(error, limits);
  }
  if (shipment === '') throw new AppError('invalid', 'shipment is required.');
  if (!noNul(shipment)) throw new AppError('invalid', NUL_MESSAGE);
  return { shipment, documentTypes, files };
}

const UNREADABLE_UPLOAD = 'The upload could not be read. Please try again.';
/** How long the parser may take to produce the next part once the whole body has arrived. */
const STALL_MS = 2000;

/**
 * The parts of a multipart body, refused (400) when the parser stalls: busboy never finishes on
 * some malformed part headers (a raw CR inside a quoted file name, found by the fuzz suite), and
 * would hold the request open for ever. While the next part is awaited the parser is the only
 * reader of the body, so a body that stays paused (or fully read) that long means it is stuck.
 */
export async function* unlessStalled<T>(request: FastifyRequest, parts: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = parts[Symbol.asyncIterator]();
  const body = request.raw;
  for (;;) {
    const next = await new Promise<IteratorResult<T>>((resolve, reject) => {
      let idleSince = Date.now();
      const watch = setInterval(() => {
        if (!body.readableEnded && !body.isPaused()) idleSince = Date.now();
        else if (Date.now() - idleSince >= STALL_MS) reject(new AppError('invalid', UNREADABLE_UPLOAD));
      }, STALL_MS / 8);
      iterator
        .next()
        .then(resolve, reject)
        .finally(() => clearInterval(watch));
    });
    if (next.done) return;
    yield next.value;
  }
}

/**
 * Browsers send a double quote in a multipart file name as %22 (the HTML standard's form encoding):
 * give the name its quotes back, so the documents list shows the name the user chose.
 */
const browserFileName = (sent: string) => sent.replaceAll('%22', '"');

/** A limit as a person reads it: '5 GB', '25 MB', '64 KB'. */
export function limitDisplay(bytes: number): string {
  const rounded = (value: number) => String(Math.round(value * 10) / 10);
  if (bytes >= 1024 ** 3) return `${rounded(bytes / 1024 ** 3)} GB`;
  if (bytes >= 1_048_576) return `${rounded(bytes / 1_048_576)} MB`;
  if (bytes >= 1024) return `${rounded(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

const fileTooLarge = (limits: UploadLimits) =>
  new AppError('too_large', `Each file must be at most ${limitDisplay(limits.maxBytes)}.`);

/** A multipart failure as the client should hear it: a 4xx with a message, never a 500. */
export function uploadError(error: unknown, limits: UploadLimits): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge(limits);
  if (code === 'FST_FILES_LIMIT') return new AppError('too_large', `At most ${limits.maxFiles} files per upload.`);
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new AppError('too_large', 'The upload has too many form fields.');
  }
  // Malformed or cut-off multipart data is the client's doing: a 400 with a message, never a 500.
  if (typeof code === 'string' && code.startsWith('FST_')) return new AppError('invalid', UNREADABLE_UPLOAD);
  if (error instanceof Error && /multipart|boundary|terminated early|unexpected end/i.test(error.message)) {
    return new AppError('invalid', UNREADABLE_UPLOAD);
  }
  return error;
}
