import { ArrowLeftRightIcon, LogOutIcon, UserRoundIcon } from 'lucide-react';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#web/components/ui/dropdown-menu.tsx';
import { businessAccessUrl, isSingleBusinessMode } from '#web/lib/tenancy.ts';
import type { TopBarProps } from './top-bar.tsx';
import { roleLabel } from './user-initials.ts';

/** The top bar's account menu, loaded on the first press of its button. */
export function UserMenuPopup({
  me,
  onSignOut,
  onSignOutEverywhere,
  trigger,
}: TopBarProps & { trigger: ReactElement }) {
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel>
          <span className="block truncate">{me.user.full_name}</span>
          <span className="block truncate font-normal text-muted-foreground text-xs">
            {roleLabel(me.role)} · {me.business.name}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/app/profile">
            <UserRoundIcon aria-hidden="true" /> My profile and sessions
          </Link>
        </DropdownMenuItem>
        {!isSingleBusinessMode() && (
          <DropdownMenuItem asChild>
            <a href={businessAccessUrl()}>
              <ArrowLeftRightIcon aria-hidden="true" /> Switch business
            </a>
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={onSignOutEverywhere}>
          <LogOutIcon aria-hidden="true" /> Sign out everywhere
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onSignOut}>
          <LogOutIcon aria-hidden="true" /> Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
