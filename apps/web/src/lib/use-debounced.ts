import { useEffect, useState } from 'react';

/** `value`, once it has stayed the same for `delayMs`: typing asks the server once it pauses, not at every key. */
export function useDebounced<T>(value: T, delayMs: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
