import { describe, expect, it } from 'vitest';
import { poDetail } from '../../testing/purchase-order-fixture.ts';
import { bookingDraftOf, bookingRequestOf, leftToBook } from './request-booking-form.ts';

describe('a booking request’s form', () => {
  it('offers each line what is left of it, never below 0', () => {
    expect(leftToBook({ ordered_qty: 100, booked_qty: 20, shipped_qty: 30 })).toBe(50);
    expect(leftToBook({ ordered_qty: 100, booked_qty: 60, shipped_qty: 80 })).toBe(0);
    expect(leftToBook({ ordered_qty: null, booked_qty: 0, shipped_qty: 0 })).toBe(0);
    const draft = bookingDraftOf(poDetail());
    expect(draft.cargoReadyDate).toBe('2026-10-01');
    expect(draft.lines.map((line) => line.qty)).toEqual(['20', '30']);
  });

  it('sends only the lines given a quantity, and empty measures as none', () => {
    const draft = { ...bookingDraftOf(poDetail()), mode: 'SEA' as const, origin: ' CNSHA ' };
    draft.lines = draft.lines.map((line) => ({ ...line, qty: line.line_number === 1 ? '0' : line.qty }));
    expect(bookingRequestOf('PO-1', draft)).toEqual({
      value: {
        po_number: 'PO-1',
        cargo_ready_date: '2026-10-01',
        lines: [{ line_number: 2, qty: 30 }],
        packages: null,
        weight_kg: null,
        volume_cbm: null,
        origin: 'CNSHA',
        mode: 'SEA',
        note: '',
      },
    });
  });

  it('says what is missing or wrong before asking the server', () => {
    const draft = bookingDraftOf(poDetail());
    expect(bookingRequestOf('PO-1', { ...draft, mode: 'SEA', lines: [] })).toEqual({
      problem: 'Give at least one line a quantity to book.',
    });
    expect(bookingRequestOf('PO-1', draft)).toEqual({ problem: 'Choose a mode.' });
    const fractional = { ...draft, mode: 'AIR' as const, lines: [{ line_number: 2, sku: 'NUT-10', qty: '1.5' }] };
    expect(bookingRequestOf('PO-1', fractional)).toEqual({ problem: expect.stringMatching(/^Line 2: /) });
    expect(bookingRequestOf('PO-1', { ...draft, mode: 'AIR', weight: '-1' })).toEqual({
      problem: 'Weight must not be negative.',
    });
  });
});
