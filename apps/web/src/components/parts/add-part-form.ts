import { partAlreadyThere } from '@quayside/domain/parts';
import { parseNewQuantity } from './part-quantities.ts';

/** The add form as typed. */
export type AddPartForm = { partNumber: string; quantity: string };
export const EMPTY_ADD_PART_FORM: AddPartForm = { partNumber: '', quantity: '' };

export type AddPartCheck = {
  /** The Add button is enabled. */
  canAdd: boolean;
  /** Shown under the part number. */
  partNumberError: string | null;
  /** What Add adds; null when the quantity is not a whole number of at least 1 (silently ignored). */
  part: { part_number: string; qty: number } | null;
};

/**
 * SPEC.md §5 'Add part': both fields non-empty after trimming, else Add is disabled; the quantity
 * must be an integer of at least 1, else Add does nothing; the part number is trimmed. A part
 * number already in the list is refused here, since the server would refuse it on save.
 */
export function checkAddPartForm(form: AddPartForm, listedPartNumbers: readonly string[]): AddPartCheck {
  const partNumber = form.partNumber.trim();
  const isFilled = partNumber !== '' && form.quantity.trim() !== '';
  const isListed = partNumber !== '' && listedPartNumbers.includes(partNumber);
  const qty = parseNewQuantity(form.quantity);
  return {
    canAdd: isFilled && !isListed,
    partNumberError: isListed ? partAlreadyThere(partNumber) : null,
    part: isFilled && !isListed && qty !== null ? { part_number: partNumber, qty } : null,
  };
}
