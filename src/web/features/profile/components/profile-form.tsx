import { zodResolver } from '@hookform/resolvers/zod';
import { SaveIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { Me } from '#domain/schemas/auth.ts';
import { updateProfileInput } from '#domain/schemas/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { serverFieldErrors, showServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

type Values = z.input<typeof updateProfileInput>;
const FIELDS = ['first_name', 'last_name', 'phone'] as const;

/** One's own name and phone; email and role are shown, not edited (the owner manages those). */
export function ProfileForm({ me }: { me: Me }) {
  const update = useUpdateProfile();
  const form = useForm<Values, unknown, z.output<typeof updateProfileInput>>({
    resolver: zodResolver(updateProfileInput),
    defaultValues: {
      first_name: me.user.first_name,
      last_name: me.user.last_name,
      phone: me.user.phone ?? '',
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      form.reset({
        first_name: saved.user.first_name,
        last_name: saved.user.last_name,
        phone: saved.user.phone ?? '',
      });
      toast.success('Profile updated');
    } catch (error) {
      if (serverFieldErrors(error)) {
        showServerFieldErrors(form, error, FIELDS, { shouldFocus: false });
        return;
      }
      toast.error('Profile not updated', {
        description: error instanceof Error ? error.message : String(error),
      });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Your details">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField id="profile-first-name" label="First name" error={errors.first_name?.message}>
          <Input autoComplete="given-name" maxLength={60} {...form.register('first_name')} />
        </FormField>
        <FormField id="profile-last-name" label="Last name" error={errors.last_name?.message}>
          <Input autoComplete="family-name" maxLength={60} {...form.register('last_name')} />
        </FormField>
      </div>
      <FormField id="profile-phone" label="Phone" optional error={errors.phone?.message}>
        <Input type="tel" inputMode="tel" autoComplete="tel" maxLength={30} {...form.register('phone')} />
      </FormField>
      <FormField id="profile-email" label="Email" hint="Ask the business owner to change your email.">
        <Input value={me.user.email} readOnly disabled />
      </FormField>
      <div>
        <Button type="submit" disabled={form.formState.isSubmitting || !form.formState.isDirty}>
          {form.formState.isSubmitting ? <Spinner label="Saving" /> : <SaveIcon aria-hidden="true" />}
          Save changes
        </Button>
      </div>
    </form>
  );
}
