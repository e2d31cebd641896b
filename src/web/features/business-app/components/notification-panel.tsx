import { ChevronRightIcon } from 'lucide-react';
import { Popover } from 'radix-ui';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useNotifications } from '../api/get-notifications.ts';

/** The bell's panel listing what needs attention, loaded on the first press of the bell. */
export function NotificationPanel({ slug, trigger }: { slug: string; trigger: ReactElement }) {
  const notifications = useNotifications(slug);
  const items = notifications.data ?? [];
  return (
    <Popover.Root defaultOpen>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
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
