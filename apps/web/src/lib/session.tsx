import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { onUnauthenticated } from './api.ts';
import { fetchSessionUser, type SessionUser, signOutOfServer } from './auth-client.ts';
import { removeStored, writeStored } from './local-storage.ts';
import { clearCachedProfile } from './profile-cache.ts';

/** SPEC.md §4: the current user is re-read every 5 seconds to pick up changes. */
export const SESSION_POLL_MS = 5000;
const AUTHENTICATED_FLAG = 'isAuthenticated';

export type SessionState =
  | { status: 'loading' }
  /** `byUser`: they signed out themselves, so the next person is not brought back to their page. */
  | { status: 'signed-out'; byUser?: boolean }
  | { status: 'signed-in'; user: SessionUser };

type SessionContextValue = {
  session: SessionState;
  /** Reads the session again (after signing in or registering). */
  refresh: () => Promise<SessionState>;
  signOut: () => Promise<void>;
};

const SessionContext = createContext<SessionContextValue | null>(null);

const isSameUser = (known: SessionUser | null, user: SessionUser) =>
  known !== null && known.id === user.id && known.email === user.email;

type SessionProviderProps = {
  children: ReactNode;
  /** A user is signed in (on start-up, after signing in, or another user): called before the app renders for them. */
  onSignedIn?: (user: SessionUser) => void;
  onSignedOut: () => void;
};

/**
 * Knows who is signed in, from the server's session alone. A deleted or disabled account or an
 * expired session is noticed by the poll (or by any API call answering 401) and signed out, and
 * `onSignedOut` clears what this browser kept of that user.
 */
export function SessionProvider({ children, onSignedIn, onSignedOut }: SessionProviderProps) {
  const [session, setSession] = useState<SessionState>({ status: 'loading' });
  const signedInCallback = useRef(onSignedIn);
  signedInCallback.current = onSignedIn;
  const signedOutCallback = useRef(onSignedOut);
  signedOutCallback.current = onSignedOut;
  const knownUser = useRef<SessionUser | null>(null);

  const forgetUser = useCallback((byUser = false) => {
    knownUser.current = null;
    removeStored(AUTHENTICATED_FLAG);
    clearCachedProfile();
    signedOutCallback.current();
    setSession({ status: 'signed-out', byUser });
  }, []);

  const refresh = useCallback(async (): Promise<SessionState> => {
    const user = await fetchSessionUser();
    if (!user) {
      forgetUser();
      return { status: 'signed-out' };
    }
    writeStored(AUTHENTICATED_FLAG, true);
    const next: SessionState = { status: 'signed-in', user };
    setSession((current) => (current.status === 'signed-in' && isSameUser(current.user, user) ? current : next));
    if (!isSameUser(knownUser.current, user)) {
      knownUser.current = user;
      try {
        signedInCallback.current?.(user);
      } catch (error) {
        // Only an early start of some loading: the session itself stands.
        console.error('The signed-in callback failed', error);
      }
    }
    return next;
  }, [forgetUser]);

  const signOut = useCallback(async () => {
    try {
      await signOutOfServer();
    } catch (error) {
      console.error('Sign-out failed', error); // SPEC.md §8: a logout failure is logged only.
    }
    forgetUser(true);
  }, [forgetUser]);

  // A network failure keeps the current state: only the server saying "no session" signs out.
  const recheck = useCallback(() => {
    refresh().catch((error) => console.warn('Could not re-read the session', error));
  }, [refresh]);

  useEffect(() => {
    refresh().catch(() => setSession({ status: 'signed-out' }));
  }, [refresh]);

  const isSignedIn = session.status === 'signed-in';
  useEffect(() => {
    if (!isSignedIn) return;
    const timer = window.setInterval(recheck, SESSION_POLL_MS);
    const stopListening = onUnauthenticated(recheck);
    return () => {
      window.clearInterval(timer);
      stopListening();
    };
  }, [isSignedIn, recheck]);

  const value = useMemo(() => ({ session, refresh, signOut }), [session, refresh, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession() {
  const context = useContext(SessionContext);
  if (!context) throw new Error('useSession needs a SessionProvider');
  return context;
}

/** The signed-in user; only for screens behind the sign-in guard. */
export function useSignedInUser(): SessionUser {
  const { session } = useSession();
  if (session.status !== 'signed-in') throw new Error('useSignedInUser outside the sign-in guard');
  return session.user;
}
