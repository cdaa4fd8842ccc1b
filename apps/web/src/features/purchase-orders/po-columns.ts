import type { PoSortKey, PurchaseOrderSummary } from '@quayside/domain/purchase-orders';
import { formatDate } from '../../lib/date-time.ts';

// The list's columns, each sortable by the key the server sorts on, and what a cell shows.

export type PoColumn = {
  key: PoSortKey;
  label: string;
  align: 'left' | 'right';
  /** Ordered and open quantities: never sent to a Forwarder, so not shown to one. */
  isOrderFigure?: boolean;
  text: (po: PurchaseOrderSummary) => string;
};

const quantity = (value: number | null) => (value === null ? '' : value.toLocaleString('en-US'));

export const PO_COLUMNS: readonly PoColumn[] = [
  { key: 'po_number', label: 'PO #', align: 'left', text: (po) => po.po_number },
  { key: 'supplier', label: 'Supplier', align: 'left', text: (po) => po.supplier },
  { key: 'order_date', label: 'Order date', align: 'left', text: (po) => formatDate(po.order_date) },
  { key: 'cargo_ready_date', label: 'Cargo-ready', align: 'left', text: (po) => formatDate(po.cargo_ready_date) },
  {
    key: 'requested_delivery_date',
    label: 'Requested delivery',
    align: 'left',
    text: (po) => formatDate(po.requested_delivery_date),
  },
  { key: 'status', label: 'Status', align: 'left', text: () => '' },
  { key: 'ordered_qty', label: 'Ordered', align: 'right', isOrderFigure: true, text: (po) => quantity(po.ordered_qty) },
  { key: 'open_qty', label: 'Open', align: 'right', isOrderFigure: true, text: (po) => quantity(po.open_qty) },
];

/** The columns a role is shown: a Forwarder's answers carry no ordered or open quantity. */
export const columnsFor = (isForwarder: boolean) =>
  PO_COLUMNS.filter((column) => !(isForwarder && column.isOrderFigure));

export { quantity as formatQuantity };
