import { KeyRoundIcon, LaptopIcon, LogOutIcon } from 'lucide-react';
import { formatDateTime } from '#domain/dates.ts';
import type { SessionSummary } from '#domain/schemas/auth.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useBusiness } from '#web/lib/business-context.tsx';
import { useSignOut } from '#web/lib/session.ts';
import { useEndSession } from '../api/end-session.ts';
import { useSessions } from '../api/get-sessions.ts';

/** A short, readable name for a browser from its user agent. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Chrome\//.test(userAgent)
      ? 'Chrome'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '';
  return system ? `${browser} on ${system}` : browser;
}

/** One's own signed-in sessions, with sign-out for each and for all. */
export function SessionList() {
  const sessions = useSessions();
  const endSession = useEndSession();
  const signOutEverywhere = useSignOut({ everywhere: true });

  if (sessions.isPending) {
    return (
      <div className="grid gap-2">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    );
  }
  if (sessions.isError) {
    return (
      <p role="alert" className="text-destructive text-sm">
        {sessions.error.message}
      </p>
    );
  }
  return (
    <div className="grid gap-4">
      <ul className="grid gap-2">
        {sessions.data.map((session) => (
          <SessionRow
            key={session.id}
            session={session}
            isEnding={endSession.isPending && endSession.variables === session.id}
            onEnd={() => endSession.mutate(session.id)}
          />
        ))}
      </ul>
      <div>
        <Button
          variant="outline"
          onClick={() => signOutEverywhere.mutate()}
          disabled={signOutEverywhere.isPending}
        >
          <LogOutIcon aria-hidden="true" />
          Sign out everywhere
        </Button>
      </div>
    </div>
  );
}

function SessionRow({
  session,
  isEnding,
  onEnd,
}: {
  session: SessionSummary;
  isEnding: boolean;
  onEnd: () => void;
}) {
  const Icon = session.auth_method === 'pin' ? KeyRoundIcon : LaptopIcon;
  const timeZone = useBusiness().timezone;
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border p-3">
      <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-sm">
          {describeDevice(session.user_agent)}
          {session.is_current && <Badge>This device</Badge>}
          <Badge variant="outline">{session.auth_method === 'pin' ? 'PIN' : 'Password'}</Badge>
        </p>
        <p className="text-muted-foreground text-xs">
          Signed in {formatDateTime(session.created_at, timeZone)}
          {session.ip ? ` from ${session.ip}` : ''} · active {formatDateTime(session.last_seen_at, timeZone)}
        </p>
      </div>
      {!session.is_current && (
        <Button variant="ghost" size="sm" onClick={onEnd} disabled={isEnding}>
          Sign out
        </Button>
      )}
    </li>
  );
}
