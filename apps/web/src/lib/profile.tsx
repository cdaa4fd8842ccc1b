import type { Person } from '@quayside/domain/people';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { call } from './api.ts';
import { type CachedProfile, clearCachedProfile, readCachedProfile, writeCachedProfile } from './profile-cache.ts';

export const PROFILE_FETCH_FAILED = 'Failed to fetch user data';
export const PROFILE_REFRESH_FAILED = 'Failed to refresh user data';
const PROFILE_RETRY_MS = 5000;

export type ProfileState = {
  status: 'loading' | 'error' | 'loaded';
  profile: (Person & { potentiallyStale?: boolean }) | null;
  error: string | null;
};

type ProfileContextValue = ProfileState & { refresh: () => Promise<void> };

const ProfileContext = createContext<ProfileContextValue | null>(null);

async function fetchProfile(email: string): Promise<Person | null> {
  // The e-mail is trimmed and URL-encoded for the lookup (SPEC.md §5).
  const { peoples } = await call('listPeople', { query: { email: email.trim() } });
  return peoples.find((person) => person.email.toLowerCase() === email.trim().toLowerCase()) ?? null;
}

const fromCache = (cached: CachedProfile | null, potentiallyStale: boolean) =>
  cached ? { ...cached, potentiallyStale } : null;

/**
 * SPEC.md §4 'Profile loader': the cached profile first, then the fresh one, which replaces the
 * cache. If the fetch fails, the cached profile stays, marked potentially stale. No e-mail (signed
 * out): profile and cache cleared.
 */
export function ProfileProvider({ email, children }: { email: string | null; children: ReactNode }) {
  const [state, setState] = useState<ProfileState>(() => ({
    status: 'loading',
    profile: email ? fromCache(readCachedProfile(email), false) : null,
    error: null,
  }));

  const load = useCallback(
    async (failureMessage: string) => {
      if (!email) {
        clearCachedProfile();
        setState({ status: 'loaded', profile: null, error: null });
        return;
      }
      try {
        const profile = await fetchProfile(email);
        if (profile) writeCachedProfile(profile);
        else clearCachedProfile();
        setState({ status: 'loaded', profile, error: null });
      } catch (error) {
        console.error(failureMessage, error);
        const cached = fromCache(readCachedProfile(email), true);
        // SPEC.md §4: permissions may then come from stale data, which is worth a warning.
        if (cached) console.warn('Using the cached user data; it may be stale.');
        setState({ status: 'error', profile: cached, error: failureMessage });
      }
    },
    [email],
  );

  useEffect(() => {
    setState({ status: 'loading', profile: email ? fromCache(readCachedProfile(email), false) : null, error: null });
    void load(PROFILE_FETCH_FAILED);
  }, [email, load]);

  // SPEC.md §4: while the profile is missing, a refresh is requested (and editing denied meanwhile),
  // so a failed first fetch does not leave the user without a role until they reload.
  const isMissing = state.status === 'error' && state.profile === null;
  useEffect(() => {
    if (!isMissing) return;
    const timer = window.setTimeout(() => void load(PROFILE_FETCH_FAILED), PROFILE_RETRY_MS);
    return () => window.clearTimeout(timer);
  }, [isMissing, load]);

  const refresh = useCallback(() => load(PROFILE_REFRESH_FAILED), [load]);
  const value = useMemo(() => ({ ...state, refresh }), [state, refresh]);
  return <ProfileContext.Provider value={value}>{children}</ProfileContext.Provider>;
}

export function useProfile() {
  const context = useContext(ProfileContext);
  if (!context) throw new Error('useProfile needs a ProfileProvider');
  return context;
}
