import { MonitorIcon, MonitorSmartphoneIcon } from 'lucide-react';
import { useId } from 'react';
import { useLocation } from 'react-router';
import { Switch } from '#web/components/ui/switch.tsx';
import { useInterfaceVersion } from '#web/lib/interface-version.tsx';
import { INTERFACE_VERSION_LABELS } from '#web/lib/preferences.ts';
import { isAdminPath } from './document-meta.ts';

/** platform §2: fixed at the top right of every page except the admin area. */
export function VersionSwitch() {
  const { pathname } = useLocation();
  const { version, setVersion } = useInterfaceVersion();
  const id = useId();
  // Not on the customer's screen either: the display shows only what the till sends.
  if (isAdminPath(pathname) || pathname.startsWith('/app/customer-display')) return null;

  const isDualScreen = version === 'v2';
  const Icon = isDualScreen ? MonitorSmartphoneIcon : MonitorIcon;
  return (
    <div
      data-slot="version-switch"
      className="fixed top-2 right-2 z-40 flex h-9 items-center gap-2 rounded-full border bg-background/90 py-1 pr-2 pl-3 shadow-sm backdrop-blur supports-[backdrop-filter]:bg-background/75 print:hidden"
    >
      {/* Not on a phone: the bars beside it need the room (ROOM_FOR_VERSION_SWITCH). */}
      <Icon className="hidden size-4 text-primary sm:block" aria-hidden="true" />
      <label htmlFor={id} className="cursor-pointer select-none font-medium text-xs">
        {INTERFACE_VERSION_LABELS[version]}
      </label>
      <Switch
        id={id}
        checked={isDualScreen}
        onCheckedChange={(checked) => setVersion(checked ? 'v2' : 'v1')}
        title={
          isDualScreen
            ? `Switch to ${INTERFACE_VERSION_LABELS.v1}`
            : `Switch to ${INTERFACE_VERSION_LABELS.v2}`
        }
      />
    </div>
  );
}
