import { z } from 'zod';
import { plainText } from './fields.ts';

// Parts of a line item (SPEC.md §3 'Part', §5 'Parts', §7 'Parts').

export const NO_PARTS_TO_SAVE = 'No parts data to save. Please add parts first.';
export const SAVE_PARTS_FAILED = 'Failed to save part changes. Please try again.';
export const UPDATE_PART_FAILED = 'Failed to update part. Please try again.';
export const DELETE_PART_FAILED = 'Failed to delete part. Please try again.';
export const confirmDeletePart = (part: string) =>
  `Are you sure you want to delete part ${part}? This action cannot be undone.`;
export const PARTS_CHANGED = 'The parts of this line item changed since you loaded them. Refresh and try again.';

const partNumber = plainText(200, 'Part number must be at most 200 characters.').refine(
  (value) => value !== '',
  'Part number is required.',
);
const key = (name: string) => z.string().trim().min(1, `${name} is required.`).max(200);
const quantity = (minimum: number) =>
  z
    .number({ error: 'Quantity must be a whole number.' })
    .int('Quantity must be a whole number.')
    .min(minimum, `Quantity must be at least ${minimum}.`)
    .max(1_000_000_000, 'Quantity is too large.');

export const Part = z.object({
  part_number: z.string(),
  qty: z.number().int().nullable(),
  related_po_number: z.string(),
  related_shipment: z.string(),
});
export type Part = z.infer<typeof Part>;

export const PartsQuery = z.object({ po: key('po'), shipment: key('shipment') });

/** Adding one part: the quantity is at least 1. */
export const NewPart = z.object({
  part_number: partNumber,
  qty: quantity(1),
  related_po_number: key('related_po_number'),
  related_shipment: key('related_shipment'),
});

/** The whole list of one line item, replacing what is stored; an edited quantity may be 0. */
export const PartsList = z.object({
  related_po_number: key('related_po_number'),
  related_shipment: key('related_shipment'),
  parts: z
    .array(z.object({ part_number: partNumber, qty: quantity(0) }))
    .min(1, NO_PARTS_TO_SAVE)
    .max(1000, 'At most 1000 parts per line item.')
    .refine(
      (parts) => new Set(parts.map((part) => part.part_number)).size === parts.length,
      'Each part number may appear only once.',
    ),
});
export type PartsList = z.infer<typeof PartsList>;

export const PartDelete = z.object({
  part_number: partNumber,
  related_po_number: key('related_po_number'),
  related_shipment: key('related_shipment'),
  prev_part_numbers: z
    .array(z.string())
    .max(1000)
    .optional()
    .describe('The part numbers the client was showing: the delete is refused if they changed since'),
});

export const PartsResponse = z.object({ parts: z.array(Part) });
export const PartDeleteResponse = z.object({ message: z.string(), parts: z.array(Part) });
