// What the Import page sends: the shipments file, an optional parts list, for a workbook the sheet
// to read (the server reads the first one when none is named), and whether container numbers and
// air waybills are taken as written.

/** A chosen file; the id tells two choices apart, even of the same file, in query keys. */
export type ChosenImportFile = { id: number; file: File };

export type ImportSelection = {
  shipments: ChosenImportFile | null;
  parts: ChosenImportFile | null;
  /** Worksheet of the shipments workbook; ignored for a CSV. */
  sheet: string;
  /** Worksheet of the parts workbook; ignored for a CSV. */
  partsSheet: string;
  /** Take Container # and an air shipment's Master as written, their check digits unchecked (off: such a row is rejected). */
  uncheckedIdentifiers: boolean;
};

export const EMPTY_SELECTION: ImportSelection = {
  shipments: null,
  parts: null,
  sheet: '',
  partsSheet: '',
  uncheckedIdentifiers: false,
};

/** What the file pickers offer; the server decides by the file's content and says so when it cannot read one. */
export const IMPORT_FILE_ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let lastId = 0;

export function chooseFile(file: File): ChosenImportFile {
  lastId += 1;
  return { id: lastId, file };
}

/** An Excel workbook, which has sheets to choose from. */
export const isWorkbook = (fileName: string) => fileName.trim().toLowerCase().endsWith('.xlsx');

/** The sheet name to send: only for a workbook, and only when one is given. */
function sheetOf(chosen: ChosenImportFile | null, sheet: string) {
  const name = sheet.trim();
  return chosen && isWorkbook(chosen.file.name) && name !== '' ? name : undefined;
}

/** The query string of `importReport`: the dry run's and the import's alike but for `dryRun`, so both read the file the same way. */
export function importQuery(selection: ImportSelection, isDryRun: boolean) {
  return {
    dryRun: String(isDryRun),
    uncheckedIdentifiers: selection.uncheckedIdentifiers ? ('true' as const) : ('false' as const),
    sheet: sheetOf(selection.shipments, selection.sheet),
    partsSheet: sheetOf(selection.parts, selection.partsSheet),
  };
}

/** The multipart body: `shipments`, and `parts` when a parts list is chosen. */
export function importForm(shipments: File, parts: File | null): FormData {
  const form = new FormData();
  form.append('shipments', shipments, shipments.name);
  if (parts) form.append('parts', parts, parts.name);
  return form;
}
