import { z } from 'zod';
import { percentile, percentOf } from './analytics.ts';
import { shiftDay } from './line-item-query.ts';
import { dayNumber } from './text.ts';

// Purchase orders in Analytics: OTIF (on time, in full) per supplier and per forwarder, fill rate,
// and the lead times from order to departure and to receipt. The definitions shown on screen and
// the arithmetic are here, once; the server computes the same in SQL
// (apps/server/src/modules/analytics/purchase-order-figures.ts) and a property test holds the two equal.

/** What a forwarder may not ask: supplier figures are over whole POs, which it does not see. */
export const SUPPLIER_FIGURES_FORBIDDEN = 'Supplier figures are for staff: they cover whole purchase orders.';

const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

/** The supplier scorecard's definition, with the Admin's on-time grace. */
export function supplierScorecardDefinition(graceDays: number): string {
  return (
    'Per supplier, over PO lines with an ordered quantity whose requested date (else the PO’s requested delivery date) ' +
    'falls in the range, once decided: received in full, short-closed, or the requested date ' +
    `+ ${days(graceDays)} has passed. In full: received ≥ ordered. On time: last received no later than the requested date ` +
    `+ ${days(graceDays)}. OTIF: both. A PO is OTIF when every such line is; it counts in the range of its last requested date, ` +
    'once all its lines are decided. Fill rate: received (up to what was ordered) ÷ ordered over the same lines. ' +
    'Order → departure: order date to the first ATD (else ATA) of a shipment carrying the PO, for POs first departed in the range. ' +
    'Order → receipt: order date to the last receipt, for POs received in full or short-closed whose last receipt is in the range. ' +
    'The date range alone picks them; the shipment filters do not (a PO line may ship on several shipments).'
  );
}

/** The forwarder scorecard's PO columns, in words. */
export function forwarderOtifDefinition(graceDays: number): string {
  return (
    'PO OTIF: each receipt of a PO line’s SKU on the forwarder’s shipments (those the filters pick) is on time when recorded ' +
    `no later than the line’s requested date (else the PO’s requested delivery date) + ${days(graceDays)}, and in full when ` +
    'the quantity received is at least what the shipment carried.'
  );
}

// ---- Per PO line (supplier figures) ----

/** One PO line as the figures read it: its quantities and days (UTC), and its PO's. */
export type PoLineFacts = {
  ordered: number;
  received: number;
  /** The last day a receipt of its SKU was recorded. */
  lastReceivedOn: string | null;
  /** The line's requested date, else the PO's requested delivery date. */
  due: string | null;
};

export type PoFacts = {
  supplier: string;
  orderDate: string | null;
  shortClosed: boolean;
  /** The first ATD (else ATA) of a shipment carrying it. */
  firstDepartedOn: string | null;
  /** The last day any receipt of it was recorded. */
  lastReceivedOn: string | null;
  lines: readonly PoLineFacts[];
};

/** The day a line is due: its own requested date, else its PO's. */
export const dueDateOf = (lineRequested: string | null, poRequested: string | null) => lineRequested ?? poRequested;

/**
 * How a line did, or null when it is not judged at all (nothing ordered, or no day it was due).
 * `decided`: its outcome can no longer change for the better (received in full, short-closed, or
 * the due day plus the grace has passed as of `today`); only decided lines are counted.
 */
export function judgeLine(line: PoLineFacts, shortClosed: boolean, graceDays: number, today: string) {
  if (line.ordered <= 0 || line.due === null) return null;
  const deadline = shiftDay(line.due, graceDays);
  const inFull = line.received >= line.ordered;
  const onTime = line.lastReceivedOn !== null && line.lastReceivedOn <= deadline;
  return { due: line.due, inFull, onTime, otif: inFull && onTime, decided: inFull || shortClosed || deadline < today };
}

/** A PO is closed when short-closed or every line is received in full (as reconcilePurchaseOrder has it). */
export const isPoClosed = (po: PoFacts) =>
  po.shortClosed || (po.lines.length > 0 && po.lines.every((line) => line.received >= line.ordered));

export type Range = { from: string; to: string };
const inRange = (day: string | null, range: Range): day is string =>
  day !== null && day >= range.from && day <= range.to;

/** The supplier scorecard's figures: flat, so each has its change against the period before. */
export const SupplierFigures = z.object({
  lines: z.number().int().describe('PO lines judged'),
  onTimePercent: z.number().nullable(),
  inFullPercent: z.number().nullable(),
  otifPercent: z.number().nullable().describe('PO lines on time and in full'),
  purchaseOrders: z.number().int().describe('POs judged'),
  poOtifPercent: z.number().nullable().describe('POs every judged line of which is OTIF'),
  fillRatePercent: z.number().nullable().describe('Received (up to ordered) ÷ ordered over the judged lines'),
  departed: z.number().int().describe('POs first departed in the range, with an order date'),
  orderToDepartureMedianDays: z.number().nullable(),
  orderToDepartureP90Days: z.number().nullable(),
  received: z.number().int().describe('POs closed with their last receipt in the range, with an order date'),
  orderToReceiptMedianDays: z.number().nullable(),
  orderToReceiptP90Days: z.number().nullable(),
});
export type SupplierFigures = z.infer<typeof SupplierFigures>;

/**
 * GET /api/Analytics/suppliers (staff): a row per supplier for the range and the range of the same
 * length just before it, most lines judged first.
 */
