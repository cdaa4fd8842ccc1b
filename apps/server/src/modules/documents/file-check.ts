import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../errors.ts';

// Shipping documents only: the real type is read from the bytes and must agree with the name.
// HTML, SVG, scripts and executables are never accepted, whatever they are called.

type Allowed = { detected: readonly string[] | 'text'; contentType: string; kind: string };

const OFFICE_LEGACY = ['cfb', 'doc', 'xls', 'ppt', 'msg'];
const ALLOWED: Record<string, Allowed> = {
  pdf: { detected: ['pdf'], contentType: 'application/pdf', kind: 'a PDF document' },
  png: { detected: ['png'], contentType: 'image/png', kind: 'a PNG image' },
  jpg: { detected: ['jpg'], contentType: 'image/jpeg', kind: 'a JPEG image' },
  jpeg: { detected: ['jpg'], contentType: 'image/jpeg', kind: 'a JPEG image' },
  gif: { detected: ['gif'], contentType: 'image/gif', kind: 'a GIF image' },
  tif: { detected: ['tif'], contentType: 'image/tiff', kind: 'a TIFF image' },
  tiff: { detected: ['tif'], contentType: 'image/tiff', kind: 'a TIFF image' },
  webp: { detected: ['webp'], contentType: 'image/webp', kind: 'a WebP image' },
  heic: { detected: ['heic'], contentType: 'image/heic', kind: 'a HEIC image' },
  docx: {
    detected: ['docx'],
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    kind: 'a Word document',
  },
  xlsx: {
    detected: ['xlsx'],
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    kind: 'an Excel workbook',
  },
  pptx: {
    detected: ['pptx'],
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    kind: 'a PowerPoint presentation',
  },
  doc: { detected: OFFICE_LEGACY, contentType: 'application/msword', kind: 'a Word document' },
  xls: { detected: OFFICE_LEGACY, contentType: 'application/vnd.ms-excel', kind: 'an Excel workbook' },
  ppt: { detected: OFFICE_LEGACY, contentType: 'application/vnd.ms-powerpoint', kind: 'a PowerPoint presentation' },
  msg: { detected: OFFICE_LEGACY, contentType: 'application/vnd.ms-outlook', kind: 'an Outlook message' },
  txt: { detected: 'text', contentType: 'text/plain; charset=utf-8', kind: 'a text file' },
  csv: { detected: 'text', contentType: 'text/csv; charset=utf-8', kind: 'a CSV file' },
  eml: { detected: 'text', contentType: 'message/rfc822', kind: 'an e-mail' },
};

const ALLOWED_SUMMARY = 'PDF, images, Office documents, text, CSV and e-mail';

/** A file name as stored and shown: refused if it could name a path or hide characters. */
export function checkFileName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw new AppError('invalid', 'Every file needs a name.');
  if (trimmed.length > 255) throw new AppError('invalid', `The file name ${trimmed.slice(0, 40)}... is too long.`);
  if (/[/\\]/.test(trimmed) || trimmed === '.' || trimmed === '..') {
    throw new AppError('invalid', `The file name ${JSON.stringify(trimmed)} must not contain a path.`);
  }
  if ([...trimmed].some((char) => char < ' ' || char === '\u007f')) {
    throw new AppError('invalid', `The file name ${JSON.stringify(trimmed)} contains control characters.`);
  }
  return trimmed;
}

/** The content type to store and serve, from the bytes; refuses a file whose bytes are not what its name says. */
export async function checkFileContent(name: string, bytes: Buffer): Promise<string> {
  const extension = name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '';
  const allowed = ALLOWED[extension];
  if (!allowed) {
    throw new AppError('invalid', `The file ${name} cannot be uploaded: only ${ALLOWED_SUMMARY} are accepted.`);
  }
  const detected = await fileTypeFromBuffer(bytes);
  const matches =
    allowed.detected === 'text'
      ? detected === undefined && isPlainText(bytes)
      : allowed.detected.includes(detected?.ext ?? '');
  if (!matches) throw new AppError('invalid', `The file ${name} is not ${allowed.kind}.`);
  return allowed.contentType;
}

/** UTF-8 without NUL bytes, and not markup a browser might render as a page. */
function isPlainText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  return !/^\s*<(!doctype|html|svg|\?xml|script|head|body)/i.test(text);
}
