import { useSyncExternalStore } from 'react';

// SPEC.md §3 'Flag data changed': set when data is changed, cleared on page unload. Kept in memory,
// so a reload (or leaving the page) clears it by itself.

let dataChanged = false;
const listeners = new Set<() => void>();

export function markDataChanged() {
  dataChanged = true;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useDataChanged = () => useSyncExternalStore(subscribe, () => dataChanged);
