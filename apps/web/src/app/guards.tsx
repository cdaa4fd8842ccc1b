import { Box, CircularProgress } from '@mui/material';
import type { Role } from '@quayside/domain/people';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../lib/navigation.ts';
import { useProfile } from '../lib/profile.tsx';
import { useSession } from '../lib/session.tsx';
import { useIsSupplier } from '../lib/use-is-supplier.ts';
import { landingOf } from './screens.ts';

export type FromState = { from?: { pathname: string; search: string; hash: string } };

export function Loading() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}

/**
 * Signed-in pages: anyone else goes to /login, which brings them back here after signing in;
 * not after a sign-out of their own, when the page (and the dashboard view in its address) was
 * the previous user's.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <Loading />;
  if (session.status === 'signed-out') {
    if (session.byUser) return <Navigate to={paths.login} replace />;
    const state: FromState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return children;
}

/** A page some roles may not see: they land where their role starts. Waits for the role to be known. */
export function RequireRole({ isAllowed, children }: { isAllowed: (role: Role) => boolean; children: ReactNode }) {
  const { profile, status } = useProfile();
  if (!profile) return status === 'loading' ? <Loading /> : <Navigate to={paths.dashboard} replace />;
  return isAllowed(profile.role) ? children : <Navigate to={landingOf(profile.role)} replace />;
}

/**
 * A page every role but a supplier's contact sees: the contact lands on its purchase orders, before
 * the page asks the server anything it would refuse. Waits only while this browser has no profile yet.
 */
export function ExceptSuppliers({ children }: { children: ReactNode }) {
  const isSupplierContact = useIsSupplier();
  if (isSupplierContact === undefined) return <Loading />;
  return isSupplierContact ? <Navigate to={paths.purchaseOrders} replace /> : children;
}

/** The login and register screens are for signed-out visitors; a signed-in one goes where they were headed. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <Loading />;
  if (session.status === 'signed-in') {
    const from = (location.state as FromState | null)?.from;
    return <Navigate to={from ? `${from.pathname}${from.search}${from.hash}` : paths.dashboard} replace />;
  }
  return children;
}
