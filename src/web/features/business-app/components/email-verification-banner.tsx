import { MailWarningIcon } from 'lucide-react';
import type { Me } from '#domain/schemas/auth.ts';
import { Alert, AlertDescription, AlertTitle } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/lib/toast.ts';
import { useResendEmailVerification } from '../api/resend-email-verification.ts';

/**
 * Shown on every page of a self-signed-up owner whose email is not confirmed yet: what is held back until
 * the mailed link is opened, and a way to get a new link.
 */
export function EmailVerificationBanner({ me }: { me: Me }) {
  const resend = useResendEmailVerification();
  if (me.email_verified !== false) return null;
  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: (result) => toast.success('Verification email sent', { description: result.message }),
      onError: (error) => toast.error('Email not sent', { description: error.message }),
    });
  return (
    <Alert
      role="status"
      className="mb-4 border-amber-500/40 bg-amber-500/10 [&>svg]:text-amber-600 dark:[&>svg]:text-amber-400"
      aria-label="Confirm your email address"
    >
      <MailWarningIcon aria-hidden="true" />
      <AlertTitle>Confirm your email address</AlertTitle>
      <AlertDescription>
        <p>
          We sent a link to <strong className="text-foreground">{me.user.email}</strong>. Until you open it,
          you cannot sign in again or email receipts.
        </p>
        <Button variant="outline" size="sm" onClick={onResend} disabled={resend.isPending} className="mt-1">
          {resend.isPending && <Spinner label="Sending" />}
          Send a new link
        </Button>
      </AlertDescription>
    </Alert>
  );
}
