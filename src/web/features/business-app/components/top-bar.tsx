import { MaximizeIcon, MinimizeIcon, PanelLeftIcon } from 'lucide-react';
import type { Me } from '#domain/schemas/auth.ts';
import { ConnectionStatusBadge } from '#web/components/connection-status.tsx';
import { LoadOnFirstUse } from '#web/components/load-on-first-use.tsx';
import { ThemeMenu } from '#web/components/theme-menu.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useBusinessAppPages } from '#web/lib/app-routes.tsx';
import { ROOM_FOR_VERSION_SWITCH } from '#web/lib/interface-version.tsx';
import { lazyComponent } from '#web/lib/lazy-component.ts';
import { NotificationBell } from './notification-bell.tsx';
import { canSearch, TopSearch } from './top-search.tsx';
import { initialsOf } from './user-initials.ts';

const UserMenuPopup = lazyComponent(() =>
  import('./user-menu.tsx').then((module) => ({ default: module.UserMenuPopup })),
);

export type TopBarProps = {
  me: Me;
  isSidebarOpen: boolean;
  onToggleSidebar: () => void;
  isFullscreen: boolean;
  onToggleFullscreen: () => void;
  onSignOut: () => void;
  onSignOutEverywhere: () => void;
};

/** platform §2 "Top bar": search (desktop), bell, names; plus the sidebar, fullscreen and theme controls. */
export function TopBar(props: TopBarProps) {
  const { me } = props;
  return (
    <header
      className={`sticky top-0 z-30 flex h-16 items-center gap-1 border-b bg-background/90 pl-2 backdrop-blur sm:gap-2 sm:pl-4 ${ROOM_FOR_VERSION_SWITCH}`}
    >
      <Button
        variant="ghost"
        size="icon"
        onClick={props.onToggleSidebar}
        aria-label={props.isSidebarOpen ? 'Close sidebar' : 'Open sidebar'}
        aria-expanded={props.isSidebarOpen}
        title="Toggle sidebar (Ctrl+B)"
      >
        <PanelLeftIcon aria-hidden="true" />
      </Button>
      {canSearch(me, useBusinessAppPages().routes) ? <TopSearch person={me} /> : <div className="flex-1" />}
      <div className="ml-auto flex items-center gap-1">
        <ConnectionStatusBadge slug={me.business.slug} />
        <NotificationBell slug={me.business.slug} />
        <Button
          variant="ghost"
          size="icon"
          onClick={props.onToggleFullscreen}
          aria-label={props.isFullscreen ? 'Exit full screen' : 'Full screen'}
          title="Full screen (F11)"
          className="hidden sm:inline-flex"
        >
          {props.isFullscreen ? <MinimizeIcon aria-hidden="true" /> : <MaximizeIcon aria-hidden="true" />}
        </Button>
        <ThemeMenu />
        <UserMenu {...props} />
      </div>
    </header>
  );
}

/** The account menu: its button at once, the menu's code on the first press. */
function UserMenu(props: TopBarProps) {
  const { me } = props;
  const trigger = (
    <Button
      variant="ghost"
      // On a phone the sidebar carries the name, role and Sign Out; the bar keeps room for the essentials.
      className="hidden h-12 gap-2 px-2 sm:inline-flex"
      aria-label={`Account menu for ${me.user.full_name}`}
    >
      <span
        className="flex size-8 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground text-xs"
        aria-hidden="true"
      >
        {initialsOf(me.user.first_name, me.user.last_name)}
      </span>
      <span className="hidden text-left leading-tight sm:block">
        <span className="block max-w-40 truncate font-medium text-sm">{me.user.full_name}</span>
        <span className="block max-w-40 truncate font-normal text-muted-foreground text-xs">
          {me.business.name}
        </span>
      </span>
    </Button>
  );
  return (
    <LoadOnFirstUse
      trigger={trigger}
      preload={UserMenuPopup.preload}
      popup={<UserMenuPopup {...props} trigger={trigger} />}
      hasPopup="menu"
    />
  );
}
