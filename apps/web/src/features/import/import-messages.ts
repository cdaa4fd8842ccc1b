// What the Import screen says whatever the kind of file.

export const DRY_RUN_FAILED = 'Failed to read the file. Please try again.';
export const IMPORT_FAILED = 'The import failed. Please try again.';
export const NOTHING_TO_CHANGE = 'Nothing to import: every row is unchanged or rejected.';
/** A sheet name is typed: the file is read again once typing pauses, not at every letter. */
export const SHEET_DEBOUNCE_MS = 500;
