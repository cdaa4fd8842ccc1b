import type { QueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useLayoutEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { AuthScreen } from '../features/auth/auth-screen.tsx';
import { prefetchDashboard } from '../features/dashboard/prefetch-dashboard.ts';
import { removeFirstPaint } from '../lib/first-rows.ts';
import { paths } from '../lib/navigation.ts';
import { isSupplier } from '../lib/permissions.ts';
import { readCachedProfile } from '../lib/profile-cache.ts';
import { ExceptSuppliers, Loading, RequireAuth, RequireRole, SignedOutOnly } from './guards.tsx';
import { mayOpen, type Screen, type ScreenName, screenList } from './screens.ts';

// The sign-in screens are in the first JavaScript; the signed-in frame, the dashboard and every
// other screen are chunks of their own, fetched when first opened, so /login carries none of them.
// A signed-in landing asks for the frame and its screen at once (prefetchLandingScreen).
const loadAppShell = () => import('./shell/app-shell.tsx');
const loadDashboard = () => import('../features/dashboard/dashboard-page.tsx');
const AppShell = lazy(() => loadAppShell().then((module) => ({ default: module.AppShell })));
const DashboardPage = lazy(() => loadDashboard().then((module) => ({ default: module.DashboardPage })));
const BookingsPage = lazy(() =>
  import('../features/bookings/bookings-page.tsx').then((module) => ({ default: module.BookingsPage })),
);
const AlertsPage = lazy(() =>
  import('../features/alerts/alerts-page.tsx').then((module) => ({ default: module.AlertsPage })),
);
const AnalyticsPage = lazy(() =>
  import('../features/analytics/analytics-page.tsx').then((module) => ({ default: module.AnalyticsPage })),
);
const ExceptionRulesPage = lazy(() =>
  import('../features/exception-rules/exception-rules-page.tsx').then((module) => ({
    default: module.ExceptionRulesPage,
  })),
);
const ImportPage = lazy(() =>
  import('../features/import/import-page.tsx').then((module) => ({ default: module.ImportPage })),
);
const loadLineItemPage = () => import('../features/line-items/line-item-page.tsx');
const LineItemPage = lazy(() => loadLineItemPage().then((module) => ({ default: module.LineItemPage })));
const PurchaseOrdersPage = lazy(() =>
  import('../features/purchase-orders/purchase-orders-page.tsx').then((module) => ({
    default: module.PurchaseOrdersPage,
  })),
);
const PurchaseOrderPage = lazy(() =>
  import('../features/purchase-orders/purchase-order-page.tsx').then((module) => ({
    default: module.PurchaseOrderPage,
  })),
);
const RecentlyDeletedPage = lazy(() =>
  import('../features/deletions/recently-deleted-page.tsx').then((module) => ({ default: module.RecentlyDeletedPage })),
);
const ReportsPage = lazy(() =>
  import('../features/reports/reports-page.tsx').then((module) => ({ default: module.ReportsPage })),
);
const ShipmentPage = lazy(() =>
  import('../features/shipments/shipment-page.tsx').then((module) => ({ default: module.ShipmentPage })),
);
const WebhooksPage = lazy(() =>
  import('../features/webhooks/webhooks-page.tsx').then((module) => ({ default: module.WebhooksPage })),
);
const CarrierEventsPage = lazy(() =>
  import('../features/carrier-events/carrier-events-page.tsx').then((module) => ({
    default: module.CarrierEventsPage,
  })),
);
const UserManagementPage = lazy(() =>
  import('../features/users/user-management-page.tsx').then((module) => ({ default: module.UserManagementPage })),
);
const SuppliersPage = lazy(() =>
  import('../features/suppliers/suppliers-page.tsx').then((module) => ({ default: module.SuppliersPage })),
);

/** What each screen of app/screens.ts shows. */
const SCREEN_ELEMENTS: Record<ScreenName, ReactNode> = {
  dashboard: <DashboardPage />,
  purchaseOrders: <PurchaseOrdersPage />,
  bookings: <BookingsPage />,
  import: <ImportPage />,
  reports: <ReportsPage />,
  analytics: <AnalyticsPage />,
  userManagement: <UserManagementPage />,
  suppliers: <SuppliersPage />,
  alerts: <AlertsPage />,
  exceptionRules: <ExceptionRulesPage />,
  webhooks: <WebhooksPage />,
  carrierEvents: <CarrierEventsPage />,
  recentlyDeleted: <RecentlyDeletedPage />,
  lineItem: <LineItemPage />,
  shipment: <ShipmentPage mode="edit" />,
  purchaseOrder: <PurchaseOrderPage />,
  createShipment: <ShipmentPage mode="create" />,
};

/** A screen behind what its role table says: a role it is not for lands elsewhere before it asks the server anything. */
function guarded(screen: Screen, element: ReactNode) {
  if (screen.isAllowed) return <RequireRole isAllowed={(role) => mayOpen(screen, role)}>{element}</RequireRole>;
  return screen.suppliers ? element : <ExceptSuppliers>{element}</ExceptSuppliers>;
}

/**
 * The code and data of the screen the app opens on, asked for as soon as the session names the user
 * rather than once the screen has rendered: the signed-in frame, and the dashboard and its rows when
 * that is where the user lands (not a supplier's contact, which this browser knows by its profile).
 */
export function prefetchLandingScreen(
  queryClient: QueryClient,
  email: string,
  location: Pick<Location, 'pathname' | 'search'>,
) {
  void loadAppShell();
  if (location.pathname !== paths.dashboard || isSupplier(readCachedProfile(email)?.role)) return;
  void loadDashboard();
  prefetchDashboard(queryClient, email, location.search);
  // What a row opens, once the dashboard has settled, so opening one waits only for its data.
  whenIdle(() => void loadLineItemPage());
}

/** After the browser has nothing else to do (at most a few seconds from now). */
function whenIdle(work: () => void) {
  if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout: 3000 });
  else setTimeout(work, 1000);
}

/** The server's drawing of the first rows is the dashboard's: any other screen takes it away. */
function FirstPaintOnDashboardOnly() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    if (pathname !== paths.dashboard) removeFirstPaint();
  }, [pathname]);
  return null;
}

/** SPEC.md §2 route table. */
export function AppRoutes() {
  return (
    <Suspense fallback={<Loading />}>
      <FirstPaintOnDashboardOnly />
      <Routes>
        <Route
          path={paths.login}
          element={
            <SignedOutOnly>
              <AuthScreen mode="login" />
            </SignedOutOnly>
          }
        />
        <Route
          path={paths.register}
          element={
            <SignedOutOnly>
              <AuthScreen mode="register" />
            </SignedOutOnly>
          }
        />
        <Route path={paths.resetPassword} element={<AuthScreen mode="reset" />} />
        <Route path={paths.verifyEmail} element={<AuthScreen mode="verify" />} />
        <Route
          path={paths.setup}
          element={
            <SignedOutOnly>
              <AuthScreen mode="setup" />
            </SignedOutOnly>
          }
        />
        <Route
          element={
            <RequireAuth>
              <AppShell />
            </RequireAuth>
          }
        >
          {screenList.map(([name, screen]) => (
            <Route key={name} path={screen.path} element={guarded(screen, SCREEN_ELEMENTS[name])} />
          ))}
          <Route path="*" element={<Navigate to={paths.dashboard} replace />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
