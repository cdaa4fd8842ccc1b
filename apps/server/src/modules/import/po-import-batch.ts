import type { ImportOutcome } from '@quayside/domain/import';
import { MAX_PO_LINES, type PurchaseOrderInput, skuTwice } from '@quayside/domain/purchase-orders';
import { poHeaderDisagrees } from '@quayside/domain/record-import';
import { sql } from 'drizzle-orm';
import { idArray, textArray } from '../../db/array-parameters.ts';
import type { Write } from '../../write/with-write.ts';
import { savePurchaseOrders } from '../purchase-orders/purchase-order-writes.ts';
import type { RowOutcome } from './import-shipments.ts';
import { type PoHeader, type PoHeaderField, type PoLine, type PoRowInput, poLineKey } from './po-import-rows.ts';

// Applies the ERP's PO lines a batch at a time: each row merged into its PO as the database holds
// it (what earlier batches of the file wrote included), then the batch's POs saved in one call of
// savePurchaseOrders, which keeps their history. Lines the file does not list stay.

const HEADER_FIELDS: readonly PoHeaderField[] = [
  'supplier',
  'order_date',
  'cargo_ready_date',
  'requested_delivery_date',
  'incoterm',
  'currency',
  'notes',
];
const HEADER_COLUMNS: Record<PoHeaderField, string> = {
  supplier: 'Supplier',
  order_date: 'Order Date',
  cargo_ready_date: 'Cargo Ready Date',
  requested_delivery_date: 'Requested Delivery Date',
  incoterm: 'Incoterm',
  currency: 'Currency',
  notes: 'Notes',
};
const LINE_FIELDS = ['sku', 'description', 'ordered_qty', 'unit', 'unit_price', 'requested_date'] as const;
const EMPTY_HEADER: Omit<PoHeader, 'po_number'> = {
  supplier: '',
  order_date: null,
  cargo_ready_date: null,
  requested_delivery_date: null,
  incoterm: '',
  currency: '',
  notes: '',
};
const EMPTY_LINE: Omit<PoLine, 'line_number' | 'sku' | 'ordered_qty'> = {
  description: '',
  unit: '',
  unit_price: null,
  requested_date: null,
};

export const tooManyLines = (po: string) => `PO ${po}: a purchase order has at most ${MAX_PO_LINES} lines.`;

/**
 * What the file did to each PO so far, across batches: the first row that set its header (later
 * rows must agree with it) and the PO's outcome (created beats updated beats unchanged). One small
 * entry per PO of the file.
 */
export type PoFileState = Map<string, { firstRow: number; outcome: Exclude<ImportOutcome, 'rejected'> }>;

/** A PO as this batch leaves it. */
type Plan = {
  header: Omit<PoHeader, 'po_number'>;
  lines: Map<number, PoLine>;
  lineOfSku: Map<string, number>;
  /** Line numbers the batch's rows set: the lines sent to the save. */
  touched: Set<number>;
  existed: boolean;
  changed: boolean;
};

const sameValue = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

