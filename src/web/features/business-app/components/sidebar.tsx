import { ArrowLeftRightIcon, LogOutIcon } from 'lucide-react';
import { NavLink } from 'react-router';
import type { Me } from '#domain/schemas/auth.ts';
import { BrandLogo } from '#web/components/brand-mark.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { type BusinessAppRoute, sidebarRoutes, useBusinessAppPages } from '#web/lib/app-routes.tsx';
import { cn } from '#web/lib/cn.ts';
import { businessAccessUrl, isSingleBusinessMode } from '#web/lib/tenancy.ts';
import { initialsOf, roleLabel } from './user-initials.ts';

type SidebarProps = {
  me: Me;
  onNavigate?: () => void;
  onSignOut: () => void;
  isSigningOut: boolean;
};

function linkClass({ isActive }: { isActive: boolean }) {
  return cn(
    'flex min-h-10 items-center gap-3 rounded-lg px-3 py-2 font-medium text-sm transition-colors',
    'text-foreground/80 hover:bg-secondary hover:text-secondary-foreground',
    isActive && 'bg-primary text-primary-foreground hover:bg-primary/90 hover:text-primary-foreground',
  );
}

/** platform §2 "Sidebar": the pages this person may open, the business, who is signed in, Sign Out. */
export function SidebarContent({ me, onNavigate, onSignOut, isSigningOut }: SidebarProps) {
  const routes = sidebarRoutes(me, useBusinessAppPages().routes);
  const topLevel = routes.filter((route) => typeof route.sidebar !== 'object');
  const childrenOf = (parent: BusinessAppRoute) =>
    routes.filter((route) => typeof route.sidebar === 'object' && route.sidebar.under === parent.path);

  return (
    <div className="flex h-full flex-col bg-card text-card-foreground">
      <div className="flex h-16 items-center gap-3 border-b px-4">
        <BrandLogo className="size-9" />
        <div className="min-w-0">
          <p className="truncate font-semibold" title={me.business.name}>
            {me.business.name}
          </p>
          <p className="text-muted-foreground text-xs">Business Dashboard</p>
        </div>
      </div>
      <nav aria-label="Business" className="flex-1 overflow-y-auto p-3">
        <ul className="grid gap-1">
          {topLevel.map((route) => (
            <li key={route.path}>
              <NavLink to={`/app/${route.path}`} className={linkClass} onClick={onNavigate}>
                <route.icon className="size-5" aria-hidden="true" />
                {route.label}
              </NavLink>
              {childrenOf(route).length > 0 && (
                <ul className="mt-1 ml-5 grid gap-1 border-l pl-3">
                  {childrenOf(route).map((child) => (
                    <li key={child.path}>
                      <NavLink to={`/app/${child.path}`} className={linkClass} onClick={onNavigate}>
                        <child.icon className="size-4" aria-hidden="true" />
                        {child.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <div className="border-t p-3">
        <NavLink
          to="/app/profile"
          onClick={onNavigate}
          className="flex items-center gap-3 rounded-lg p-2 hover:bg-secondary"
          aria-label={`${me.user.full_name}, ${roleLabel(me.role)}: my profile`}
        >
          <span
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground text-sm"
            aria-hidden="true"
          >
            {initialsOf(me.user.first_name, me.user.last_name)}
          </span>
          <span className="min-w-0">
            <span className="block truncate font-medium text-sm">{me.user.full_name}</span>
            <span className="block text-muted-foreground text-xs">{roleLabel(me.role)}</span>
          </span>
        </NavLink>
        <Button
          variant="ghost"
          className="mt-2 w-full justify-start"
          onClick={onSignOut}
          disabled={isSigningOut}
        >
          <LogOutIcon aria-hidden="true" />
          Sign Out
        </Button>
        {!isSingleBusinessMode() && (
          // A full page load: the business of a page is chosen when it loads (lib/tenancy.ts).
          <Button variant="ghost" className="w-full justify-start" asChild>
            <a href={businessAccessUrl()}>
              <ArrowLeftRightIcon aria-hidden="true" />
              Switch business
            </a>
          </Button>
        )}
      </div>
    </div>
  );
}
