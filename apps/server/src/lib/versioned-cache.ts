/**
 * Remembers a few answers, each with the data version it was computed at: an answer is served
 * again only at exactly that version (see db/data-version.ts), so it is never stale. The least
 * recently used entry goes first when the cache is full.
 */
export class VersionedCache<Value> {
  readonly #entries = new Map<string, { version: string; value: Value }>();

  constructor(readonly maxEntries: number) {}

  get(key: string, version: string): Value | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.version !== version) return undefined;
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: string, version: string, value: Value) {
    this.#entries.delete(key);
    this.#entries.set(key, { version, value });
    if (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }

  /** The answer remembered at this version, else `compute`'s, remembered. */
  async remember(key: string, version: string, compute: () => Promise<Value>): Promise<Value> {
    const remembered = this.get(key, version);
    if (remembered !== undefined) return remembered;
    const value = await compute();
    this.set(key, version, value);
    return value;
  }

  get size() {
    return this.#entries.size;
  }
}
