import { RefreshCwIcon, ShieldIcon } from 'lucide-react';
import { formatDateTime } from '#domain/dates.ts';
import { ADMIN_ROLE_LABELS } from '#domain/schemas/admin.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useAdminMe } from '../api/get-admin-me.ts';
import { useInternalAdmins } from '../api/get-internal-admins.ts';
import { AdminHeader } from '../components/admin-header.tsx';

/** /admin-allowed/admins: who can use the admin area (super_admin only; new admins come from admin:create). */
export function AdminTeamPage() {
  const admin = useAdminMe().data;
  const admins = useInternalAdmins();
  if (!admin) return null;
  return (
    <div className="min-h-dvh bg-muted/30">
      <AdminHeader admin={admin} />
      <main className="mx-auto grid max-w-6xl gap-6 px-4 py-6 sm:px-6 sm:py-8">
        <div className="grid gap-1">
          <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Admins</h1>
          <p className="text-muted-foreground">
            Everyone who can sign in to the admin area. New admins are added with{' '}
            <code className="rounded bg-muted px-1 py-0.5 text-sm">npm run admin:create</code>.
          </p>
        </div>
        {admins.isPending ? (
          <Skeleton className="h-40 w-full rounded-xl" />
        ) : admins.isError ? (
          <div className="grid justify-items-center gap-3 rounded-xl border p-8 text-center">
            <p role="alert" className="text-muted-foreground">
              {admins.error.message}
            </p>
            <Button variant="outline" onClick={() => admins.refetch()}>
              <RefreshCwIcon aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : (
          <ul className="grid gap-3" aria-label="Admins">
            {admins.data.map((person) => (
              <li
                key={person.id}
                aria-label={person.full_name}
                className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border bg-card p-4 shadow-xs"
              >
                <ShieldIcon className="size-5 text-primary" aria-hidden="true" />
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <p className="font-semibold">{person.full_name}</p>
                  <p className="truncate text-muted-foreground text-sm">{person.email}</p>
                </div>
                <Badge variant={person.role === 'super_admin' ? 'default' : 'secondary'}>
                  {ADMIN_ROLE_LABELS[person.role]}
                </Badge>
                {!person.is_active && <Badge variant="destructive">Deactivated</Badge>}
                <p className="w-full text-muted-foreground text-xs sm:w-auto">
                  {person.last_login_at
                    ? `Last sign-in ${formatDateTime(person.last_login_at)}`
                    : 'Never signed in'}
                </p>
              </li>
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}
