import { zodResolver } from '@hookform/resolvers/zod';
import { LogInIcon } from 'lucide-react';
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
  const form = useForm<Values, unknown, z.output<typeof signInInput>>({
    resolver: zodResolver(signInInput),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signIn.mutateAsync(values);
      toast.success('Welcome back!', { description: 'You have successfully signed in.' });
      await onSignedIn();
    } catch (error) {
      if (showServerFieldErrors(form, error, ['email', 'password'])) return;
      form.resetField('password');
      toast.error('Sign in failed', { description: error instanceof Error ? error.message : String(error) });
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
      <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? <Spinner label="Signing in" /> : <LogInIcon aria-hidden="true" />}
        Sign In
      </Button>
    </form>
  );
}
