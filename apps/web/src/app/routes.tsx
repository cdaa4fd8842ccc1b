import { Navigate, Route, Routes } from 'react-router';
import { AnalyticsPage } from '../features/analytics/analytics-page.tsx';
import { AuthScreen } from '../features/auth/auth-screen.tsx';
import { DashboardPage } from '../features/dashboard/dashboard-page.tsx';
import { LineItemPage } from '../features/line-items/line-item-page.tsx';
import { ReportsPage } from '../features/reports/reports-page.tsx';
import { ShipmentPage } from '../features/shipments/shipment-page.tsx';
import { UserManagementPage } from '../features/users/user-management-page.tsx';
import { canManageUsers, canSeeReports } from '../lib/permissions.ts';
import { RequireAuth, RequireRole, SignedOutOnly } from './guards.tsx';
import { AppShell } from './shell/app-shell.tsx';

/** SPEC.md §2 route table. */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/login"
        element={
          <SignedOutOnly>
            <AuthScreen mode="login" />
          </SignedOutOnly>
        }
      />
      <Route
        path="/register"
        element={
          <SignedOutOnly>
            <AuthScreen mode="register" />
          </SignedOutOnly>
        }
      />
      <Route path="/reset-password" element={<AuthScreen mode="reset" />} />
      <Route
        element={
          <RequireAuth>
            <AppShell />
          </RequireAuth>
        }
      >
        <Route index element={<DashboardPage />} />
        <Route path="/line-item/:id" element={<LineItemPage />} />
        <Route path="/shipment-details/:id" element={<ShipmentPage mode="edit" />} />
        <Route path="/create-shipment" element={<ShipmentPage mode="create" />} />
        <Route path="/analytics" element={<AnalyticsPage />} />
        <Route
          path="/user-management"
          element={
            <RequireRole isAllowed={canManageUsers}>
              <UserManagementPage />
            </RequireRole>
          }
        />
        <Route
          path="/reports"
          element={
            <RequireRole isAllowed={canSeeReports}>
              <ReportsPage />
            </RequireRole>
          }
        />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
