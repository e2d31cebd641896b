import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlusIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { SignUpResult } from '#domain/schemas/auth.ts';
import { signUpInput } from '#domain/schemas/auth.ts';
import { deriveSlug } from '#domain/slug.ts';
import { PasswordInput } from '#web/components/password-input.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { PRODUCT_NAME } from '#web/lib/product.ts';
import { showServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { businessUrl } from '#web/lib/tenancy.ts';
import { toast } from '#web/lib/toast.ts';
import { useSignUp } from '../api/sign-up.ts';

type Values = z.input<typeof signUpInput>;
const FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'businessName',
  'password',
  'confirmPassword',
] as const;

// platform §4, §9: after sign-up the browser goes to the new business after about a second.
export const SIGN_UP_REDIRECT_MS = 1000;

/** Where the browser goes after sign-up: the new business's dashboard, with the hand-off token if one came. */
export function afterSignUpUrl(result: SignUpResult): string {
  const url = businessUrl(result.business.slug, '/app/dashboard');
  return result.handoff_token ? `${url}#handoff=${result.handoff_token}` : url;
}

/** platform §2 Auth screen, register mode: creates a new business with its owner (§4 "Sign-up sequence"). */
export function RegisterForm({ onCreated }: { onCreated: (url: string) => void }) {
  const signUp = useSignUp();
  const form = useForm<Values, unknown, z.output<typeof signUpInput>>({
    resolver: zodResolver(signUpInput),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      businessName: '',
      password: '',
      confirmPassword: '',
    },
  });
  const { errors } = form.formState;
  const slugPreview = deriveSlug(form.watch('businessName') ?? '');

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await signUp.mutateAsync(values);
      toast.success('Account created successfully!', {
        description: `Welcome to ${PRODUCT_NAME}. You can now start using the system.`,
      });
      const url = afterSignUpUrl(result);
      window.setTimeout(() => onCreated(url), SIGN_UP_REDIRECT_MS);
    } catch (error) {
      if (showServerFieldErrors(form, error, FIELDS)) return;
      toast.error('Registration failed', {
        description: error instanceof Error ? error.message : String(error),
      });
    }
  });
  const isBusy = form.formState.isSubmitting || signUp.isSuccess;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Create your business account">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField id="register-first-name" label="First name" error={errors.firstName?.message}>
          <Input autoComplete="given-name" maxLength={60} {...form.register('firstName')} />
        </FormField>
        <FormField id="register-last-name" label="Last name" error={errors.lastName?.message}>
          <Input autoComplete="family-name" maxLength={60} {...form.register('lastName')} />
        </FormField>
      </div>
      <FormField id="register-email" label="Email" error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          maxLength={254}
          {...form.register('email')}
        />
      </FormField>
      <FormField id="register-phone" label="Phone" error={errors.phone?.message}>
        <Input
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="024 123 4567"
          maxLength={30}
          {...form.register('phone')}
        />
      </FormField>
      <FormField
        id="register-business-name"
        label="Business name"
        error={errors.businessName?.message}
        hint={
          slugPreview
            ? `Your web address: ${slugPreview}`
            : 'Your shop’s name; it also makes its web address.'
        }
      >
        <Input
          autoComplete="organization"
          placeholder="e.g. Adwoa Provisions"
          maxLength={80}
          {...form.register('businessName')}
        />
      </FormField>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField id="register-password" label="Password" error={errors.password?.message}>
          <PasswordInput autoComplete="new-password" maxLength={200} {...form.register('password')} />
        </FormField>
        <FormField
          id="register-confirm-password"
          label="Confirm password"
          error={errors.confirmPassword?.message}
        >
          <PasswordInput autoComplete="new-password" maxLength={200} {...form.register('confirmPassword')} />
        </FormField>
      </div>
      <Button type="submit" size="lg" disabled={isBusy}>
        {isBusy ? <Spinner label="Creating your account" /> : <UserPlusIcon aria-hidden="true" />}
        Create account
      </Button>
    </form>
  );
}
