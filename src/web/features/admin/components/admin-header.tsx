import { LogOutIcon } from 'lucide-react';
import { useNavigate } from 'react-router';
import { ADMIN_ROLE_LABELS, type AdminProfile } from '#domain/schemas/admin.ts';
import { BrandName } from '#web/components/brand-mark.tsx';
import { ThemeMenu } from '#web/components/theme-menu.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
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
      <div className="border-t px-4 py-2 text-sm sm:hidden">
        <span className="font-medium">{admin.full_name}</span>
        <span className="text-muted-foreground"> · {ADMIN_ROLE_LABELS[admin.role]}</span>
      </div>
    </header>
  );
}
