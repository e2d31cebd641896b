import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate } from 'react-router';
import type { z } from 'zod';
import { resetPasswordInput } from '#domain/schemas/auth.ts';
import { PageSpinner } from '#web/components/page-spinner.tsx';
import { PasswordInput } from '#web/components/password-input.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useBusiness } from '#web/lib/business-context.tsx';
import { showServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { readMeAgain } from '#web/lib/session.ts';
import { toast } from '#web/lib/toast.ts';
import { useResetLink, useResetPassword } from '../api/reset-password.ts';
import { AuthCard } from '../components/auth-card.tsx';

type Values = z.input<typeof resetPasswordInput>;

/** The token travels in the fragment (#token=…), so it never reaches a server log. */
function tokenFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

/** The page a reset mail links to: choose a new password (platform §5 rules); every other session ends. */
export function ResetPasswordPage() {
  const business = useBusiness();
  const [token] = useState(() => tokenFromHash(window.location.hash));
  const link = useResetLink(token);
  const [isDone, setDone] = useState(false);

  if (isDone) return <Navigate to="/app" replace />;
  // Only this page load's answer counts (the cache may hold one from before the link was used).
  if (token && !link.isError && !link.isFetchedAfterMount) return <PageSpinner label="Checking your link" />;
  if (!token || link.isError) {
    return (
      <AuthCard heading={business.name} subheading="Reset your password">
        <div className="grid gap-4 text-center">
          <p role="alert" className="text-muted-foreground">
            {link.error?.message ?? 'This reset link is invalid or has expired. Please ask for a new one.'}
          </p>
          <Button asChild>
            <Link to="/app/auth?mode=forgot">Ask for a new link</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard heading={business.name} subheading="Choose a new password">
      <ResetForm token={token} onDone={() => setDone(true)} />
    </AuthCard>
  );
}

function ResetForm({ token, onDone }: { token: string; onDone: () => void }) {
  const business = useBusiness();
  const queryClient = useQueryClient();
  const reset = useResetPassword();
  const form = useForm<Values, unknown, z.output<typeof resetPasswordInput>>({
    resolver: zodResolver(resetPasswordInput),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await reset.mutateAsync(values);
      // The address no longer needs the token; a reload must not offer a used link.
      window.history.replaceState(
        window.history.state,
        '',
        window.location.pathname + window.location.search,
      );
      toast.success('Password updated', { description: 'You are signed in with your new password.' });
      await readMeAgain(queryClient, business.slug);
      onDone();
    } catch (error) {
      if (showServerFieldErrors(form, error, ['password', 'confirmPassword'])) return;
      toast.error('Password not changed', {
        description: error instanceof Error ? error.message : String(error),
      });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Choose a new password">
      <FormField
        id="reset-password"
        label="New password"
        error={errors.password?.message}
        hint="At least 8 characters."
      >
        <PasswordInput autoComplete="new-password" maxLength={200} {...form.register('password')} />
      </FormField>
      <FormField
        id="reset-confirm-password"
        label="Confirm new password"
        error={errors.confirmPassword?.message}
      >
        <PasswordInput autoComplete="new-password" maxLength={200} {...form.register('confirmPassword')} />
      </FormField>
      <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? <Spinner label="Saving" /> : <KeyRoundIcon aria-hidden="true" />}
        Set new password
      </Button>
    </form>
  );
}
