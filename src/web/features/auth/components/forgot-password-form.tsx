import { zodResolver } from '@hookform/resolvers/zod';
import { MailIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { forgotPasswordInput } from '#domain/schemas/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { showServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';

type Values = z.input<typeof forgotPasswordInput>;

/** platform §2 Auth screen, forgot-password mode; a successful request returns to login (§4). */
export function ForgotPasswordForm({ onSent }: { onSent: (email: string) => void }) {
  const request = useRequestPasswordReset();
  const form = useForm<Values, unknown, z.output<typeof forgotPasswordInput>>({
    resolver: zodResolver(forgotPasswordInput),
    defaultValues: { email: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await request.mutateAsync(values);
      toast.success('Reset email sent', { description: 'Check your email for password reset instructions.' });
      onSent(values.email);
    } catch (error) {
      if (showServerFieldErrors(form, error, ['email'])) return;
      toast.error('Failed to send reset email', {
        description: error instanceof Error ? error.message : String(error),
      });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Reset password">
      <p className="text-muted-foreground text-sm">
        Enter the email you sign in with. We will send you a link to choose a new password.
      </p>
      <FormField id="forgot-email" label="Email" error={form.formState.errors.email?.message}>
        <Input
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          maxLength={254}
          {...form.register('email')}
        />
      </FormField>
      <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? <Spinner label="Sending" /> : <MailIcon aria-hidden="true" />}
        Send reset link
      </Button>
    </form>
  );
}
