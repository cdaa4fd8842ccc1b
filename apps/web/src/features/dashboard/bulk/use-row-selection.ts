import { useRef, useState } from 'react';
import type { LineItemCountParams } from '../views/table-view.ts';
import {
  isSelected,
  NO_SELECTION,
  pageTick,
  type RowSelection,
  selectRange,
  type TableSelection,
  togglePage,
  toggleRow,
} from './row-selection.ts';

/**
 * The rows chosen on the dashboard, for `query`: a new search or filter chooses rows afresh (what
 * was ticked may no longer match), while paging and sorting keep them (they are not in `query`).
 */
export function useRowSelection(query: LineItemCountParams, pageRows: readonly { _id: string }[]) {
  const queryKey = JSON.stringify(query);
  const [chosen, setChosen] = useState<{ queryKey: string; selection: RowSelection }>({
    queryKey,
    selection: NO_SELECTION,
  });
  const anchor = useRef<string | undefined>(undefined);
  const selection = chosen.queryKey === queryKey ? chosen.selection : NO_SELECTION;
  const setSelection = (next: RowSelection) => setChosen({ queryKey, selection: next });
  const pageIds = pageRows.map((row) => row._id);

  const table: TableSelection = {
    isSelected: (row) => isSelected(selection, row._id),
    onToggle: (row, extend) => {
      setSelection(extend ? selectRange(selection, pageIds, anchor.current, row._id) : toggleRow(selection, row._id));
      anchor.current = row._id;
    },
    page: pageTick(selection, pageIds),
    onTogglePage: () => setSelection(togglePage(selection, pageIds)),
  };
  return { selection, setSelection, table };
}
