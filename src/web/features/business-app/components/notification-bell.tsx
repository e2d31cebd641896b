import { BellIcon, ChevronRightIcon } from 'lucide-react';
import { Popover } from 'radix-ui';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useNotifications } from '../api/get-notifications.ts';

/** The top bar's bell: a badge with how many things need attention, and a panel listing them. */
export function NotificationBell({ slug }: { slug: string }) {
  const notifications = useNotifications(slug);
  const items = notifications.data ?? [];
  const label = items.length === 0 ? 'Notifications' : `Notifications (${items.length})`;
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={label}>
          <BellIcon aria-hidden="true" />
          {items.length > 0 && (
            <span
              className="absolute top-1 right-1 flex min-w-5 items-center justify-center rounded-full bg-destructive px-1 font-semibold text-[11px] text-white leading-5"
              aria-hidden="true"
            >
              {items.length > 9 ? '9+' : items.length}
            </span>
          )}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          className="z-50 w-[min(22rem,calc(100vw-1.5rem))] rounded-xl border bg-popover p-2 text-popover-foreground shadow-lg outline-none"
        >
          <h2 className="px-2 py-1.5 font-semibold text-sm">Notifications</h2>
          {notifications.isPending ? (
            <div className="flex justify-center p-4">
              <Spinner label="Loading notifications" />
            </div>
          ) : notifications.isError ? (
            <p className="p-2 text-destructive text-sm" role="alert">
              {notifications.error.message}
            </p>
          ) : items.length === 0 ? (
            <p className="p-2 text-muted-foreground text-sm">No new notifications</p>
          ) : (
            <ul className="grid gap-1">
              {items.map((item) => (
                <li key={item.id}>
                  {item.href ? (
                    <Popover.Close asChild>
                      <Link
                        to={item.href}
                        className="flex items-center gap-2 rounded-lg p-2 hover:bg-secondary"
                      >
                        <NotificationText title={item.title} detail={item.detail} />
                        <ChevronRightIcon
                          className="size-4 shrink-0 text-muted-foreground"
                          aria-hidden="true"
                        />
                      </Link>
                    </Popover.Close>
                  ) : (
                    <div className="p-2">
                      <NotificationText title={item.title} detail={item.detail} />
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function NotificationText({ title, detail }: { title: string; detail: string }) {
  return (
    <span className="min-w-0 flex-1">
      <span className="block font-medium text-sm">{title}</span>
      <span className="block text-muted-foreground text-xs">{detail}</span>
    </span>
  );
}
