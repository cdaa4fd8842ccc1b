import { describe, expect, it } from 'vitest';
import {
  judgeLine,
  type PoFacts,
  receiptOtif,
  supplierFigures,
  supplierScorecardDefinition,
} from './purchase-order-analytics.ts';

const line = (fields: Partial<Parameters<typeof judgeLine>[0]> = {}) => ({
  ordered: 10,
  received: 10,
  lastReceivedOn: '2027-02-11' as string | null,
  due: '2027-02-10' as string | null,
  ...fields,
});

describe('a PO line', () => {
  it('is on time when last received by its due day plus the grace, in full when received ≥ ordered', () => {
    expect(judgeLine(line(), false, 1, '2027-03-01')).toEqual({
      due: '2027-02-10',
      onTime: true,
      inFull: true,
      otif: true,
      decided: true,
    });
    expect(judgeLine(line(), false, 0, '2027-03-01')).toMatchObject({ onTime: false, otif: false });
    expect(judgeLine(line({ received: 9 }), false, 1, '2027-03-01')).toMatchObject({ inFull: false, otif: false });
    expect(judgeLine(line({ received: 12 }), false, 1, '2027-03-01')).toMatchObject({ inFull: true });
  });

  it('is decided once received in full, short-closed, or its due day plus the grace has passed', () => {
    const open = line({ received: 4, lastReceivedOn: '2027-02-01' });
    expect(judgeLine(open, false, 1, '2027-02-11')?.decided).toBe(false);
    expect(judgeLine(open, false, 1, '2027-02-12')?.decided).toBe(true);
    expect(judgeLine(open, true, 1, '2027-02-01')?.decided).toBe(true);
    expect(judgeLine(line({ received: 0, lastReceivedOn: null }), false, 1, '2027-03-01')).toMatchObject({
      onTime: false,
      inFull: false,
      decided: true,
    });
  });

  it('is not judged with nothing ordered or no day it was due', () => {
    expect(judgeLine(line({ ordered: 0 }), false, 1, '2027-03-01')).toBeNull();
    expect(judgeLine(line({ due: null }), false, 1, '2027-03-01')).toBeNull();
  });
});

describe("a supplier's figures", () => {
  const acme: PoFacts = {
    supplier: 'Acme',
    orderDate: '2027-01-01',
    shortClosed: false,
    firstDepartedOn: '2027-01-15',
    lastReceivedOn: '2027-02-11',
    lines: [line(), line({ ordered: 5, received: 4, due: '2027-02-20' })],
  };

  it('count lines and POs by their due day, fill up to what was ordered, and lead times by the day they end', () => {
    const figures = supplierFigures(
      [acme, { ...acme, lines: [line({ received: 30 })] }],
      { from: '2027-01-01', to: '2027-02-28' },
      1,
      '2027-03-13',
    ).get('Acme');
    expect(figures).toEqual({
      lines: 3,
      onTimePercent: 100,
      inFullPercent: 66.7,
      otifPercent: 66.7,
      purchaseOrders: 2,
      poOtifPercent: 50,
      // (10 + 4 + 10) ÷ 25: the over-received line counts what was ordered.
      fillRatePercent: 96,
      departed: 2,
      orderToDepartureMedianDays: 14,
      orderToDepartureP90Days: 14,
      // Only the PO received in full is closed.
      received: 1,
      orderToReceiptMedianDays: 41,
      orderToReceiptP90Days: 41,
    });
  });

  it('leave out a PO until every line is decided, placing it by its last due day', () => {
    const early = supplierFigures([acme], { from: '2027-02-01', to: '2027-02-28' }, 1, '2027-02-14').get('Acme');
    expect(early).toMatchObject({ lines: 1, purchaseOrders: 0 });
  });
});

describe("a forwarder's receipts", () => {
  it('are on time by the due day plus the grace and in full when at least what the shipment carried', () => {
    expect(
      receiptOtif(
        [
          { receivedOn: '2027-02-11', receivedQty: 5, carriedQty: 5, due: '2027-02-10' },
          { receivedOn: '2027-02-12', receivedQty: 4, carriedQty: 5, due: '2027-02-10' },
          { receivedOn: '2027-02-12', receivedQty: 4, carriedQty: 5, due: null },
        ],
        1,
      ),
    ).toEqual({ receipts: 2, receiptOnTimePercent: 50, receiptInFullPercent: 50, receiptOtifPercent: 50 });
    expect(receiptOtif([], 1)).toEqual({
      receipts: 0,
      receiptOnTimePercent: null,
      receiptInFullPercent: null,
      receiptOtifPercent: null,
    });
  });
});

it('writes the grace into the definition shown on screen', () => {
  expect(supplierScorecardDefinition(2)).toContain('+ 2 days');
  expect(supplierScorecardDefinition(1)).toContain('+ 1 day.');
});
