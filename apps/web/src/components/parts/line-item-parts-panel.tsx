/**
 * The line-item detail's Parts tab (SPEC.md §2 'Line-item detail'): the parts table with edit and
 * delete, the totals and the Add Parts form. Placeholder until the parts UI lands.
 */
export function LineItemPartsPanel(_props: { po: string; shipment: string; canEdit: boolean }) {
  return null;
}
