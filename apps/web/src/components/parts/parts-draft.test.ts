import { describe, expect, it } from 'vitest';
import { isQuantityInvalid, partsDraftReducer, partsToSave, startPartsDraft } from './parts-draft.ts';

const stored = [
  { part_number: 'A-1', qty: 2 },
  { part_number: 'B-2', qty: null },
];

describe('the Parts Info draft (SPEC.md §4)', () => {
  it('starts clean, showing a missing quantity as the 0 it would be saved as', () => {
    expect(startPartsDraft(stored)).toEqual({
      parts: [
        { part_number: 'A-1', quantity: '2' },
        { part_number: 'B-2', quantity: '0' },
      ],
      isDirty: false,
      storedPartNumbers: ['A-1', 'B-2'],
    });
  });

  it('is changed by adding a part, appended at the end', () => {
    const draft = partsDraftReducer(startPartsDraft(stored), { type: 'add', part: { part_number: 'C-3', qty: 7 } });
    expect(draft.isDirty).toBe(true);
    expect(draft.parts.at(-1)).toEqual({ part_number: 'C-3', quantity: '7' });
    expect(partsToSave(draft)).toEqual([
      { part_number: 'A-1', qty: 2 },
      { part_number: 'B-2', qty: 0 },
      { part_number: 'C-3', qty: 7 },
    ]);
  });

  it('is changed by editing a quantity, even back to what it was (the spec’s flag, not a diff)', () => {
    const edited = partsDraftReducer(startPartsDraft(stored), {
      type: 'set-quantity',
      partNumber: 'A-1',
      quantity: '2',
    });
    expect(edited.isDirty).toBe(true);
    expect(edited.parts[0]).toEqual({ part_number: 'A-1', quantity: '2' });
  });

  it('cannot be saved while a quantity is empty, negative or not whole', () => {
    for (const quantity of ['', '-1', '1.5']) {
      const draft = partsDraftReducer(startPartsDraft(stored), { type: 'set-quantity', partNumber: 'B-2', quantity });
      expect(isQuantityInvalid(quantity)).toBe(true);
      expect(partsToSave(draft), quantity).toBeNull();
    }
    expect(isQuantityInvalid('0')).toBe(false);
  });

  it('is clean again with the stored list once saved', () => {
    const dirty = partsDraftReducer(startPartsDraft(stored), { type: 'add', part: { part_number: 'C-3', qty: 1 } });
    const saved = partsDraftReducer(dirty, {
      type: 'saved',
      parts: [...stored, { part_number: 'C-3', qty: 1 }],
    });
    expect(saved.isDirty).toBe(false);
    expect(saved.parts).toHaveLength(3);
  });

  it('gives an empty list to save when there are no parts (the caller says so)', () => {
    expect(partsToSave(startPartsDraft([]))).toEqual([]);
  });
});
