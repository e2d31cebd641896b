import { zodResolver } from '@hookform/resolvers/zod';
import { LogInIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { signInInput } from '#domain/schemas/auth.ts';
import { PasswordInput } from '#web/components/password-input.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { showServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { useSignIn } from '../api/sign-in.ts';

type Values = z.input<typeof signInInput>;

/** platform §2 Auth screen, login mode: email and password. */
export function LoginForm({
  onSignedIn,
  onForgot,
}: {
  onSignedIn: () => Promise<void>;
  onForgot: () => void;
}) {
  const signIn = useSignIn();
  // Said on the form as well as in a toast: a toast passes in 4 seconds, and a screen reader may miss it.
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof signInInput>>({
    resolver: zodResolver(signInInput),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await signIn.mutateAsync(values);
      toast.success('Welcome back!', { description: 'You have successfully signed in.' });
      await onSignedIn();
    } catch (error) {
      if (showServerFieldErrors(form, error, ['email', 'password'])) return;
      form.resetField('password');
      const message = error instanceof Error ? error.message : String(error);
      setFailure(message);
      toast.error('Sign in failed', { description: message });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Sign in">
      <FormField id="login-email" label="Email" error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="username"
          placeholder="you@example.com"
          maxLength={254}
          {...form.register('email')}
        />
      </FormField>
      <FormField id="login-password" label="Password" error={errors.password?.message}>
        <PasswordInput autoComplete="current-password" maxLength={200} {...form.register('password')} />
      </FormField>
      <div className="-mt-2 flex justify-end">
        <Button type="button" variant="link" className="h-auto px-0 text-sm" onClick={onForgot}>
          Forgot password?
        </Button>
      </div>
      {failure && (
        <p role="alert" className="font-medium text-destructive text-sm">
          {failure}
        </p>
      )}
      <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? <Spinner label="Signing in" /> : <LogInIcon aria-hidden="true" />}
        Sign In
      </Button>
    </form>
  );
}
