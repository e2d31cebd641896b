import { zodResolver } from '@hookform/resolvers/zod';
import { EyeIcon, EyeOffIcon, KeyRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { changePasswordInput } from '#domain/schemas/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { serverFieldErrors, showServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { useChangePassword } from '../api/change-password.ts';

type Values = z.input<typeof changePasswordInput>;
const EMPTY: Values = { currentPassword: '', password: '', confirmPassword: '' };
const FIELDS = ['currentPassword', 'password', 'confirmPassword'] as const;

/** Change one's own password (at least 8 characters); every other session of theirs ends. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const [isVisible, setVisible] = useState(false);
  const form = useForm<Values, unknown, z.output<typeof changePasswordInput>>({
    resolver: zodResolver(changePasswordInput),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const type = isVisible ? 'text' : 'password';

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      form.reset(EMPTY);
      toast.success('Password changed', { description: 'You were signed out on your other devices.' });
    } catch (error) {
      if (serverFieldErrors(error)) {
        showServerFieldErrors(form, error, FIELDS);
        return;
      }
      toast.error('Password not changed', {
        description: error instanceof Error ? error.message : String(error),
      });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Change password">
      <FormField id="current-password" label="Current password" error={errors.currentPassword?.message}>
        <Input
          type={type}
          autoComplete="current-password"
          maxLength={200}
          {...form.register('currentPassword')}
        />
      </FormField>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField id="new-password" label="New password" error={errors.password?.message}>
          <Input type={type} autoComplete="new-password" maxLength={200} {...form.register('password')} />
        </FormField>
        <FormField
          id="confirm-new-password"
          label="Confirm new password"
          error={errors.confirmPassword?.message}
        >
          <Input
            type={type}
            autoComplete="new-password"
            maxLength={200}
            {...form.register('confirmPassword')}
          />
        </FormField>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? <Spinner label="Saving" /> : <KeyRoundIcon aria-hidden="true" />}
          Change password
        </Button>
        <Button variant="ghost" onClick={() => setVisible((visible) => !visible)} aria-pressed={isVisible}>
          {isVisible ? <EyeOffIcon aria-hidden="true" /> : <EyeIcon aria-hidden="true" />}
          {isVisible ? 'Hide passwords' : 'Show passwords'}
        </Button>
      </div>
    </form>
  );
}
