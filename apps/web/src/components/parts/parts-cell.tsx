import type { LineItem } from '@quayside/domain/line-items';

export type PartsOwner = Pick<LineItem, 'title' | 'related_shipment' | 'parts' | 'numberOfParts' | 'total_qty'>;

/**
 * The dashboard's numberOfParts cell: opens the 'Parts Details' popover and the 'Parts Info'
 * dialog (SPEC.md §2). Placeholder until the parts UI lands.
 */
export function PartsCell({ lineItem }: { lineItem: PartsOwner; canEdit: boolean }) {
  return <>{lineItem.numberOfParts}</>;
}
