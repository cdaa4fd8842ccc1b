import type { Deletion } from '@quayside/domain/deletions';

// How the screen words a deletion: when, what, and whether it matches the filter.

const countOf = (count: number) => `${count} part${count === 1 ? '' : 's'}`;

/** 'PO X on shipment Y', or 'N parts from PO X on shipment Y'. */
export const whatDeleted = ({ entity, po, shipment, parts }: Deletion) =>
  entity === 'line_item'
    ? `PO ${po} on shipment ${shipment}`
    : `${countOf(parts.length)} from PO ${po} on shipment ${shipment}`;

/** How many parts the line item took with it. */
export const withParts = ({ entity, parts }: Deletion) =>
  entity === 'line_item' ? `with ${countOf(parts.length)}` : '';

const PARTS_LISTED = 4;

/** The part numbers, a few then '+N more' (all of them in the cell's title). */
export const partNumbers = ({ parts }: Deletion) => {
  const numbers = parts.map((part) => part.part_number);
  const more = numbers.length - PARTS_LISTED;
  return more > 0 ? `${numbers.slice(0, PARTS_LISTED).join(', ')} +${more} more` : numbers.join(', ');
};

/** Whether the text is in its PO, shipment, who deleted it or a part number (any case). */
export const matches = (deletion: Deletion, text: string) => {
  const wanted = text.trim().toLowerCase();
  if (wanted === '') return true;
  return [deletion.po, deletion.shipment, deletion.actor, ...deletion.parts.map((part) => part.part_number)].some(
    (field) => field.toLowerCase().includes(wanted),
  );
};
