import { z } from 'zod';
import { NUL_MESSAGE, noNul, plainText } from './fields.ts';

// Parts of a line item (SPEC.md §3 'Part', §5 'Parts', §7 'Parts'). A line item is a PO number
// on a shipment, so every call names both.

// The web app's messages (SPEC.md §8 'Line items, parts and documents').
export const NO_PARTS_TO_SAVE = 'No parts data to save. Please add parts first.';
export const SAVE_PARTS_FAILED = 'Failed to save part changes. Please try again.';
export const UPDATE_PART_FAILED = 'Failed to update part. Please try again.';
export const DELETE_PART_FAILED = 'Failed to delete part. Please try again.';
export const confirmDeletePart = (part: string) =>
  `Are you sure you want to delete part ${part}? This action cannot be undone.`;

// The server's answers that a client may show as they are.
export const PART_DELETED = 'Part deleted.';
export const PART_NOT_FOUND = 'Part not found';
export const PARTS_CHANGED = 'The parts of this line item changed since you loaded them. Refresh and try again.';
export const partAlreadyThere = (part: string) => `Part ${part} is already on this line item.`;
export const partListedTwice = (part: string) => `Part ${part} is listed more than once.`;

export const MAX_PARTS_PER_SAVE = 1000;
export const MAX_QUANTITY = 1_000_000_000;

/** A whole number of units: fractions and negatives are refused, naming the field. */
export const wholeQuantity = (name: string, minimum = 0) =>
  z
    .number({ error: `${name} must be a whole number.` })
    .int(`${name} must be a whole number.`)
    .min(minimum, `${name} must be at least ${minimum}.`)
    .max(MAX_QUANTITY, `${name} must be at most ${MAX_QUANTITY}.`);

const partNumber = plainText(200, 'Part number must be at most 200 characters.')
  .refine((value) => value !== '', 'Part number is required.')
  .describe('Part number (trimmed)');

/** Names one side of the line item's key; refused before it reaches the database. */
const keyText = (name: string, description: string) =>
  z
    .string({ error: `${name} is required.` })
    .trim()
    .min(1, `${name} is required.`)
    .max(200, `${name} must be at most 200 characters.`)
    .refine(noNul, NUL_MESSAGE)
    .describe(description);

/** A whole number from `minimum` up; strings are refused, not parsed (the client sends numbers). */
const quantity = (minimum: number) =>
  z
    .number({ error: 'Quantity must be a whole number.' })
    .int('Quantity must be a whole number.')
    .min(minimum, `Quantity must be at least ${minimum}.`)
    .max(MAX_QUANTITY, `Quantity must be at most ${MAX_QUANTITY}.`);

const lineItemKey = {
  related_po_number: keyText('related_po_number', 'PO number of the line item'),
  related_shipment: keyText('related_shipment', 'Shipment number of the line item'),
};

/** A part on the wire (SPEC.md §3 'Part'). */
export const Part = z
  .object({
    part_number: z.string(),
    qty: z.number().int().nullable().describe('Quantity; null when none was recorded'),
    related_po_number: z.string().describe('PO number of its line item'),
    related_shipment: z.string().describe('Shipment number of its line item'),
  })
  .describe('A part of a line item');
export type Part = z.infer<typeof Part>;

export const PartsQuery = z.object({
  po: keyText('po', 'PO number of the line item'),
  shipment: keyText('shipment', 'Shipment number of the line item'),
});

/** `POST /api/Parts`: one part to add; its quantity is at least 1 (SPEC.md §5 'Add part'). */
export const NewPart = z.object({
  part_number: partNumber,
  qty: quantity(1).describe('Whole number, at least 1'),
  ...lineItemKey,
});
export type NewPart = z.infer<typeof NewPart>;

/** `POST /api/Parts/save`: the line item's whole list, replacing what is stored; an edited quantity may be 0. */
export const PartsList = z.object({
  ...lineItemKey,
  parts: z
    .array(z.object({ part_number: partNumber, qty: quantity(0).describe('Whole number, at least 0') }), {
      error: NO_PARTS_TO_SAVE,
    })
    .min(1, NO_PARTS_TO_SAVE)
    .max(MAX_PARTS_PER_SAVE, `At most ${MAX_PARTS_PER_SAVE} parts per line item.`)
    .superRefine((parts, context) => {
      // Compared after trimming, as stored: ' X' and 'X' are the same part.
      const seen = new Set<string>();
      for (const part of parts) {
        if (seen.has(part.part_number)) {
          context.addIssue({ code: 'custom', message: partListedTwice(part.part_number) });
          return;
        }
        seen.add(part.part_number);
      }
    })
    .describe('Every part the line item should have, in the order shown'),
  prev_part_numbers: z
    .array(plainText(200))
    .max(MAX_PARTS_PER_SAVE)
    .optional()
    .describe(
      'The part numbers the client started from: the save is refused if the stored ones differ, so a part someone else added is not saved away',
    ),
});
export type PartsList = z.infer<typeof PartsList>;

/** `POST /api/Parts/delete` (SPEC.md §7). */
export const PartDelete = z.object({
  part_number: partNumber,
  ...lineItemKey,
  prev_part_numbers: z
    .array(plainText(200))
    .max(MAX_PARTS_PER_SAVE)
    .optional()
    .describe('The part numbers the client was showing: the delete is refused if the stored ones differ'),
});
export type PartDelete = z.infer<typeof PartDelete>;

export const PartsResponse = z.object({ parts: z.array(Part).describe('The line item’s parts, in the order added') });
export type PartsResponse = z.infer<typeof PartsResponse>;
export const PartDeleteResponse = z.object({ message: z.string(), parts: z.array(Part) });
export type PartDeleteResponse = z.infer<typeof PartDeleteResponse>;
