import { useQueryClient } from '@tanstack/react-query';
import { InfoIcon, KeyRoundIcon, MailIcon, MonitorXIcon } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { PageSpinner } from '#web/components/page-spinner.tsx';
import { Alert, AlertDescription, AlertTitle } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useBusiness } from '#web/lib/business-context.tsx';
import { useInterfaceVersion } from '#web/lib/interface-version.tsx';
import { PRODUCT_NAME } from '#web/lib/product.ts';
import { readMeAgain, useMe } from '#web/lib/session.ts';
import { rememberSignInMode } from '#web/lib/sign-in-mode.ts';
import { isSingleBusinessMode } from '#web/lib/tenancy.ts';
import { useTillDeviceStatus } from '../api/till-device.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { ForgotPasswordForm } from '../components/forgot-password-form.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { PinLogin } from '../components/pin-login.tsx';
import { RegisterForm } from '../components/register-form.tsx';

type Mode = 'login' | 'register' | 'forgot' | 'pin';
const MODES: readonly Mode[] = ['login', 'register', 'forgot', 'pin'];

const TITLES: Record<Mode, string> = {
  login: 'Sign in to your account',
  register: `Create a new business account on ${PRODUCT_NAME}`,
  forgot: 'Reset your password',
  pin: 'Quick Login',
};

/**
 * platform §2 "Auth screen": login, register and forgot-password modes; in the version 2 interface the PIN
 * quick login is shown instead, with a way back to email and password.
 */
export function AuthPage() {
  const business = useBusiness();
  const me = useMe();
  const { version } = useInterfaceVersion();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [next, setNext] = useState<string | null>(null);
  // Back on the sign-in form after asking for a reset link, the form says it went (not only a passing toast).
  const [sentTo, setSentTo] = useState<string | null>(null);

  const askedMode = params.get('mode');
  // The screen this tab's address asks for is where Sign Out brings it back (a till stays on its PIN screen).
  const [openedWith] = useState(askedMode);
  useEffect(() => rememberSignInMode(business.slug, openedWith), [business.slug, openedWith]);

  const asked = MODES.find((mode) => mode === askedMode);
  const mode: Mode = asked ?? (version === 'v2' ? 'pin' : 'login');
  const setMode = (next: Mode) =>
    setParams(next === 'login' && version === 'v1' ? {} : { mode: next }, { replace: true });

  const from = next ?? (location.state as { from?: string } | null)?.from;
  if (me.data) return <Navigate to={from?.startsWith('/app/') ? from : '/app'} replace />;
  if (me.isPending) return <PageSpinner label="Loading..." />;

  // The cache then holds the signed-in person, and this page moves on to the app (or to `target`).
  const onSignedIn = async (target?: string) => {
    if (target) setNext(target);
    await readMeAgain(queryClient, business.slug);
  };

  if (mode === 'pin') {
    return (
      <AuthCard
        heading={business.name || 'Store Name'}
        subheading="Quick Login"
        footer={
          <Button variant="link" onClick={() => setMode('login')}>
            <MailIcon aria-hidden="true" /> Sign in with email and password
          </Button>
        }
      >
        <TillGate>
          <PinLogin onSignedIn={onSignedIn} />
        </TillGate>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      // Register makes a NEW business: headed with this shop's name, a new employee took it for joining it.
      heading={mode === 'register' ? 'Start a new business' : business.name}
      subheading={TITLES[mode]}
      footer={
        <>
          {/* A shop's own server (single-shop mode) serves only that shop: no new businesses from it. */}
          {mode === 'login' && !isSingleBusinessMode() && (
            <p className="text-muted-foreground">
              New here?{' '}
              <Button variant="link" className="h-auto p-0" onClick={() => setMode('register')}>
                Create a business account
              </Button>
            </p>
          )}
          {mode !== 'login' && (
            <p className="text-muted-foreground">
              {mode === 'register' ? 'Already have an account? ' : 'Remembered it? '}
              <Button variant="link" className="h-auto p-0" onClick={() => setMode('login')}>
                Back to sign in
              </Button>
            </p>
          )}
          <Button variant="link" className="h-auto" onClick={() => setMode('pin')}>
            <KeyRoundIcon aria-hidden="true" /> Quick login with PIN
          </Button>
        </>
      }
    >
      {mode === 'login' && sentTo && (
        <p role="status" className="mb-4 rounded-md border bg-muted/50 p-3 text-sm">
          If {sentTo} has an account here, a reset link is on its way. Check your email.
        </p>
      )}
      {mode === 'login' && <LoginForm onSignedIn={onSignedIn} onForgot={() => setMode('forgot')} />}
      {mode === 'register' && (
        <div className="grid gap-5">
          <Alert role="note">
            <InfoIcon aria-hidden="true" />
            <AlertTitle className="line-clamp-none">This creates a new, separate business</AlertTitle>
            <AlertDescription>
              You become the owner of a new shop with its own web address. It does not join {business.name}.
              Employees of {business.name} do not sign up: their manager gives them their sign-in.
            </AlertDescription>
          </Alert>
          <RegisterForm onCreated={(url) => window.location.assign(url)} />
        </div>
      )}
      {mode === 'forgot' && (
        <ForgotPasswordForm
          onSent={(email) => {
            setSentTo(email);
            setMode('login');
          }}
        />
      )}
    </AuthCard>
  );
}

/**
 * PIN quick login works only on the shop's trusted tills. Any other browser is told, in plain words, how a
 * manager makes it a till; email and password sign-in stays available everywhere.
 */
function TillGate({ children }: { children: ReactNode }) {
  const status = useTillDeviceStatus();
  if (status.isPending) return <PageSpinner label="Checking this device..." />;
  if (status.data?.trusted) {
    return (
      <div className="grid gap-3">
        <p className="text-center text-muted-foreground text-xs">Till: {status.data.name}</p>
        {children}
      </div>
    );
  }
  return (
    <Alert role="note" data-testid="untrusted-device">
      <MonitorXIcon aria-hidden="true" />
      <AlertTitle className="line-clamp-none">This device is not set up as a till</AlertTitle>
      <AlertDescription className="grid gap-2">
        {status.isError ? (
          <p>We could not check this device: {status.error.message}</p>
        ) : (
          <>
            <p>PIN sign-in works only on the shop's own tills, so nobody else can try PINs.</p>
            <p>
              To make this device a till, an owner or manager signs in here with their email and password,
              opens Employees, and under Till devices chooses "Trust this device as a till". After that, staff
              can sign in here with their PIN.
            </p>
            <p>Until then, sign in with your email and password.</p>
          </>
        )}
      </AlertDescription>
    </Alert>
  );
}
