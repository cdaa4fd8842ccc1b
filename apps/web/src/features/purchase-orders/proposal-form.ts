import {
  MAX_DELIVERIES,
  NOTHING_PROPOSED,
  type ProposalInput,
  type ProposedLine,
} from '@quayside/domain/confirmations';
import type { PurchaseOrderDetail } from '@quayside/domain/purchase-orders';

// The propose-changes dialog's form as typed, and the proposal it makes: the PO's cargo-ready date
// when moved, and only the lines that change. A line changes its quantity and cargo-ready date, or
// is split into deliveries; a line split now and given one quantity again is no longer split.

export type DeliveryDraft = { key: number; qty: string; date: string };
export type LineDraft = {
  line_number: number;
  sku: string;
  qty: string;
  date: string;
  /** The deliveries while the line is split; null: one delivery, `qty` ready on `date`. */
  deliveries: DeliveryDraft[] | null;
};
export type ProposalDraft = { cargoReadyDate: string; lines: LineDraft[]; note: string };

type Line = PurchaseOrderDetail['purchaseOrderLines'][number];
type Delivery = { qty: number; cargo_ready_date: string };

let lastKey = 0;
/** Each delivery row keeps a key of its own while rows are added and removed. */
const nextKey = () => {
  lastKey += 1;
  return lastKey;
};

export const deliveryDraft = (qty = '', date = ''): DeliveryDraft => ({ key: nextKey(), qty, date });

/** The form as the PO stands: every field holds what the PO orders now. */
export function draftOf(po: PurchaseOrderDetail): ProposalDraft {
  return {
    cargoReadyDate: po.cargo_ready_date ?? '',
    note: '',
    lines: po.purchaseOrderLines.map((line) => ({
      line_number: line.line_number,
      sku: line.sku,
      qty: line.ordered_qty === null ? '' : String(line.ordered_qty),
      date: line.cargo_ready_date ?? '',
      deliveries:
        line.deliveries?.map((delivery) => deliveryDraft(String(delivery.qty), delivery.cargo_ready_date)) ?? null,
    })),
  };
}

/** The line split in two: what it orders now first, and a delivery to fill in. */
export const splitOf = (line: LineDraft): LineDraft => ({
  ...line,
  deliveries: [deliveryDraft(line.qty, line.date), deliveryDraft()],
});

/** A whole number of at least `minimum`, else null. */
function wholeNumber(text: string, minimum: number): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const value = Number(text);
  return value >= minimum ? value : null;
}

const inDateOrder = (deliveries: readonly Delivery[]) =>
  [...deliveries].sort((a, b) => a.cargo_ready_date.localeCompare(b.cargo_ready_date));

const isSameSplit = (a: readonly Delivery[], b: readonly Delivery[]) => {
  const [left, right] = [inDateOrder(a), inDateOrder(b)];
  return (
    left.length === right.length &&
    left.every((delivery, index) => {
      const other = right[index];
      return other !== undefined && delivery.qty === other.qty && delivery.cargo_ready_date === other.cargo_ready_date;
    })
  );
};

type Outcome<T> = { value: T } | { problem: string };

function splitChange(draft: LineDraft, rows: readonly DeliveryDraft[], line: Line): Outcome<ProposedLine | null> {
  const name = `Line ${draft.line_number}`;
  if (rows.length < 2) return { problem: `${name}: a split has at least two deliveries.` };
  if (rows.length > MAX_DELIVERIES) return { problem: `${name}: a split has at most ${MAX_DELIVERIES} deliveries.` };
  const deliveries: Delivery[] = [];
  for (const [index, row] of rows.entries()) {
    const qty = wholeNumber(row.qty, 1);
    if (qty === null)
      return { problem: `${name}, delivery ${index + 1}: the quantity must be a whole number of at least 1.` };
    if (row.date === '') return { problem: `${name}, delivery ${index + 1}: give the day it is ready.` };
    deliveries.push({ qty, cargo_ready_date: row.date });
  }
  if (line.deliveries && isSameSplit(line.deliveries, deliveries)) return { value: null };
  return { value: { line_number: draft.line_number, deliveries } };
}

function lineChange(draft: LineDraft, line: Line): Outcome<ProposedLine | null> {
  if (draft.deliveries) return splitChange(draft, draft.deliveries, line);
  const qty = wholeNumber(draft.qty, 0);
  if (qty === null) return { problem: `Line ${draft.line_number}: the quantity must be a whole number.` };
  const date = draft.date === '' ? undefined : draft.date;
  // A split line given one quantity is joined again, even at the same quantity and day.
  if (line.deliveries)
    return { value: { line_number: draft.line_number, ordered_qty: qty, ...(date ? { cargo_ready_date: date } : {}) } };
  const change: ProposedLine = { line_number: draft.line_number };
  if (qty !== line.ordered_qty) change.ordered_qty = qty;
  if (date !== undefined && date !== line.cargo_ready_date) change.cargo_ready_date = date;
  return { value: change.ordered_qty === undefined && change.cargo_ready_date === undefined ? null : change };
}

/** What the dialog sends, or why it cannot yet. */
export function proposalOf(po: PurchaseOrderDetail, draft: ProposalDraft): Outcome<ProposalInput> {
  const byNumber = new Map(po.purchaseOrderLines.map((line) => [line.line_number, line]));
  const lines: ProposedLine[] = [];
  for (const lineDraft of draft.lines) {
    const line = byNumber.get(lineDraft.line_number);
    if (!line) continue;
    const outcome = lineChange(lineDraft, line);
    if ('problem' in outcome) return outcome;
    if (outcome.value) lines.push(outcome.value);
  }
  const movesPo = draft.cargoReadyDate !== '' && draft.cargoReadyDate !== (po.cargo_ready_date ?? '');
  if (!movesPo && lines.length === 0) return { problem: NOTHING_PROPOSED };
  const note = draft.note.trim();
  return {
    value: {
      ...(movesPo ? { cargo_ready_date: draft.cargoReadyDate } : {}),
      lines,
      note,
    },
  };
}
