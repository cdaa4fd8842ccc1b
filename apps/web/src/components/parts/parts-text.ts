// Spec strings these components show that the server never says (SPEC.md §2).

/** The empty text of every parts list. */
export const NO_PARTS_TEXT = 'No parts information available';

/** A parts list that could not be read (the server's reason instead when it refused). */
export const LOAD_PARTS_FAILED = 'Failed to load parts. Please try again.';
