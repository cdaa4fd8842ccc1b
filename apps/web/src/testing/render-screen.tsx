import { ThemeProvider } from '@mui/material';
import type { Role } from '@quayside/domain/people';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, parsePath, Route, Routes, useLocation } from 'react-router';
import { theme } from '../app/theme.ts';
import { ToastProvider } from '../components/toast.tsx';
import { ProfileProvider } from '../lib/profile.tsx';
import { SessionProvider, useSession } from '../lib/session.tsx';
import { type FakeApi, fakeApi } from './fake-api.ts';

// Renders one screen as the app would for a signed-in user of a role: router, query client,
// session, profile, toasts and theme, with the server answered by fakeApi().

export type ScreenUser = { email: string; role: Role; company: string };

export const ADMIN: ScreenUser = { email: 'admin@napco.example', role: 'Admin', company: 'NAPCO' };
export const EMPLOYEE: ScreenUser = { email: 'employee@napco.example', role: 'Employee', company: 'NAPCO' };
export const FORWARDER: ScreenUser = { email: 'ops@bluefreight.example', role: 'Forwarder', company: 'Blue Freight' };
export const SUPPLIER: ScreenUser = { email: 'sam@acme.example', role: 'Supplier', company: 'Acme Fasteners' };

export type RenderOptions = {
  user?: ScreenUser;
  /** Where the router starts, e.g. '/?q=bolt'. */
  at?: string;
  /** The navigation state the router starts with (what a screen passed to the next). */
  state?: unknown;
  /** The route the screen is mounted on (its `:id` and the like). */
  route?: string;
  /** Answers for the screen's own calls, by 'METHOD /path'. */
  api?: Parameters<typeof fakeApi>[0];
};

/** The router's address, for tests of what a screen puts in the URL. */
function Address() {
  const location = useLocation();
  return <output aria-label="Address">{`${location.pathname}${location.search}`}</output>;
}

function WhenSignedIn({ children }: { children: ReactNode }) {
  const { session } = useSession();
  return session.status === 'signed-in' ? children : null;
}

export function renderScreen(screen: ReactNode, options: RenderOptions = {}): FakeApi {
  const user = options.user ?? ADMIN;
  const api = fakeApi({
    'GET /api/auth/get-session': () => ({ user: { id: `id-${user.email}`, email: user.email, name: user.email } }),
    'GET /api/Peoples': () => ({
      peoples: [
        {
          id: 1,
          email: user.email,
          full_name: user.email,
          role: user.role,
          company_name: user.company,
          department: '',
          fireauth_id: `id-${user.email}`,
          status: 'Active',
        },
      ],
    }),
    ...options.api,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[{ ...parsePath(options.at ?? '/'), state: options.state }]}>
          <SessionProvider onSignedOut={() => {}}>
            <WhenSignedIn>
              <ProfileProvider email={user.email}>
                <ToastProvider>
                  <Routes>
                    <Route path={options.route ?? '/'} element={screen} />
                    <Route path="*" element={null} />
                  </Routes>
                  <Address />
                </ToastProvider>
              </ProfileProvider>
            </WhenSignedIn>
          </SessionProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return api;
}
