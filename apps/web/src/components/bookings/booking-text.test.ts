import { describe, expect, it } from 'vitest';
import { linesText } from './booking-text.ts';

describe('a booking’s lines in words', () => {
  it('names each line by its SKU, or its number when it has none, with the quantity booked', () => {
    expect(
      linesText({
        lines: [
          { line_number: 1, sku: 'A-1', description: '', qty: 60 },
          { line_number: 2, sku: '', description: '', qty: 20 },
        ],
      }),
    ).toBe('A-1 × 60, Line 2 × 20');
  });
});
