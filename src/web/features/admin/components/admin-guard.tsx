import { RefreshCwIcon, ShieldAlertIcon, ShieldCheckIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { type AdminRole, adminRoleSatisfies } from '#domain/permissions.ts';
import { ADMIN_ROLE_LABELS } from '#domain/schemas/admin.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useAdminMe } from '../api/get-admin-me.ts';

export const ADMIN_LOGIN_PATH = '/admin/login';

/**
 * platform §2 "Admin guard": 'Verifying access...' while the session is checked, the admin login when signed
 * out, Access Denied with the required and the actual role when the role falls short.
 */
export function AdminGuard({
  requiredRole = 'admin',
  children,
}: {
  requiredRole?: AdminRole;
  children: ReactNode;
}) {
  const me = useAdminMe();
  if (me.isPending) {
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-3 p-6 text-muted-foreground">
        <ShieldCheckIcon className="size-8 text-primary" aria-hidden="true" />
        <p className="flex items-center gap-2" role="status">
          <Spinner label="Verifying access" className="size-4" />
          Verifying access...
        </p>
      </main>
    );
  }
  if (me.isError && me.data === undefined) {
    return (
      <main className="flex min-h-dvh items-center justify-center p-6">
        <div className="grid max-w-md justify-items-center gap-4 text-center">
          <p role="alert" className="text-muted-foreground">
            {me.error.message}
          </p>
          <Button onClick={() => me.refetch()} disabled={me.isFetching}>
            <RefreshCwIcon aria-hidden="true" />
            Try again
          </Button>
        </div>
      </main>
    );
  }
  if (!me.data) return <Navigate to={ADMIN_LOGIN_PATH} replace />;
  if (!adminRoleSatisfies(me.data.role, requiredRole)) {
    return <AccessDenied required={requiredRole} actual={me.data.role} />;
  }
  return children;
}

function AccessDenied({ required, actual }: { required: AdminRole; actual: AdminRole }) {
  return (
    <main className="flex min-h-dvh items-center justify-center p-6">
      <div className="grid w-full max-w-md justify-items-center gap-4 rounded-2xl border bg-card p-8 text-center shadow-sm">
        <div className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <ShieldAlertIcon className="size-7" aria-hidden="true" />
        </div>
        <h1 className="font-semibold text-2xl">Access Denied</h1>
        <p className="text-muted-foreground">
          This page requires the <strong className="text-foreground">{ADMIN_ROLE_LABELS[required]}</strong>{' '}
          role. Your role is <strong className="text-foreground">{ADMIN_ROLE_LABELS[actual]}</strong>.
        </p>
        <Button asChild variant="outline">
          <Link to="/admin-allowed">Back to the dashboard</Link>
        </Button>
      </div>
    </main>
  );
}
