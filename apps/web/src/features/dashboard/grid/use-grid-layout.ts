import type { Role } from '@quayside/domain/people';
import { useCallback, useMemo, useState } from 'react';
import { readStored, writeStored } from '../../../lib/local-storage.ts';
import { dashboardStorageKey } from '../views/table-view.ts';
import { type GridLayout, parseLayout } from './grid-layout.ts';

const layoutKey = (email: string) => dashboardStorageKey(email, 'layout');

/**
 * The user's table layout as this browser keeps it, or the role's default (the prefetch asks for
 * the columns it shows).
 */
export const readGridLayout = (email: string, role: Role | undefined): GridLayout =>
  parseLayout(readStored(layoutKey(email)), role);

/**
 * The user's table layout (grid-layout.ts), kept in this browser beside the saved view. Until the
 * user changes it, it is the role's default, so it follows the role once the profile has loaded.
 */
export function useGridLayout(email: string, role: Role | undefined) {
  const [chosen, setChosen] = useState<unknown>(() => readStored(layoutKey(email)));
  const change = useCallback(
    (next: GridLayout) => {
      setChosen(next);
      writeStored(layoutKey(email), next);
    },
    [email],
  );
  const layout = useMemo(() => parseLayout(chosen, role), [chosen, role]);
  return [layout, change] as const;
}
