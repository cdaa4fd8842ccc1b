import { useCallback, useEffect, useState } from 'react';
import { type ListPosition, parsePosition } from './paging.ts';

const positionKey = (email: string) => `quayside.dashboard.${email.trim().toLowerCase() || 'anonymous'}.position`;

/** The page and report tab this browser tab remembers for the user. */
export function readListPosition(email: string): ListPosition {
  try {
    return parsePosition(JSON.parse(window.sessionStorage.getItem(positionKey(email)) ?? 'null'));
  } catch {
    return parsePosition(null);
  }
}

/**
 * The page and report tab, remembered for this browser tab only (session storage): coming back
 * from a line item lands on the same page of the same tab, while a new visit starts at page 1.
 * Not part of the saved view of SPEC.md §3, which lists what is kept across visits.
 */
export function useListPosition(email: string) {
  const key = positionKey(email);
  const [position, setPosition] = useState(() => readListPosition(email));
  useEffect(() => {
    try {
      window.sessionStorage.setItem(key, JSON.stringify(position));
    } catch {
      // Losing it costs a return to page 1, nothing more.
    }
  }, [key, position]);
  const update = useCallback(
    (change: Partial<ListPosition>) => setPosition((current) => ({ ...current, ...change })),
    [],
  );
  return { ...position, update };
}
