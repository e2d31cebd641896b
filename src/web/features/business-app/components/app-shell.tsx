import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { Me } from '#domain/schemas/auth.ts';
import { PageSpinner } from '#web/components/page-spinner.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { UpdateBanner } from '#web/components/update-banner.tsx';
import { useBusiness } from '#web/lib/business-context.tsx';
import { cn } from '#web/lib/cn.ts';
import { lazyComponent } from '#web/lib/lazy-component.ts';
import { usePreloadWhenIdle, useWanted } from '#web/lib/load-on-use.tsx';
import { listOutbox } from '#web/lib/offline/outbox.ts';
import { isOnline } from '#web/lib/offline/status.ts';
import { useOutboxSender } from '#web/lib/offline/use-outbox.ts';
import { clearPinSession } from '#web/lib/pin-session.ts';
import { meQuery, readMeAgain, useMe, useSignOut } from '#web/lib/session.ts';
import { signedOutPath } from '#web/lib/sign-in-mode.ts';
import { toast } from '#web/lib/toast.ts';
import { useFullscreen } from '#web/lib/use-fullscreen.ts';
import { handoffTokenFrom, useRedeemHandoff } from '../api/redeem-handoff.ts';
import { useShellShortcuts } from '../hooks/use-shell-shortcuts.ts';
import { useSidebar } from '../hooks/use-sidebar.ts';
import { EmailVerificationBanner } from './email-verification-banner.tsx';
import { SidebarContent } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';

// The phone's sidebar and the unsent-sales warning are dialogs that no page needs in order to open: their
// code loads after the page is on screen.
const loadShellDialogs = () => import('./shell-dialogs.tsx');
const MobileSidebar = lazyComponent(() =>
  loadShellDialogs().then((module) => ({ default: module.MobileSidebar })),
);
const UnsentSalesDialog = lazyComponent(() =>
  loadShellDialogs().then((module) => ({ default: module.UnsentSalesDialog })),
);
const preloadShellDialogs = () => Promise.all([MobileSidebar.preload(), UnsentSalesDialog.preload()]);

// setTimeout cannot wait longer than about 24.8 days.
const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * platform §2 "Business app": a spinner while the session loads, /app/auth when signed out, the pages
 * otherwise. A session that ends while the page is open (a PIN session after 8 hours) signs the page out.
 */
export function RequireSignIn() {
  const [handoffToken] = useState(() => handoffTokenFrom(window.location.hash));
  if (handoffToken) return <HandoffSignIn token={handoffToken} />;
  return <SignedInOutlet />;
}

/** Arriving from sign-up on another address: the one-time token becomes this address's session. */
function HandoffSignIn({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const { slug } = useBusiness();
  const redeem = useRedeemHandoff();
  const [isDone, setDone] = useState(false);
  const hasStarted = useRef(false);
  useEffect(() => {
    // Once per page load, even when React runs effects twice in development.
    if (hasStarted.current) return;
    hasStarted.current = true;
    // Used once: drop it from the address before anything else can read or bookmark it.
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    redeem.mutate(token, {
      onSettled: async (_data, error) => {
        if (error) toast.error('Sign in failed', { description: error.message });
        await readMeAgain(queryClient, slug).catch(() => null);
        setDone(true);
      },
    });
  }, [token, redeem.mutate, queryClient, slug]);
  if (!isDone) return <PageSpinner label="Signing you in" />;
  return <SignedInOutlet />;
}

function SignedInOutlet() {
  const me = useMe();
  const location = useLocation();
  const { slug } = useBusiness();
  // How the person who was signed in here signed in, for where the page goes once their session ends.
  const authMethod = useRef<'pin' | 'password' | undefined>(undefined);
  if (me.data) authMethod.current = me.data.session.auth_method;
  if (me.isPending) return <SessionLoading />;
  if (me.isError && !me.data) return <SessionError message={me.error.message} onRetry={() => me.refetch()} />;
  // Offline the server cannot be asked (issue 15): the session the till had keeps working until it expires,
  // and not a moment longer.
  const hasExpired = me.data && new Date(me.data.session.expires_at).getTime() <= Date.now();
  if (!me.data || (hasExpired && !isOnline())) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={signedOutPath(slug, authMethod.current)} replace state={{ from }} />;
  }
  return (
    <>
      <SessionExpiry me={me.data} />
      <Outlet />
    </>
  );
}

