import { Navigate, Route, Routes, useLocation } from 'react-router';
import { AdminGuard } from './components/admin-guard.tsx';
import { AdminDashboardPage } from './pages/admin-dashboard-page.tsx';
import { AdminLoginPage } from './pages/admin-login-page.tsx';
import { AdminTeamPage } from './pages/admin-team-page.tsx';

/**
 * The admin area; loaded as its own chunk for /admin/* and /admin-allowed/*. The login answers at both
 * /admin/login and /admin-allowed/login (platform §4 gives both); the dashboard is /admin-allowed, and
 * /admin-allowed/admins lists who has access (super_admin).
 */
export function AdminRoutes() {
  const { pathname } = useLocation();
  const isDashboardArea = pathname.startsWith('/admin-allowed');
  return (
    <Routes>
      <Route path="login" element={<AdminLoginPage />} />
      <Route
        index
        element={
          isDashboardArea ? (
            <AdminGuard>
              <AdminDashboardPage />
            </AdminGuard>
          ) : (
            <Navigate to="/admin-allowed" replace />
          )
        }
      />
      {isDashboardArea && (
        <Route
          path="admins"
          element={
            <AdminGuard requiredRole="super_admin">
              <AdminTeamPage />
            </AdminGuard>
          }
        />
      )}
      <Route
        path="*"
        element={<Navigate to={isDashboardArea ? '/admin-allowed' : '/admin/login'} replace />}
      />
    </Routes>
  );
}
