import { BookingRequestInput } from '@quayside/domain/bookings';
import type { MODE_OPTIONS } from '@quayside/domain/constants';
import type { PurchaseOrderDetail } from '@quayside/domain/purchase-orders';

// The request dialog's fields as typed, and the request they make: only the lines given a
// quantity, the empty measures as none.

type PoLine = PurchaseOrderDetail['purchaseOrderLines'][number];
type Mode = (typeof MODE_OPTIONS)[number];

export type BookingLineDraft = { line_number: number; sku: string; qty: string };

export type BookingDraft = {
  cargoReadyDate: string;
  lines: BookingLineDraft[];
  packages: string;
  weight: string;
  volume: string;
  origin: string;
  mode: Mode | '';
  note: string;
};

/** What is left to book of a line: ordered, less what is booked or shipped already; never below 0. */
export const leftToBook = (line: Pick<PoLine, 'ordered_qty' | 'booked_qty' | 'shipped_qty'>) =>
  Math.max(0, (line.ordered_qty ?? 0) - line.booked_qty - line.shipped_qty);

export const bookingDraftOf = (po: PurchaseOrderDetail): BookingDraft => ({
  cargoReadyDate: po.cargo_ready_date?.slice(0, 10) ?? '',
  lines: po.purchaseOrderLines.map((line) => ({
    line_number: line.line_number,
    sku: line.sku,
    qty: String(leftToBook(line)),
  })),
  packages: '',
  weight: '',
  volume: '',
  origin: '',
  mode: '',
  note: '',
});

/** A number field's text: empty is none; anything else goes as typed, for the schema to judge. */
const measureOf = (text: string) => (text.trim() === '' ? null : Number(text));

type Outcome = { value: BookingRequestInput } | { problem: string };

/** The request the draft makes, or what is wrong with it, in the server's words where it has some. */
export function bookingRequestOf(poNumber: string, draft: BookingDraft): Outcome {
  const lines = draft.lines
    .filter((line) => line.qty.trim() !== '' && Number(line.qty) !== 0)
    .map((line) => ({ line_number: line.line_number, qty: Number(line.qty) }));
  if (lines.length === 0) return { problem: 'Give at least one line a quantity to book.' };
  if (draft.mode === '') return { problem: 'Choose a mode.' };
  const parsed = BookingRequestInput.safeParse({
    po_number: poNumber,
    cargo_ready_date: draft.cargoReadyDate,
    lines,
    packages: measureOf(draft.packages),
    weight_kg: measureOf(draft.weight),
    volume_cbm: measureOf(draft.volume),
    origin: draft.origin.trim(),
    mode: draft.mode,
    note: draft.note.trim(),
  });
  if (parsed.success) return { value: parsed.data };
  const [issue] = parsed.error.issues;
  const index = issue?.path[0] === 'lines' ? issue.path[1] : undefined;
  const line = typeof index === 'number' ? lines[index] : undefined;
  const message = issue?.message ?? 'Check the request.';
  return { problem: line ? `Line ${line.line_number}: ${message}` : message };
}
