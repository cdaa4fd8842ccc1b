import { describe, expect, it } from 'vitest';
import { VersionedCache } from './versioned-cache.ts';

describe('VersionedCache', () => {
  it('serves an answer again only at the version it was computed at', () => {
    const cache = new VersionedCache<string>(10);
    cache.set('page 1', 'v1', 'rows at v1');
    expect(cache.get('page 1', 'v1')).toBe('rows at v1');
    expect(cache.get('page 1', 'v2')).toBeUndefined();
    // A miss at a newer version drops the stale entry.
    expect(cache.get('page 1', 'v1')).toBeUndefined();
    expect(cache.get('page 2', 'v1')).toBeUndefined();
  });

  it('forgets the least recently used entry when full', () => {
    const cache = new VersionedCache<number>(2);
    cache.set('a', 'v', 1);
    cache.set('b', 'v', 2);
    expect(cache.get('a', 'v')).toBe(1);
    cache.set('c', 'v', 3);
    expect(cache.get('b', 'v')).toBeUndefined();
    expect(cache.get('a', 'v')).toBe(1);
    expect(cache.get('c', 'v')).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('computes an answer once per version, and again after a write', async () => {
    const cache = new VersionedCache<number>(2);
    let computed = 0;
    const compute = async () => ++computed;
    expect(await cache.remember('page', 'v1', compute)).toBe(1);
    expect(await cache.remember('page', 'v1', compute)).toBe(1);
    expect(await cache.remember('page', 'v2', compute)).toBe(2);
    expect(computed).toBe(2);
  });
});
