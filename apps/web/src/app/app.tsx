import { CssBaseline, ThemeProvider } from '@mui/material';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { lazy, Suspense } from 'react';
import { BrowserRouter, useMatch } from 'react-router';
import { ToastProvider } from '../components/toast.tsx';
import { paths } from '../lib/navigation.ts';
import { ProfileProvider } from '../lib/profile.tsx';
import { SessionProvider, useSession } from '../lib/session.tsx';
import { Loading } from './guards.tsx';
import { CACHE_TIME_MS, forgetCachedData, queryClient, queryPersister, shouldPersistQuery } from './query-client.ts';
import { AppRoutes, prefetchLandingScreen } from './routes.tsx';
import { theme } from './theme.ts';

/** Renders the app once the first authentication state is known, with that user's cache and profile. */
function SignedInState() {
  const { session } = useSession();
  if (session.status === 'loading') return <Loading />;
  const email = session.status === 'signed-in' ? session.user.email : null;
  return (
    <PersistQueryClientProvider
      // A new user gets a fresh restore; the buster discards a cache saved for anyone else.
      key={email ?? 'anonymous'}
      client={queryClient}
      persistOptions={{
        persister: queryPersister,
        maxAge: CACHE_TIME_MS,
        buster: email ?? 'anonymous',
        dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
      }}
    >
      <ProfileProvider email={email}>
        <ToastProvider>
          <AppRoutes />
        </ToastProvider>
      </ProfileProvider>
    </PersistQueryClientProvider>
  );
}

const PublicTrackingPage = lazy(() =>
  import('../features/tracking/public-tracking-page.tsx').then((module) => ({ default: module.PublicTrackingPage })),
);

/**
 * A shared tracking link is anyone's: its page is drawn outside the session, which is never asked
 * for (nor the profile, nor this browser's stored cache), so it neither waits for one nor sends
 * its visitor to sign in. Every other address is the signed-in app's, or its sign-in screens.
 */
function PublicOrSessionPages() {
  const tracking = useMatch(paths.trackingPattern);
  if (tracking) {
    return (
      <Suspense fallback={<Loading />}>
        <PublicTrackingPage token={tracking.params.token ?? ''} />
      </Suspense>
    );
  }
  return (
    <SessionProvider
      onSignedIn={(user) => prefetchLandingScreen(queryClient, user.email, window.location)}
      onSignedOut={forgetCachedData}
    >
      <SignedInState />
    </SessionProvider>
  );
}

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <BrowserRouter>
        <PublicOrSessionPages />
      </BrowserRouter>
    </ThemeProvider>
  );
}
