import type { Api } from '@quayside/domain/api';
import type { ResponseOf } from '@quayside/domain/call';
import { RECEIPT_REASONS, type ReceiptReason } from '@quayside/domain/purchase-orders';

// The Receive dialog's form: per PO and SKU the quantity received (what was shipped unless said
// otherwise) and, when it differs, why. The server checks the same (receiptAboveShipped,
// receiptBelowShipped); the form says so before sending.

export type ReceivableLine = ResponseOf<Api['getReceipt']>['lines'][number];

export type ReceiptRowValues = { quantity: string; reason: ReceiptReason | ''; note: string };

export type ReceiptLineDraft = {
  po_number: string;
  sku: string;
  received_qty: number;
  reason: ReceiptReason | null;
  note: string;
};

export const rowKey = (line: Pick<ReceivableLine, 'po_number' | 'sku'>) => `${line.po_number}\u0001${line.sku}`;

/** What the form starts with: an earlier receipt's figures, else what the shipment carried. */
export const initialValues = (lines: readonly ReceivableLine[]): Record<string, ReceiptRowValues> =>
  Object.fromEntries(
    lines.map((line) => [
      rowKey(line),
      { quantity: String(line.received_qty ?? line.shipped_qty), reason: line.reason ?? '', note: line.note },
    ]),
  );

const isReason = (value: string): value is ReceiptReason => (RECEIPT_REASONS as readonly string[]).includes(value);

/** What is wrong with a row, field by field; empty when it may be sent. */
export function rowErrors(line: ReceivableLine, values: ReceiptRowValues): { quantity?: string; reason?: string } {
  const text = values.quantity.trim();
  const quantity = Number(text);
  if (text === '' || !Number.isInteger(quantity) || quantity < 0)
    return { quantity: 'Received quantity must be a whole number, 0 or more.' };
  if (quantity !== line.shipped_qty && !isReason(values.reason))
    return { reason: `Give a reason: ${quantity} differs from the ${line.shipped_qty} shipped.` };
  return {};
}

/** The receipt's lines as receiveShipment takes them. */
export const receiptLines = (
  lines: readonly ReceivableLine[],
  values: Record<string, ReceiptRowValues>,
): ReceiptLineDraft[] =>
  lines.map((line) => {
    const row = values[rowKey(line)] as ReceiptRowValues;
    const received = Number(row.quantity.trim());
    return {
      po_number: line.po_number,
      sku: line.sku,
      received_qty: received,
      reason: isReason(row.reason) ? row.reason : null,
      note: row.note.trim(),
    };
  });
