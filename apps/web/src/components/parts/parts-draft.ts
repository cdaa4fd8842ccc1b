import { parseEditedQuantity, quantityToSave } from './part-quantities.ts';

// The 'Parts Info' dialog's working copy of a line item's parts (SPEC.md §4 'Parts dialog and
// parts list'): adding or editing marks it changed; a save makes it clean; a failed save leaves it
// as it was; closing the dialog throws it away (the dialog starts a new draft each time it opens).

type StoredPart = { part_number: string; qty: number | null };

/** A part in the draft; the quantity is kept as typed until it is saved. */
export type DraftPart = { part_number: string; quantity: string };
/** `storedPartNumbers`: the stored list the draft started from, sent with the save so the server
 * refuses it if someone changed the parts meanwhile (their additions would be saved away). */
export type PartsDraft = { parts: DraftPart[]; isDirty: boolean; storedPartNumbers: string[] };

export type PartsDraftAction =
  | { type: 'add'; part: { part_number: string; qty: number } }
  | { type: 'set-quantity'; partNumber: string; quantity: string }
  | { type: 'saved'; parts: readonly StoredPart[] };

/** A clean draft of the stored parts; a part with no recorded quantity shows the 0 it would be saved as. */
export function startPartsDraft(parts: readonly StoredPart[]): PartsDraft {
  return {
    parts: parts.map((part) => ({ part_number: part.part_number, quantity: String(quantityToSave(part.qty)) })),
    isDirty: false,
    storedPartNumbers: parts.map((part) => part.part_number),
  };
}

export function partsDraftReducer(draft: PartsDraft, action: PartsDraftAction): PartsDraft {
  switch (action.type) {
    case 'add':
      return {
        ...draft,
        parts: [...draft.parts, { part_number: action.part.part_number, quantity: String(action.part.qty) }],
        isDirty: true,
      };
    case 'set-quantity':
      return {
        ...draft,
        parts: draft.parts.map((part) =>
          part.part_number === action.partNumber ? { ...part, quantity: action.quantity } : part,
        ),
        isDirty: true,
      };
    case 'saved':
      return startPartsDraft(action.parts);
  }
}

/** True when this typed quantity cannot be saved (empty, negative or not a whole number). */
export const isQuantityInvalid = (quantity: string) => parseEditedQuantity(quantity) === null;

/** The list to send to `replaceParts`, or null while any quantity is invalid. */
export function partsToSave(draft: PartsDraft): { part_number: string; qty: number }[] | null {
  const parts: { part_number: string; qty: number }[] = [];
  for (const part of draft.parts) {
    const qty = parseEditedQuantity(part.quantity);
    if (qty === null) return null;
    parts.push({ part_number: part.part_number, qty });
  }
  return parts;
}
