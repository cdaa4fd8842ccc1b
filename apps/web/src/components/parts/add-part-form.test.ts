import { describe, expect, it } from 'vitest';
import { checkAddPartForm } from './add-part-form.ts';

const check = (partNumber: string, quantity: string, listed: string[] = []) =>
  checkAddPartForm({ partNumber, quantity }, listed);

describe('the add-part form (SPEC.md §5)', () => {
  it('adds a trimmed part number with its quantity', () => {
    expect(check('  P-100 ', ' 4 ')).toEqual({
      canAdd: true,
      partNumberError: null,
      part: { part_number: 'P-100', qty: 4 },
    });
  });

  it.each([
    ['', '3'],
    ['   ', '3'],
    ['P-1', ''],
    ['P-1', '  '],
    ['', ''],
  ])('disables Add while a field is empty after trimming (%j, %j)', (partNumber, quantity) => {
    expect(check(partNumber, quantity)).toEqual({ canAdd: false, partNumberError: null, part: null });
  });

  it.each(['0', '-2', '1.5', 'abc'])('keeps Add enabled but adds nothing for quantity %j', (quantity) => {
    expect(check('P-1', quantity)).toEqual({ canAdd: true, partNumberError: null, part: null });
  });

  it('refuses a part number already listed, compared after trimming', () => {
    expect(check(' A-1 ', '2', ['A-1', 'B-2'])).toEqual({
      canAdd: false,
      partNumberError: 'Part A-1 is already on this line item.',
      part: null,
    });
    // Part numbers are case-sensitive, as the server stores them.
    expect(check('a-1', '2', ['A-1']).part).toEqual({ part_number: 'a-1', qty: 2 });
  });
});
