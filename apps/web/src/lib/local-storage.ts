// Local storage that never throws: a full or disabled storage (private windows) must not break the app.

export function readStored<T>(key: string): T | null {
  try {
    const text = window.localStorage.getItem(key);
    return text === null ? null : (JSON.parse(text) as T);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: unknown) {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage is a cache here: losing a write costs a refetch, nothing more.
  }
}

export function removeStored(key: string) {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // See writeStored.
  }
}
