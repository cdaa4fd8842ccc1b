// Spec strings these components show that the server never says (SPEC.md §2).

/** The empty text of every parts list. */
export const NO_PARTS_TEXT = 'No parts information available';
