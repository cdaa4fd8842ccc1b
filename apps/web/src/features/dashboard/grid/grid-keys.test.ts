import { describe, expect, it } from 'vitest';
import { cellWithin, movedCell } from './grid-keys.ts';

const size = { rows: 26, cols: 11 };

describe('moving the focus in the grid', () => {
  it('moves by the arrows and stops at the edges', () => {
    expect(movedCell({ row: 3, col: 4 }, 'ArrowUp', false, size)).toEqual({ row: 2, col: 4 });
    expect(movedCell({ row: 3, col: 4 }, 'ArrowDown', false, size)).toEqual({ row: 4, col: 4 });
    expect(movedCell({ row: 3, col: 4 }, 'ArrowLeft', false, size)).toEqual({ row: 3, col: 3 });
    expect(movedCell({ row: 3, col: 4 }, 'ArrowRight', false, size)).toEqual({ row: 3, col: 5 });
    expect(movedCell({ row: 0, col: 0 }, 'ArrowUp', false, size)).toEqual({ row: 0, col: 0 });
    expect(movedCell({ row: 25, col: 10 }, 'ArrowDown', false, size)).toEqual({ row: 25, col: 10 });
    expect(movedCell({ row: 25, col: 10 }, 'ArrowRight', false, size)).toEqual({ row: 25, col: 10 });
  });

  it('goes to the row ends, and with Ctrl to the grid ends', () => {
    expect(movedCell({ row: 3, col: 4 }, 'Home', false, size)).toEqual({ row: 3, col: 0 });
    expect(movedCell({ row: 3, col: 4 }, 'End', false, size)).toEqual({ row: 3, col: 10 });
    expect(movedCell({ row: 3, col: 4 }, 'Home', true, size)).toEqual({ row: 0, col: 0 });
    expect(movedCell({ row: 3, col: 4 }, 'End', true, size)).toEqual({ row: 25, col: 10 });
  });

  it('pages ten rows, not from the rows up into the header', () => {
    expect(movedCell({ row: 3, col: 2 }, 'PageDown', false, size)).toEqual({ row: 13, col: 2 });
    expect(movedCell({ row: 20, col: 2 }, 'PageDown', false, size)).toEqual({ row: 25, col: 2 });
    expect(movedCell({ row: 15, col: 2 }, 'PageUp', false, size)).toEqual({ row: 5, col: 2 });
    expect(movedCell({ row: 3, col: 2 }, 'PageUp', false, size)).toEqual({ row: 1, col: 2 });
    expect(movedCell({ row: 0, col: 2 }, 'PageUp', false, size)).toEqual({ row: 0, col: 2 });
  });

  it('leaves other keys alone', () => {
    expect(movedCell({ row: 3, col: 4 }, 'Enter', false, size)).toBeNull();
    expect(movedCell({ row: 3, col: 4 }, 'a', false, size)).toBeNull();
  });

  it('keeps the focusable cell inside a smaller table', () => {
    expect(cellWithin({ row: 30, col: 12 }, size)).toEqual({ row: 25, col: 10 });
    expect(cellWithin({ row: 5, col: 2 }, { rows: 1, cols: 11 })).toEqual({ row: 0, col: 2 });
  });
});
