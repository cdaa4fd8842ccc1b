// What the Import screen says whatever the kind of file.

export const DRY_RUN_FAILED = 'Failed to read the file. Please try again.';
export const IMPORT_FAILED = 'The import failed. Please try again.';
export const NOTHING_TO_CHANGE = 'Nothing to import: every row is unchanged or rejected.';
/** A sheet name is typed: the file is read again once typing pauses, not at every letter. */
export const SHEET_DEBOUNCE_MS = 500;
/** The forwarder report's choice to skip the check digits of Container # and an air shipment's Master. */
export const UNCHECKED_IDENTIFIERS_LABEL =
  'Take container numbers and air waybills as written (skip their check digits)';
/** Said by a report of an import that took them so. */
export const IDENTIFIERS_NOT_CHECKED = 'Container numbers and air waybills were taken as written, not checked.';
