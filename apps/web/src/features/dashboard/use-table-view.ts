import { useEffect, useState } from 'react';
import { readStored, writeStored } from '../../lib/local-storage.ts';
import { parseStoredView, TABLE_VIEW_FIELDS, type TableView, tableViewStorageKey } from './table-view.ts';

/** The user's saved table view as local storage holds it now. */
export const readTableView = (email: string): TableView =>
  parseStoredView((field) => readStored(tableViewStorageKey(email, field)));

/**
 * The signed-in user's saved table view (SPEC.md §3), read once from local storage and written
 * back on every change. Mount it per user (key it by e-mail) so a new user starts from their own.
 */
export function useTableView(email: string) {
  const [view, setView] = useState<TableView>(() => readTableView(email));
  useEffect(() => {
    for (const field of TABLE_VIEW_FIELDS) writeStored(tableViewStorageKey(email, field), view[field]);
  }, [email, view]);
  return [view, setView] as const;
}
