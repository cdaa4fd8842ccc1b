import { describe, expect, it } from 'vitest';
import {
  formatQuantity,
  listWithQuantity,
  parseEditedQuantity,
  parseNewQuantity,
  partsTotals,
} from './part-quantities.ts';

describe('quantities as typed (SPEC.md §5)', () => {
  it('takes a new part’s quantity as a whole number of at least 1', () => {
    expect(parseNewQuantity('3')).toBe(3);
    expect(parseNewQuantity(' 12 ')).toBe(12);
    expect(parseNewQuantity('007')).toBe(7);
    for (const text of ['0', '-1', '2.5', '1e3', 'abc', '', '  ', '3 pcs', '1000000001']) {
      expect(parseNewQuantity(text), text).toBeNull();
    }
  });

  it('takes an edited quantity as a whole number of at least 0', () => {
    expect(parseEditedQuantity('0')).toBe(0);
    expect(parseEditedQuantity('1000000000')).toBe(1_000_000_000);
    for (const text of ['', '-1', '1.5', 'x', '1000000001']) expect(parseEditedQuantity(text), text).toBeNull();
  });
});

describe('totals', () => {
  it('counts the parts and adds up the quantities, a missing one as 0', () => {
    expect(partsTotals([{ qty: 2 }, { qty: null }, { qty: 5 }])).toEqual({ totalParts: 3, totalQuantity: 7 });
    expect(partsTotals([])).toEqual({ totalParts: 0, totalQuantity: 0 });
  });

  it('shows a missing quantity as a dash', () => {
    expect(formatQuantity(null)).toBe('—');
    expect(formatQuantity(0)).toBe('0');
  });
});

describe('the list saved after one quantity is edited', () => {
  it('changes that part only, keeps the order, and saves a missing quantity as 0', () => {
    const parts = [
      { part_number: 'A-1', qty: 2 },
      { part_number: 'B-2', qty: null },
      { part_number: 'C-3', qty: 5 },
    ];
    expect(listWithQuantity(parts, 'C-3', 0)).toEqual([
      { part_number: 'A-1', qty: 2 },
      { part_number: 'B-2', qty: 0 },
      { part_number: 'C-3', qty: 0 },
    ]);
  });
});
