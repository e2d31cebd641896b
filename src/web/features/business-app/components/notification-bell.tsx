import { BellIcon } from 'lucide-react';
import { LoadOnFirstUse } from '#web/components/load-on-first-use.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { lazyComponent } from '#web/lib/lazy-component.ts';
import { useNotifications } from '../api/get-notifications.ts';

const NotificationPanel = lazyComponent(() =>
  import('./notification-panel.tsx').then((module) => ({ default: module.NotificationPanel })),
);

/** The top bar's bell: a badge with how many things need attention; the panel listing them loads on use. */
export function NotificationBell({ slug }: { slug: string }) {
  const notifications = useNotifications(slug);
  const items = notifications.data ?? [];
  const label = items.length === 0 ? 'Notifications' : `Notifications (${items.length})`;
  const trigger = (
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
  );
  return (
    <LoadOnFirstUse
      trigger={trigger}
      preload={NotificationPanel.preload}
      popup={<NotificationPanel slug={slug} trigger={trigger} />}
      hasPopup="dialog"
    />
  );
}
