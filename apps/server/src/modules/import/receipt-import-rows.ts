import type { ColumnMapping } from '@quayside/domain/import';
import { cellText } from '@quayside/domain/import-values';
import {
  RECEIPT_REASON_LABELS,
  RECEIPT_REASONS,
  type ReceiptReason,
  ReceiptRequest,
} from '@quayside/domain/purchase-orders';
import { type ReceiptImportField, unknownReason } from '@quayside/domain/record-import';
import type { ReceiptLine } from '../purchase-orders/receipt-writes.ts';
import type { RowResult } from './import-rows.ts';
import { cellsByField } from './po-import-rows.ts';
import type { TableRow } from './table-reader.ts';

// One row of a receipts file → what arrived of one SKU of one PO on one shipment, or why it cannot
// be imported. Pure: no database; the receipt's own contract (ReceiptRequest's line) decides.

export type ReceiptRowInput = { row: number; shipment: string } & ReceiptLine;

export const receiptKey = (row: { shipment: string; po_number: string; sku: string }) =>
  `${row.shipment} / ${row.po_number} / ${row.sku}`;

const ReceiptLineInput = ReceiptRequest.shape.lines.element;
const COLUMN_OF: Record<string, ReceiptImportField> = {
  po_number: 'PO Number',
  sku: 'SKU',
  received_qty: 'Received Qty',
  reason: 'Reason',
  note: 'Note',
};

/** 'short', 'Short', 'Over-delivered', 'over': a reason by its name or its label. */
function reasonOf(text: string): ReceiptReason | null | undefined {
  if (text === '') return null;
  const wanted = text.toLowerCase();
  return RECEIPT_REASONS.find((reason) => reason === wanted || RECEIPT_REASON_LABELS[reason].toLowerCase() === wanted);
}

export function readReceiptRow(mapping: ColumnMapping<ReceiptImportField>, row: TableRow): RowResult<ReceiptRowInput> {
  const cells = cellsByField(mapping, row);
  const text = (field: ReceiptImportField) => cellText(cells.get(field) ?? null);
  const reasons: string[] = [];
  const shipment = text('Shipment');
  if (shipment === '') reasons.push('Shipment is required.');
  const key = receiptKey({ shipment, po_number: text('PO Number'), sku: text('SKU') });

  const quantityCell = cells.get('Received Qty') ?? null;
  const quantityText = cellText(quantityCell);
  const quantity = typeof quantityCell === 'number' ? quantityCell : quantityText.replaceAll(',', '');
  const reason = reasonOf(text('Reason'));
  if (reason === undefined) reasons.push(unknownReason(text('Reason')));
  const checked = ReceiptLineInput.safeParse({
    po_number: text('PO Number'),
    sku: text('SKU'),
    received_qty: quantityText === '' ? undefined : Number(quantity),
    reason: reason ?? null,
    note: text('Note'),
  });
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const column = COLUMN_OF[String(issue.path[0] ?? '')];
      const message =
        issue.path[0] === 'received_qty' && quantityText === '' ? 'Received quantity is required.' : issue.message;
      const named = column !== undefined && message.toLowerCase().includes(column.toLowerCase().slice(0, 8));
      reasons.push(column && !named ? `${column}: ${message}` : message);
    }
  }
  if (reasons.length > 0 || !checked.success) return { ok: false, rejected: { row: row.row, key, reasons } };
  return { ok: true, value: { row: row.row, shipment, ...checked.data } };
}
