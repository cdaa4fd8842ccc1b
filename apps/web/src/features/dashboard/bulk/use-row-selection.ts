import type { LineItem } from '@quayside/domain/line-items';
import { useRef, useState } from 'react';
import type { TableSelection } from '../grid/line-item-table.tsx';
import type { LineItemCountParams } from '../views/table-view.ts';
import {
  isSelected,
  NO_SELECTION,
  pageTick,
  type RowSelection,
  selectRange,
  togglePage,
  toggleRow,
} from './row-selection.ts';

/**
 * The rows chosen on the dashboard, for `query`: a new search or filter chooses rows afresh (what
 * was ticked may no longer match), while paging and sorting keep them (they are not in `query`).
 */
export function useRowSelection(query: LineItemCountParams, pageRows: readonly LineItem[]) {
  const queryKey = JSON.stringify(query);
  const [chosen, setChosen] = useState<{ queryKey: string; selection: RowSelection }>({
    queryKey,
    selection: NO_SELECTION,
  });
  const anchor = useRef<string | undefined>(undefined);
  const selection = chosen.queryKey === queryKey ? chosen.selection : NO_SELECTION;
  const setSelection = (next: RowSelection) => setChosen({ queryKey, selection: next });
  const pageIds = pageRows.map((lineItem) => lineItem._id);

  const table: TableSelection = {
    isSelected: (lineItem) => isSelected(selection, lineItem._id),
    onToggle: (lineItem, extend) => {
      setSelection(
        extend ? selectRange(selection, pageIds, anchor.current, lineItem._id) : toggleRow(selection, lineItem._id),
      );
      anchor.current = lineItem._id;
    },
    page: pageTick(selection, pageIds),
    onTogglePage: () => setSelection(togglePage(selection, pageIds)),
  };
  return { selection, setSelection, table };
}
