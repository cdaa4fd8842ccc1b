import type { Person } from '@quayside/domain/people';
import { readStored, removeStored, writeStored } from './local-storage.ts';

/** SPEC.md §3 'Session user data': the profile, cached under a user-data key with a timestamp. */
export const PROFILE_CACHE_KEY = 'user-data';

export type CachedProfile = Person & { timestamp: number; potentiallyStale?: boolean };

/** The cached profile of `email`, if the cache holds that person's (never another user's). */
export function readCachedProfile(email?: string): CachedProfile | null {
  const cached = readStored<CachedProfile>(PROFILE_CACHE_KEY);
  if (!cached || typeof cached.email !== 'string') return null;
  if (email !== undefined && cached.email.toLowerCase() !== email.toLowerCase()) return null;
  return cached;
}

export function writeCachedProfile(profile: Person) {
  writeStored(PROFILE_CACHE_KEY, { ...profile, timestamp: Date.now() });
}

export function clearCachedProfile() {
  removeStored(PROFILE_CACHE_KEY);
}
