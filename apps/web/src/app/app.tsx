import { CssBaseline, ThemeProvider } from '@mui/material';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { BrowserRouter } from 'react-router';
import { ToastProvider } from '../components/toast.tsx';
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

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <BrowserRouter>
        <SessionProvider
          onSignedIn={(user) => prefetchLandingScreen(queryClient, user.email, window.location)}
          onSignedOut={forgetCachedData}
        >
          <SignedInState />
        </SessionProvider>
      </BrowserRouter>
    </ThemeProvider>
  );
}
