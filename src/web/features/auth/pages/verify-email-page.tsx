import { CheckCircle2Icon, MailWarningIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PageSpinner } from '#web/components/page-spinner.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useBusiness } from '#web/lib/business-context.tsx';
import { useVerifyEmail } from '../api/verify-email.ts';
import { AuthCard } from '../components/auth-card.tsx';

/** The token travels in the fragment (#token=…), so it never reaches a server log. */
function tokenFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

/**
 * The page the sign-up verification mail links to (/app/verify-email#token=…). It works in any browser,
 * signed in or not: opening it proves the address is the owner's.
 */
export function VerifyEmailPage() {
  const business = useBusiness();
  const [token] = useState(() => tokenFromHash(window.location.hash));
  const verify = useVerifyEmail(business.slug);
  const hasStarted = useRef(false);
  useEffect(() => {
    // Once per page load, even when React runs effects twice in development.
    if (hasStarted.current || !token) return;
    hasStarted.current = true;
    // Used once: drop it from the address so that a reload or a bookmark does not offer a used link.
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    verify.mutate(token);
  }, [token, verify.mutate]);

  if (token && (verify.isIdle || verify.isPending)) return <PageSpinner label="Confirming your email" />;
  if (verify.isSuccess) {
    return (
      <AuthCard heading={business.name} subheading="Email confirmed">
        <div className="grid justify-items-center gap-4 text-center">
          <div className="flex size-14 items-center justify-center rounded-full bg-success/10 text-success">
            <CheckCircle2Icon className="size-7" aria-hidden="true" />
          </div>
          <p role="status">
            Thank you. Your email address is confirmed: you can sign in to {business.name} from any device.
          </p>
          <Button asChild size="lg" className="w-full">
            <Link to="/app">Continue to {business.name}</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard heading={business.name} subheading="Confirm your email">
      <div className="grid justify-items-center gap-4 text-center">
        <div className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <MailWarningIcon className="size-7" aria-hidden="true" />
        </div>
        <p role="alert" className="text-muted-foreground">
          {verify.error?.message ??
            'This verification link is invalid or has expired. Sign in to get a new one.'}
        </p>
        <Button asChild size="lg" className="w-full">
          <Link to="/app/auth">Sign in</Link>
        </Button>
      </div>
    </AuthCard>
  );
}
