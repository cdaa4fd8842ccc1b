import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { IMPORT_NOTHING_SENT } from '@quayside/domain/import';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { NOT_MULTIPART, type UploadLimits, unlessStalled, uploadError } from '../documents/staged-upload.ts';

export type StagedImport = {
  shipments: { path: string; name: string };
  parts: { path: string; name: string } | undefined;
  /** Removes the staged files; call it when the import is over. */
  remove: () => Promise<void>;
};

const FIELDS = ['shipments', 'parts'] as const;

/**
 * Spools the multipart fields `shipments` (required) and `parts` (optional) to disk under names of
 * ours, so an import streams from a file whatever its size. Other parts are drained and ignored.
 */
export async function stageImport(request: FastifyRequest, limits: Omit<UploadLimits, 'maxFiles'>) {
  const { files, remove } = await stageFiles(request, limits, FIELDS, 'shipments', IMPORT_NOTHING_SENT);
  const shipments = files.get('shipments');
  if (!shipments) throw new Error('required file not staged');
  return { shipments, parts: files.get('parts'), remove } satisfies StagedImport;
}

/** One file, `file`, spooled as stageImport spools a report: the imports of POs and of receipts. */
export async function stageRecordFile(
  request: FastifyRequest,
  limits: Omit<UploadLimits, 'maxFiles'>,
  nothingSent: string,
) {
  const { files, remove } = await stageFiles(request, limits, ['file'], 'file', nothingSent);
  const file = files.get('file');
  if (!file) throw new Error('required file not staged');
  return { file, remove };
}

/** Spools the multipart file fields named `fields` to disk; `required` must be among them. */
async function stageFiles(
  request: FastifyRequest,
  limits: Omit<UploadLimits, 'maxFiles'>,
  fields: readonly string[],
  required: string,
  nothingSent: string,
) {
  if (!request.isMultipart()) throw new AppError('invalid', NOT_MULTIPART);
  await mkdir(limits.stagingRoot, { recursive: true, mode: 0o700 });
  const directory = await mkdtemp(path.join(limits.stagingRoot, 'import-'));
  const remove = () => rm(directory, { recursive: true, force: true });
  const staged = new Map<string, { path: string; name: string }>();
  const uploadLimits = { ...limits, maxFiles: fields.length };
  try {
    const parts = request.parts({
      limits: { fileSize: limits.maxBytes, files: fields.length, fields: 10, fieldSize: 1024, parts: 12 },
    });
    for await (const part of unlessStalled(request, parts)) {
      const field = fields.find((name) => name === part.fieldname);
      if (part.type !== 'file' || !field || staged.has(field)) {
        if (part.type === 'file') part.file.resume();
        continue;
      }
      const file = path.join(directory, field);
      await pipeline(part.file, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
      if (part.file.truncated) throw uploadError({ code: 'FST_REQ_FILE_TOO_LARGE' }, uploadLimits);
      staged.set(field, { path: file, name: part.filename || field });
    }
    if (!staged.has(required)) throw new AppError('invalid', nothingSent);
    return { files: staged, remove };
  } catch (error) {
    await remove();
    throw uploadError(error, uploadLimits);
  }
}
