import { LogOutIcon } from 'lucide-react';
import { NavLink, useNavigate } from 'react-router';
import { adminRoleSatisfies } from '#domain/permissions.ts';
import { ADMIN_ROLE_LABELS, type AdminProfile } from '#domain/schemas/admin.ts';
import { BrandName } from '#web/components/brand-mark.tsx';
import { ThemeMenu } from '#web/components/theme-menu.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { useAdminSignOut } from '../api/sign-out.ts';
import { ADMIN_LOGIN_PATH } from './admin-guard.tsx';

/** The admin area's top bar: who is signed in and in what role, the theme, and logout (platform §2). */
export function AdminHeader({ admin }: { admin: AdminProfile }) {
  const navigate = useNavigate();
  const signOut = useAdminSignOut();
  return (
    <header className="sticky top-0 z-30 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
        <BrandName className="text-base sm:text-lg" />
        <Badge variant="secondary" className="hidden sm:inline-flex">
          Admin
        </Badge>
        {adminRoleSatisfies(admin.role, 'super_admin') && (
          <nav aria-label="Admin area" className="ml-2 hidden items-center gap-1 md:flex">
            <AdminNavLinks />
          </nav>
        )}
        <div className="ml-auto flex items-center gap-1 sm:gap-3">
          <div className="hidden text-right leading-tight sm:block">
            <p className="font-medium text-sm">{admin.full_name}</p>
            <p className="text-muted-foreground text-xs">{ADMIN_ROLE_LABELS[admin.role]}</p>
          </div>
          <ThemeMenu />
          <Button
            variant="outline"
            size="sm"
            disabled={signOut.isPending}
            onClick={() => signOut.mutateAsync().finally(() => navigate(ADMIN_LOGIN_PATH, { replace: true }))}
          >
            <LogOutIcon aria-hidden="true" />
            Logout
          </Button>
        </div>
      </div>
      <div className="flex items-center justify-between gap-2 border-t px-4 py-2 text-sm md:hidden">
        <p className="sm:hidden">
          <span className="font-medium">{admin.full_name}</span>
          <span className="text-muted-foreground"> · {ADMIN_ROLE_LABELS[admin.role]}</span>
        </p>
        {adminRoleSatisfies(admin.role, 'super_admin') && (
          <nav aria-label="Admin area" className="flex items-center gap-1">
            <AdminNavLinks />
          </nav>
        )}
      </div>
    </header>
  );
}

const NAV = [
  { to: '/admin-allowed', label: 'Businesses' },
  { to: '/admin-allowed/admins', label: 'Admins' },
];

function AdminNavLinks() {
  return NAV.map((item) => (
    <NavLink
      key={item.to}
      to={item.to}
      end
      className={({ isActive }) =>
        cn(
          'rounded-md px-3 py-1.5 font-medium text-sm hover:bg-secondary',
          isActive ? 'bg-secondary text-foreground' : 'text-muted-foreground',
        )
      }
    >
      {item.label}
    </NavLink>
  ));
}
