// Workbooks for the import's bounds: hand-made, so a test builds a 2 GB-unzipped bomb in a few MB
// and well under a second instead of committing one.
import { type PackedEntry, repeatedEntry, stored, zipPacked } from './zip.ts';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const WORKSHEET_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet';
const MiB = 1024 * 1024;

export const sheetXml = (rows: string) => `<worksheet xmlns="${MAIN}"><sheetData>${rows}</sheetData></worksheet>`;

/** A one-sheet workbook ("Data") whose worksheet and shared strings are given, shared strings first. */
export function workbook(parts: { sheet: PackedEntry | string; sharedStrings?: PackedEntry | string }): Buffer {
  const part = (name: string, content: PackedEntry | string) =>
    typeof content === 'string' ? stored(name, content) : { ...content, name };
  return zipPacked([
    stored(
      'xl/workbook.xml',
      `<workbook xmlns="${MAIN}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">` +
        '<sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    stored(
      'xl/_rels/workbook.xml.rels',
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Id="rId1" Type="${WORKSHEET_REL}" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    ...(parts.sharedStrings === undefined ? [] : [part('xl/sharedStrings.xml', parts.sharedStrings)]),
    part('xl/worksheets/sheet1.xml', parts.sheet),
  ]);
}

const HEADER_ROW = '<row r="1"><c r="A1" t="inlineStr"><is><t>Shipment</t></is></c></row>';

/**
 * The attack's workbook: xl/sharedStrings.xml holds `mebibytes` MiB of tiny entries
 * (`<si><t>a</t></si>`, 61,680 a MiB): 2,048 MiB is about 126 million strings in about 2 MB.
 */
export function sharedStringsBomb(mebibytes: number, text = 'a'): Buffer {
  const entry = `<si><t>${text}</t></si>`;
  const chunk = entry.repeat(Math.floor(MiB / entry.length));
  return workbook({
    sharedStrings: repeatedEntry('xl/sharedStrings.xml', `<sst xmlns="${MAIN}">`, chunk, mebibytes, '</sst>'),
    sheet: sheetXml(HEADER_ROW),
  });
}

/** A worksheet unpacking to `mebibytes` MiB of empty rows, whose headers declare it 1 KiB: a lying zip. */
export function lyingSheetBomb(mebibytes: number): Buffer {
  const rows = '<row/>'.repeat(Math.floor(MiB / '<row/>'.length));
  const sheet = repeatedEntry(
    'xl/worksheets/sheet1.xml',
    `<worksheet xmlns="${MAIN}"><sheetData>${HEADER_ROW}`,
    rows,
    mebibytes,
    '</sheetData></worksheet>',
  );
  return workbook({ sheet: { ...sheet, declaredSize: 1024 } });
}
