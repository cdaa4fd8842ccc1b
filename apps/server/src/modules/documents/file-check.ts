import { createReadStream } from 'node:fs';
import { fileTypeFromFile } from 'file-type';
import { AppError } from '../../errors.ts';

// Shipping documents only. The real type is read from the bytes and must agree with the file
// name's extension; HTML, SVG, scripts and executables are refused whatever they are called.

type Allowed = {
  /** What file-type must detect (its `ext`), or 'text' for formats without a magic number. */
  detected: readonly string[] | 'text';
  /** Served type when the detection is generic (CFB, text); otherwise the detected MIME type is stored. */
  contentType?: string;
  kind: string;
};

// Word 97-2003, Excel 97-2003 and Outlook messages are all Compound File Binary containers.
const CFB = ['cfb'];
const ALLOWED: Readonly<Record<string, Allowed>> = {
  pdf: { detected: ['pdf'], kind: 'a PDF document' },
  png: { detected: ['png'], kind: 'a PNG image' },
  jpg: { detected: ['jpg'], kind: 'a JPEG image' },
  jpeg: { detected: ['jpg'], kind: 'a JPEG image' },
  gif: { detected: ['gif'], kind: 'a GIF image' },
  tif: { detected: ['tif'], kind: 'a TIFF image' },
  tiff: { detected: ['tif'], kind: 'a TIFF image' },
  webp: { detected: ['webp'], kind: 'a WebP image' },
  heic: { detected: ['heic'], kind: 'a HEIC image' },
  heif: { detected: ['heic'], kind: 'a HEIF image' },
  // Macro-enabled Office files (docm, xlsm) are detected as such and so never pass as these.
  docx: { detected: ['docx'], kind: 'a Word document' },
  xlsx: { detected: ['xlsx'], kind: 'an Excel workbook' },
  pptx: { detected: ['pptx'], kind: 'a PowerPoint presentation' },
  doc: { detected: CFB, contentType: 'application/msword', kind: 'a Word document' },
  xls: { detected: CFB, contentType: 'application/vnd.ms-excel', kind: 'an Excel workbook' },
  msg: { detected: CFB, contentType: 'application/vnd.ms-outlook', kind: 'an Outlook message' },
  txt: { detected: 'text', contentType: 'text/plain; charset=utf-8', kind: 'a text file' },
  csv: { detected: 'text', contentType: 'text/csv; charset=utf-8', kind: 'a CSV file' },
  eml: { detected: 'text', contentType: 'message/rfc822', kind: 'an e-mail' },
};

export const ALLOWED_FILES_SUMMARY =
  'PDF, images (PNG, JPEG, GIF, TIFF, WebP, HEIC), Office documents, text, CSV and e-mail';
export const FILE_NAME_MAX = 255;

// C0/C1 controls, and the bidirectional overrides that can disguise 'invoice‮fdp.exe' as 'invoiceexe.pdf'.
const HIDDEN_CHARACTERS = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** The file name to store and show (NFC, trimmed); refused if it could name a path or hide characters. */
export function checkFileName(sent: string): string {
  const name = sent.normalize('NFC').trim();
  if (name === '') throw new AppError('invalid', 'Every file needs a name.');
  const quoted = JSON.stringify(name.length > 60 ? `${name.slice(0, 60)}…` : name);
  if (/[/\\]/.test(name) || name === '.' || name === '..') {
    throw new AppError('invalid', `The file name ${quoted} must not contain a path.`);
  }
  if (HIDDEN_CHARACTERS.test(name)) {
    throw new AppError('invalid', `The file name ${quoted} contains control characters.`);
  }
  if (name.length > FILE_NAME_MAX) {
    throw new AppError('invalid', `The file name ${quoted} is too long (at most ${FILE_NAME_MAX} characters).`);
  }
  return name;
}

/**
 * The content type to store and serve for a checked file name and the file's bytes (at `filePath`):
 * refuses a type outside the allow-list, an empty file, and bytes that are not what the name says.
 */
export async function checkFileContent(name: string, filePath: string, size: number): Promise<string> {
  const extension = name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '';
  const allowed = Object.hasOwn(ALLOWED, extension) ? ALLOWED[extension] : undefined;
  if (!allowed) {
    throw new AppError('invalid', `The file ${name} cannot be uploaded: only ${ALLOWED_FILES_SUMMARY} are accepted.`);
  }
  if (size === 0) throw new AppError('invalid', `The file ${name} is empty.`);
  const detected = await fileTypeFromFile(filePath);
  if (allowed.detected === 'text') {
    if (detected === undefined && (await isPlainText(filePath))) return allowed.contentType ?? 'text/plain';
  } else if (detected && allowed.detected.includes(detected.ext)) {
    return allowed.contentType ?? detected.mime;
  }
  throw new AppError('invalid', `The file ${name} is not ${allowed.kind}.`);
}

/**
 * Formats without a magic number (text, CSV, e-mail) are accepted only as UTF-8 without NUL bytes,
 * and not when they are a web page or an SVG under another name. Read as a stream: constant memory.
 */
async function isPlainText(filePath: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let opening = '';
  try {
    for await (const chunk of createReadStream(filePath, { highWaterMark: 64 * 1024 })) {
      const bytes = chunk as Buffer;
      if (bytes.includes(0)) return false;
      const text = decoder.decode(bytes, { stream: true });
      if (opening.length < 1024) opening += text.slice(0, 1024);
    }
    decoder.decode();
  } catch (error) {
    if (error instanceof TypeError) return false; // not UTF-8
    throw error;
  }
  return !/^\s*<(!doctype|html|svg|\?xml|script|head|body|iframe)\b/i.test(opening);
}