function SessionExpiry({ me }: { me: Me }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const remaining = new Date(me.session.expires_at).getTime() - Date.now();
    const timer = window.setTimeout(
      () => {
        if (me.session.auth_method === 'pin') {
          clearPinSession(me.business.slug);
          toast.error('Your PIN session has expired', { description: 'Please sign in again.' });
        } else {
          toast.error('Your session has expired', { description: 'Please sign in again.' });
        }
        void queryClient.invalidateQueries({ queryKey: meQuery(me.business.slug).queryKey });
      },
      Math.min(Math.max(remaining, 0) + 1000, MAX_TIMEOUT_MS),
    );
    return () => window.clearTimeout(timer);
  }, [me.session.expires_at, me.session.auth_method, me.business.slug, queryClient]);
  return null;
}

/** platform §2 "Access guard": 'Loading...' while the session loads. */
function SessionLoading() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-3 p-6 text-muted-foreground">
      <Spinner label="Loading session" className="size-8 text-primary" />
      <p>Loading...</p>
    </div>
  );
}

function SessionError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <p role="alert" className="text-muted-foreground">
        {message}
      </p>
      <button type="button" className="font-medium text-primary underline" onClick={onRetry}>
        Try again
      </button>
    </main>
  );
}

/** The frame of every signed-in page: sidebar, top bar, shortcuts (platform §2 "Layout and shell"). */
export function AppShell() {
  const me = useMe().data;
  const sidebar = useSidebar();
  const fullscreen = useFullscreen();
  const signOut = useSignOut();
  const signOutEverywhere = useSignOut({ everywhere: true });
  const { slug } = useBusiness();
  useOutboxSender(slug);
  // Sales made offline and not yet sent: signing out warns first, and never deletes them.
  const [unsentWarning, setUnsentWarning] = useState<{ count: number; everywhere: boolean } | null>(null);
  useShellShortcuts({ toggleFullscreen: fullscreen.toggle, toggleSidebar: sidebar.toggle });
  usePreloadWhenIdle(preloadShellDialogs);
  const isMobileSidebarWanted = useWanted(!sidebar.isWide && sidebar.isOpen);
  const isUnsentWarningWanted = useWanted(unsentWarning !== null);
  if (!me) return null;

  async function requestSignOut(everywhere: boolean) {
    const unsent = (await listOutbox(slug).catch(() => [])).length;
    if (unsent > 0) {
      setUnsentWarning({ count: unsent, everywhere });
      return;
    }
    (everywhere ? signOutEverywhere : signOut).mutate();
  }

  const sidebarProps = {
    me,
    onSignOut: () => void requestSignOut(false),
    isSigningOut: signOut.isPending,
  };
  return (
    <div className="flex min-h-dvh bg-muted/40">
      {sidebar.isWide ? (
        <aside
          className={cn(
            'sticky top-0 h-dvh w-64 shrink-0 border-r transition-[margin] duration-200',
            !sidebar.isOpen && '-ml-64',
          )}
          aria-label="Sidebar"
          aria-hidden={!sidebar.isOpen}
          inert={!sidebar.isOpen}
        >
          <SidebarContent {...sidebarProps} />
        </aside>
      ) : (
        isMobileSidebarWanted && (
          <Suspense fallback={null}>
            <MobileSidebar
              isOpen={sidebar.isOpen}
              onOpenChange={sidebar.setOpen}
              businessName={me.business.name}
              sidebarProps={sidebarProps}
            />
          </Suspense>
        )
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar
          me={me}
          isSidebarOpen={sidebar.isOpen}
          onToggleSidebar={sidebar.toggle}
          isFullscreen={fullscreen.isFullscreen}
          onToggleFullscreen={fullscreen.toggle}
          onSignOut={() => void requestSignOut(false)}
          onSignOutEverywhere={() => void requestSignOut(true)}
        />
        <main className="mx-auto w-full max-w-7xl flex-1 p-4 sm:p-6">
          <EmailVerificationBanner me={me} />
          <UpdateBanner slug={slug} />
          <Outlet />
        </main>
        {isUnsentWarningWanted && (
          <Suspense fallback={null}>
            <UnsentSalesDialog
              warning={unsentWarning}
              onStay={() => setUnsentWarning(null)}
              onSignOutAnyway={() => {
                const everywhere = unsentWarning?.everywhere ?? false;
                setUnsentWarning(null);
                (everywhere ? signOutEverywhere : signOut).mutate();
              }}
            />
          </Suspense>
        )}
      </div>
    </div>
  );
}
