// The rows a user has chosen to act on together: ticked rows by id, or every row the
// query matches except those unticked since — which the server resolves from the query, so
// 'all 1,000,000 matching' never sends a million ids.

export type RowSelection = { kind: 'ids'; ids: readonly string[] } | { kind: 'all'; except: readonly string[] };

export const NO_SELECTION: RowSelection = { kind: 'ids', ids: [] };

export const isSelected = (selection: RowSelection, id: string) =>
  selection.kind === 'ids' ? selection.ids.includes(id) : !selection.except.includes(id);

const without = (ids: readonly string[], remove: readonly string[]) => ids.filter((id) => !remove.includes(id));
const withAll = (ids: readonly string[], add: readonly string[]) => [...ids, ...without(add, ids)];

/** Ticks or unticks `ids` together. */
export function setSelected(selection: RowSelection, ids: readonly string[], selected: boolean): RowSelection {
  if (selection.kind === 'ids')
    return { kind: 'ids', ids: selected ? withAll(selection.ids, ids) : without(selection.ids, ids) };
  return { kind: 'all', except: selected ? without(selection.except, ids) : withAll(selection.except, ids) };
}

export const toggleRow = (selection: RowSelection, id: string) =>
  setSelected(selection, [id], !isSelected(selection, id));

/**
 * Shift-click: every row of the page from the last one clicked (`anchor`) to `id` takes the
 * clicked row's new state, as in a mail client.
 */
export function selectRange(
  selection: RowSelection,
  pageIds: readonly string[],
  anchor: string | undefined,
  id: string,
): RowSelection {
  const from = anchor === undefined ? -1 : pageIds.indexOf(anchor);
  const to = pageIds.indexOf(id);
  if (from < 0 || to < 0) return toggleRow(selection, id);
  const range = pageIds.slice(Math.min(from, to), Math.max(from, to) + 1);
  return setSelected(selection, range, !isSelected(selection, id));
}

export type PageTick = 'none' | 'some' | 'all';

/** The checkboxes of the rows and of the page, when the user can act on rows together. */
export type TableSelection = {
  isSelected: (row: { _id: string }) => boolean;
  /** `extend`: Shift was held, so the range from the last clicked row follows. */
  onToggle: (row: { _id: string }, extend: boolean) => void;
  page: PageTick;
  onTogglePage: () => void;
};

/** How much of the page is ticked: the header checkbox shows it. */
export function pageTick(selection: RowSelection, pageIds: readonly string[]): PageTick {
  const ticked = pageIds.filter((id) => isSelected(selection, id)).length;
  if (ticked === 0) return 'none';
  return ticked === pageIds.length ? 'all' : 'some';
}

/** The header checkbox: ticks the page, or unticks it when all of it is ticked. */
export const togglePage = (selection: RowSelection, pageIds: readonly string[]) =>
  setSelected(selection, pageIds, pageTick(selection, pageIds) !== 'all');

/** How many rows are chosen, given how many match (for 'all matching'). */
export const selectedCount = (selection: RowSelection, matching: number) =>
  selection.kind === 'ids' ? selection.ids.length : Math.max(matching - selection.except.length, 0);

export const hasSelection = (selection: RowSelection) => selection.kind === 'all' || selection.ids.length > 0;