export const SupplierScorecardResponse = z.object({
  graceDays: z.number().int(),
  asOf: z.string().describe('The day lines are decided on (YYYY-MM-DD, UTC)'),
  previous: z.object({ from: z.string(), to: z.string() }),
  rows: z.array(z.object({ supplier: z.string(), current: SupplierFigures, previous: SupplierFigures.nullable() })),
});
export type SupplierScorecardResponse = z.infer<typeof SupplierScorecardResponse>;

/** Whole days from one day to another. */
const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from);

/** The reference: each supplier's figures over `pos` for `range`, decided as of `today`. */
export function supplierFigures(
  pos: readonly PoFacts[],
  range: Range,
  graceDays: number,
  today: string,
): Map<string, SupplierFigures> {
  type Tally = {
    lines: number;
    onTime: number;
    inFull: number;
    otif: number;
    pos: number;
    posOtif: number;
    ordered: number;
    filled: number;
    toDeparture: number[];
    toReceipt: number[];
  };
  const tallies = new Map<string, Tally>();
  const tallyOf = (supplier: string) => {
    const found = tallies.get(supplier);
    if (found) return found;
    const fresh: Tally = {
      lines: 0,
      onTime: 0,
      inFull: 0,
      otif: 0,
      pos: 0,
      posOtif: 0,
      ordered: 0,
      filled: 0,
      toDeparture: [],
      toReceipt: [],
    };
    tallies.set(supplier, fresh);
    return fresh;
  };
  for (const po of pos) {
    const judged = po.lines.flatMap((line) => {
      const outcome = judgeLine(line, po.shortClosed, graceDays, today);
      return outcome === null ? [] : [{ line, ...outcome }];
    });
    for (const { line, due, decided, onTime, inFull, otif } of judged) {
      if (!decided || !inRange(due, range)) continue;
      const tally = tallyOf(po.supplier);
      tally.lines += 1;
      tally.onTime += Number(onTime);
      tally.inFull += Number(inFull);
      tally.otif += Number(otif);
      tally.ordered += line.ordered;
      tally.filled += Math.min(line.received, line.ordered);
    }
    const lastDue = judged.reduce<string | null>((last, { due }) => (last === null || due > last ? due : last), null);
    if (inRange(lastDue, range) && judged.every(({ decided }) => decided)) {
      const tally = tallyOf(po.supplier);
      tally.pos += 1;
      tally.posOtif += Number(judged.every(({ otif }) => otif));
    }
    if (po.orderDate !== null && inRange(po.firstDepartedOn, range))
      tallyOf(po.supplier).toDeparture.push(daysBetween(po.orderDate, po.firstDepartedOn));
    if (po.orderDate !== null && isPoClosed(po) && inRange(po.lastReceivedOn, range))
      tallyOf(po.supplier).toReceipt.push(daysBetween(po.orderDate, po.lastReceivedOn));
  }
  return new Map(
    [...tallies].map(([supplier, tally]) => [
      supplier,
      {
        lines: tally.lines,
        onTimePercent: percentOf(tally.onTime, tally.lines),
        inFullPercent: percentOf(tally.inFull, tally.lines),
        otifPercent: percentOf(tally.otif, tally.lines),
        purchaseOrders: tally.pos,
        poOtifPercent: percentOf(tally.posOtif, tally.pos),
        fillRatePercent: percentOf(tally.filled, tally.ordered),
        departed: tally.toDeparture.length,
        orderToDepartureMedianDays: percentile(tally.toDeparture, 0.5),
        orderToDepartureP90Days: percentile(tally.toDeparture, 0.9),
        received: tally.toReceipt.length,
        orderToReceiptMedianDays: percentile(tally.toReceipt, 0.5),
        orderToReceiptP90Days: percentile(tally.toReceipt, 0.9),
      },
    ]),
  );
}

// ---- Per receipt (forwarder figures) ----

/** One receipt of a (shipment, PO, SKU) the PO orders, as the forwarder figures read it. */
export type ReceiptFacts = {
  /** The day it was recorded (UTC). */
  receivedOn: string;
  receivedQty: number;
  /** What the shipment carried of the SKU under the PO. */
  carriedQty: number;
  /** The PO line's requested date, else the PO's requested delivery date. */
  due: string | null;
};

/** The forwarder scorecard's PO figures. */
export type ReceiptOtif = {
  receipts: number;
  receiptOnTimePercent: number | null;
  receiptInFullPercent: number | null;
  receiptOtifPercent: number | null;
};

/** The reference: OTIF over one forwarder's receipts; a receipt with no due day is not judged. */
export function receiptOtif(receipts: readonly ReceiptFacts[], graceDays: number): ReceiptOtif {
  let measured = 0;
  let onTime = 0;
  let inFull = 0;
  let otif = 0;
  for (const receipt of receipts) {
    if (receipt.due === null) continue;
    const timely = receipt.receivedOn <= shiftDay(receipt.due, graceDays);
    const full = receipt.receivedQty >= receipt.carriedQty;
    measured += 1;
    onTime += Number(timely);
    inFull += Number(full);
    otif += Number(timely && full);
  }
  return {
    receipts: measured,
    receiptOnTimePercent: percentOf(onTime, measured),
    receiptInFullPercent: percentOf(inFull, measured),
    receiptOtifPercent: percentOf(otif, measured),
  };
}
