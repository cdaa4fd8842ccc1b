import type { MAX_QUANTITY as DOMAIN_MAX_QUANTITY } from '@quayside/domain/parts';

/**
 * The server's ceiling, the domain's MAX_QUANTITY (its type is the literal, so a change there fails
 * the type check here). Not imported: that module loads zod, and the dashboard's parts popover uses this file.
 */
const MAX_QUANTITY: typeof DOMAIN_MAX_QUANTITY = 1_000_000_000;

// Quantities as people type them (SPEC.md §5 'Parts') and as the screens add them up.

type Counted = { qty: number | null };

/** Whole digits only: '2.5', '1e3', '-1' and '' are not quantities. The server's ceiling applies too. */
function parseWholeNumber(text: string, minimum: number): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= minimum && value <= MAX_QUANTITY ? value : null;
}

/** A new part's quantity: an integer of at least 1, else null (the add is silently ignored). */
export const parseNewQuantity = (text: string) => parseWholeNumber(text, 1);

/** An edited quantity: an integer of at least 0, else null (Save stays disabled). */
export const parseEditedQuantity = (text: string) => parseWholeNumber(text, 0);

/** A part with no recorded quantity shows a dash; it counts as 0 in the totals. */
export const formatQuantity = (qty: number | null) => (qty === null ? '—' : String(qty));

/** The footer of every parts list: how many parts, and their quantities added up (none recorded = 0). */
export function partsTotals(parts: readonly Counted[]) {
  return {
    totalParts: parts.length,
    totalQuantity: parts.reduce((sum, part) => sum + (part.qty ?? 0), 0),
  };
}

/**
 * The quantity sent when the whole list is saved. The save endpoint takes a whole number for every
 * part, so a part with none recorded is saved as 0, which is what the totals already counted it as.
 */
export const quantityToSave = (qty: number | null) => qty ?? 0;

/** The whole list to save after one part's quantity was edited (the save endpoint replaces the list). */
export function listWithQuantity(
  parts: readonly { part_number: string; qty: number | null }[],
  partNumber: string,
  qty: number,
): { part_number: string; qty: number }[] {
  return parts.map((part) => ({
    part_number: part.part_number,
    qty: part.part_number === partNumber ? qty : quantityToSave(part.qty),
  }));
}