export async function applyPoBatch(write: Write, batch: readonly PoRowInput[], file: PoFileState) {
  const plans = await storedPlans(write, [...new Set(batch.map((row) => row.po))]);
  const outcomes: RowOutcome[] = [];
  for (const input of batch) {
    const key = poLineKey(input.po, input.sku);
    const reject = (reason: string) => outcomes.push({ row: input.row, key, outcome: 'rejected', reasons: [reason] });
    let plan = plans.get(input.po);
    if (!plan) {
      plan = {
        header: { ...EMPTY_HEADER },
        lines: new Map(),
        lineOfSku: new Map(),
        touched: new Set(),
        existed: false,
        changed: false,
      };
      plans.set(input.po, plan);
    }
    // The header: the PO's first row in the file sets it; a later row must agree (empty cells always do).
    const seen = file.get(input.po);
    if (seen) {
      const differ = HEADER_FIELDS.filter(
        (field) => input.header[field] !== undefined && !sameValue(input.header[field], plan.header[field]),
      );
      if (differ.length > 0) {
        reject(
          poHeaderDisagrees(
            input.po,
            differ.map((field) => HEADER_COLUMNS[field]),
            seen.firstRow,
          ),
        );
        continue;
      }
    }
    // The line: by its number, else the line already ordering this SKU, else the next number.
    const lineNumber = input.lineNumber ?? plan.lineOfSku.get(input.sku) ?? nextLineNumber(plan);
    const skuLine = plan.lineOfSku.get(input.sku);
    if (skuLine !== undefined && skuLine !== lineNumber) {
      reject(`PO ${input.po}: ${skuTwice(input.sku, skuLine)}`);
      continue;
    }
    const old = plan.lines.get(lineNumber);
    if (old === undefined && plan.lines.size >= MAX_PO_LINES) {
      reject(tooManyLines(input.po));
      continue;
    }
    const base = old !== undefined && old.sku === input.sku ? old : { ...EMPTY_LINE, ordered_qty: 0 };
    const line: PoLine = { ...base, ...input.line, line_number: lineNumber, sku: input.sku } as PoLine;
    const lineChanged = old === undefined || LINE_FIELDS.some((field) => !sameValue(old[field], line[field]));

    let headerChanged = false;
    if (!seen) {
      for (const field of HEADER_FIELDS) {
        const value = input.header[field];
        if (value === undefined || sameValue(value, plan.header[field])) continue;
        (plan.header as Record<string, unknown>)[field] = value;
        headerChanged = true;
      }
    }
    if (old !== undefined && old.sku !== input.sku) plan.lineOfSku.delete(old.sku);
    plan.lines.set(lineNumber, line);
    plan.lineOfSku.set(input.sku, lineNumber);
    plan.touched.add(lineNumber);
    plan.changed ||= lineChanged || headerChanged;

    const outcome: Exclude<ImportOutcome, 'rejected'> =
      !plan.existed && !seen
        ? 'created'
        : old === undefined
          ? 'created'
          : lineChanged || headerChanged
            ? 'updated'
            : 'unchanged';
    outcomes.push({ row: input.row, key, outcome, reasons: [] });
    const poOutcome = !plan.existed ? 'created' : plan.changed ? 'updated' : 'unchanged';
    file.set(input.po, { firstRow: seen?.firstRow ?? input.row, outcome: strongest(seen?.outcome, poOutcome) });
  }

  const orders: PurchaseOrderInput[] = [];
  for (const [po_number, plan] of plans) {
    if (!plan.changed) continue;
    const lines = [...plan.touched].sort((a, b) => a - b).map((number) => plan.lines.get(number) as PoLine);
    orders.push({ po_number, ...plan.header, lines });
  }
  await savePurchaseOrders(write, orders, { removeAbsentLines: false, source: 'import' });
  // Each batch's audit entries are written as it ends, so memory stays bounded.
  await write.writeAudits();
  return outcomes;
}

const RANK = { unchanged: 0, updated: 1, created: 2 } as const;
const strongest = (a: keyof typeof RANK | undefined, b: keyof typeof RANK) =>
  a === undefined || RANK[b] > RANK[a] ? b : a;

function nextLineNumber(plan: Plan) {
  let max = 0;
  for (const number of plan.lines.keys()) if (number > max) max = number;
  return max + 1;
}

type StoredHeader = Omit<PoHeader, 'po_number'> & { id: number; po_number: string };
type StoredLine = PoLine & { purchase_order_id: number };

/** The batch's stored POs with all their lines, locked so that two imports of one PO take turns. */
async function storedPlans(write: Write, numbers: string[]) {
  const plans = new Map<string, Plan>();
  if (numbers.length === 0) return plans;
  const headers = await write.tx.execute<StoredHeader>(sql`
    select id::int as id, po_number, supplier, order_date::text as order_date, cargo_ready_date::text as cargo_ready_date,
           requested_delivery_date::text as requested_delivery_date, incoterm, currency, notes
    from purchase_orders where po_number = any(${textArray(numbers)})
    order by id
    for update`);
  if (headers.rows.length === 0) return plans;
  const lines = await write.tx.execute<StoredLine>(sql`
    select purchase_order_id::int as purchase_order_id, line_number, sku, description, ordered_qty, unit,
           unit_price::float8 as unit_price, requested_date::text as requested_date
    from purchase_order_lines
    where purchase_order_id = any(${idArray(headers.rows.map((row) => row.id))})`);
  const byId = new Map<number, Plan>();
  for (const { id, po_number, ...header } of headers.rows) {
    const plan: Plan = {
      header: { ...EMPTY_HEADER, ...header },
      lines: new Map(),
      lineOfSku: new Map(),
      touched: new Set(),
      existed: true,
      changed: false,
    };
    plans.set(po_number, plan);
    byId.set(id, plan);
  }
  for (const { purchase_order_id, ...line } of lines.rows) {
    const plan = byId.get(purchase_order_id);
    plan?.lines.set(line.line_number, line);
    plan?.lineOfSku.set(line.sku, line.line_number);
  }
  return plans;
}
