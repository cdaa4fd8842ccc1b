import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { cellWithin, type GridCell, type GridSize, movedCell } from './grid-keys.ts';

/** What each cell of the grid carries: one of them is the Tab stop, and each says where it is. */
export type GridCellProps = { tabIndex: number; 'data-row': number; 'data-col': number; onFocus: () => void };

type GridHandlers = {
  /** Enter on a cell (header cells sort; a line item's cells open it or press the control inside). */
  onActivate: (cell: GridCell, element: HTMLElement) => void;
  /** Space on a cell (selects its row). */
  onToggle: (cell: GridCell, element: HTMLElement) => void;
};

const cellAt = (target: EventTarget): GridCell | null => {
  if (!(target instanceof HTMLElement) || target.dataset.row === undefined) return null;
  return { row: Number(target.dataset.row), col: Number(target.dataset.col) };
};

/**
 * Roving focus over a table (the ARIA grid pattern): one cell is the Tab stop, the arrows, Home,
 * End, PageUp and PageDown move it, Enter and Space act on it. The first focus lands on `start`.
 */
export function useGridFocus(size: GridSize, start: GridCell, { onActivate, onToggle }: GridHandlers) {
  const tableRef = useRef<HTMLTableElement>(null);
  const [chosen, setChosen] = useState<GridCell | null>(null);
  const active = cellWithin(chosen ?? start, size);

  const cellElement = (cell: GridCell) =>
    tableRef.current?.querySelector<HTMLElement>(`[data-row="${cell.row}"][data-col="${cell.col}"]`);
  const focusCell = (cell: GridCell) => {
    setChosen(cell);
    cellElement(cell)?.focus();
  };

  // A new page replaces the focused row, and the browser drops the focus to the page's body: it
  // comes back to the same cell of the new rows. Whether the focus was in the table is what the
  // last focus anywhere said (a removed element moves no focus, a dialog a cell opens does).
  const hadFocus = useRef(false);
  useEffect(() => {
    const follow = (event: FocusEvent) => {
      hadFocus.current = tableRef.current?.contains(event.target as Node) ?? false;
    };
    document.addEventListener('focusin', follow);
    return () => document.removeEventListener('focusin', follow);
  }, []);
  useEffect(() => {
    if (hadFocus.current && document.activeElement === document.body) cellElement(active)?.focus();
  });

  const cellProps = (row: number, col: number): GridCellProps => ({
    tabIndex: row === active.row && col === active.col ? 0 : -1,
    'data-row': row,
    'data-col': col,
    onFocus: () => setChosen({ row, col }),
  });

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    // Keys typed in a control inside a cell (or in a dialog it opened) are that control's.
    const cell = cellAt(event.target);
    if (!cell || event.altKey) return;
    const element = event.target as HTMLElement;
    const moved = movedCell(cell, event.key, event.ctrlKey || event.metaKey, size);
    if (moved) {
      event.preventDefault();
      focusCell(moved);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      onActivate(cell, element);
    } else if (event.key === ' ') {
      event.preventDefault();
      onToggle(cell, element);
    }
  };

  return { tableRef, cellProps, onKeyDown };
}
