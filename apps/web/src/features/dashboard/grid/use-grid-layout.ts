import { useCallback, useState } from 'react';
import { readStored, writeStored } from '../../../lib/local-storage.ts';
import { dashboardStorageKey } from '../views/table-view.ts';
import { type GridLayout, parseLayout } from './grid-layout.ts';

const layoutKey = (email: string) => dashboardStorageKey(email, 'layout');

/** The user's table layout as this browser keeps it (the prefetch asks for the columns it shows). */
export const readGridLayout = (email: string): GridLayout => parseLayout(readStored(layoutKey(email)));

/** The user's table layout (grid-layout.ts), kept in this browser beside the saved view. */
export function useGridLayout(email: string) {
  const [layout, setLayout] = useState<GridLayout>(() => readGridLayout(email));
  const change = useCallback(
    (next: GridLayout) => {
      setLayout(next);
      writeStored(layoutKey(email), next);
    },
    [email],
  );
  return [layout, change] as const;
}
