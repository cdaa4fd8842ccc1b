import { describe, expect, it } from 'vitest';
import {
  hasSelection,
  isSelected,
  NO_SELECTION,
  pageTick,
  type RowSelection,
  selectedCount,
  selectRange,
  togglePage,
  toggleRow,
} from './row-selection.ts';

const page = ['a', 'b', 'c', 'd', 'e'];

describe('choosing rows', () => {
  it('ticks and unticks rows by id', () => {
    const one = toggleRow(NO_SELECTION, 'b');
    expect(isSelected(one, 'b')).toBe(true);
    expect(isSelected(one, 'a')).toBe(false);
    expect(toggleRow(one, 'b')).toEqual(NO_SELECTION);
    expect(hasSelection(NO_SELECTION)).toBe(false);
    expect(hasSelection(one)).toBe(true);
  });

  it("extends from the last clicked row with Shift, to the clicked row's new state", () => {
    const fromB = selectRange(toggleRow(NO_SELECTION, 'b'), page, 'b', 'd');
    expect(page.filter((id) => isSelected(fromB, id))).toEqual(['b', 'c', 'd']);
    const upward = selectRange(fromB, page, 'd', 'c');
    expect(page.filter((id) => isSelected(upward, id))).toEqual(['b']);
    expect(selectRange(NO_SELECTION, page, undefined, 'c')).toEqual({ kind: 'ids', ids: ['c'] });
  });

  it('ticks the page from its header, and unticks it when all of it is ticked', () => {
    expect(pageTick(NO_SELECTION, page)).toBe('none');
    expect(pageTick(toggleRow(NO_SELECTION, 'a'), page)).toBe('some');
    const all = togglePage(toggleRow(NO_SELECTION, 'a'), page);
    expect(pageTick(all, page)).toBe('all');
    expect(pageTick(togglePage(all, page), page)).toBe('none');
  });

  it('chooses all matching rows without their ids, minus those unticked', () => {
    const everything: RowSelection = { kind: 'all', except: [] };
    expect(selectedCount(everything, 1_000_000)).toBe(1_000_000);
    const lessOne = toggleRow(everything, 'c');
    expect(lessOne).toEqual({ kind: 'all', except: ['c'] });
    expect(isSelected(lessOne, 'c')).toBe(false);
    expect(isSelected(lessOne, 'zz')).toBe(true);
    expect(selectedCount(lessOne, 1_000_000)).toBe(999_999);
    expect(pageTick(lessOne, page)).toBe('some');
    expect(toggleRow(lessOne, 'c')).toEqual(everything);
  });
});
