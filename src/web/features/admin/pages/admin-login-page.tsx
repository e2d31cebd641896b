import { zodResolver } from '@hookform/resolvers/zod';
import { LockKeyholeIcon, LogInIcon, ShieldAlertIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import type { z } from 'zod';
import { adminSignInInput } from '#domain/schemas/admin.ts';
import { BrandName } from '#web/components/brand-mark.tsx';
import { PageSpinner } from '#web/components/page-spinner.tsx';
import { PasswordInput } from '#web/components/password-input.tsx';
import { Alert, AlertDescription } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useAdminMe } from '../api/get-admin-me.ts';
import { useAdminSignIn } from '../api/sign-in.ts';

type SignInValues = z.input<typeof adminSignInInput>;
type SignIn = z.output<typeof adminSignInInput>;

export const ADMIN_HOME_PATH = '/admin-allowed';

/** platform §2 "Admin login" (also at /admin-allowed/login); a signed-in admin goes to the dashboard. */
export function AdminLoginPage() {
  const me = useAdminMe();
  if (me.data) return <Navigate to={ADMIN_HOME_PATH} replace />;
  if (me.isPending) return <PageSpinner label="Verifying access" />;
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-8 bg-gradient-to-b from-secondary/60 to-background px-4 py-10">
      <Link to="/" className="rounded-md">
        <BrandName />
      </Link>
      <div className="grid w-full max-w-sm gap-6 rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
        <div className="grid justify-items-center gap-2 text-center">
          <div className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <LockKeyholeIcon className="size-6" aria-hidden="true" />
          </div>
          <h1 className="font-semibold text-2xl">Admin sign-in</h1>
          <p className="text-muted-foreground text-sm">For Akwaaba POS staff managing businesses.</p>
        </div>
        <div
          role="note"
          className="flex gap-3 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-900 dark:text-amber-200"
        >
          <ShieldAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>
            <strong className="font-semibold">Restricted access.</strong> This area is for authorised Akwaaba
            POS administrators only. Sign-in attempts are recorded.
          </p>
        </div>
        <SignInForm />
      </div>
      <p className="text-center text-muted-foreground text-sm">
        Working in a shop?{' '}
        <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
          Access your business
        </Link>
      </p>
    </main>
  );
}

function SignInForm() {
  const navigate = useNavigate();
  const signIn = useAdminSignIn();
  const form = useForm<SignInValues, unknown, SignIn>({
    resolver: zodResolver(adminSignInInput),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    signIn.mutateAsync(values).then(
      () => navigate(ADMIN_HOME_PATH, { replace: true }),
      () => form.resetField('password', { keepError: false }),
    ),
  );
  const isSigningIn = form.formState.isSubmitting || signIn.isPending;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Admin sign-in">
      {signIn.error && (
        <Alert variant="destructive">
          <AlertDescription>{signIn.error.message || 'Authentication failed'}</AlertDescription>
        </Alert>
      )}
      <FormField id="admin-email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="username" autoFocus {...form.register('email')} />
      </FormField>
      <FormField id="admin-password" label="Password" error={errors.password?.message}>
        <PasswordInput autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <Button type="submit" size="lg" disabled={isSigningIn}>
        {isSigningIn ? <Spinner label="Signing in" /> : <LogInIcon aria-hidden="true" />}
        {isSigningIn ? 'Signing in...' : 'Sign in'}
      </Button>
    </form>
  );
}
