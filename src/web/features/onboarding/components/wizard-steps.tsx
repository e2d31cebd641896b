import { Controller, type UseFormReturn } from 'react-hook-form';
import { BUSINESS_TYPES, CURRENCIES, POS_FEATURES, TIMEZONES } from '#domain/business.ts';
import type { OnboardingForm, OnboardingFormValues } from '#domain/schemas/onboarding.ts';
import { POS_FEATURE_LABELS } from '#domain/schemas/onboarding.ts';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { SelectField } from './select-field.tsx';

export type WizardForm = UseFormReturn<OnboardingFormValues, unknown, OnboardingForm>;

const CURRENCY_LABELS: Record<(typeof CURRENCIES)[number], string> = {
  GHS: 'GHS — Ghana cedi (₵)',
  USD: 'USD — US dollar ($)',
  EUR: 'EUR — Euro (€)',
};
const TIMEZONE_LABELS: Record<(typeof TIMEZONES)[number], string> = {
  'Africa/Accra': 'Africa/Accra (GMT)',
  UTC: 'UTC',
};

/** Step 1: what the business is and where to find it. */
export function BusinessStep({ form }: { form: WizardForm }) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-5">
      <FormField
        id="business_description"
        label="Business description"
        error={errors.business_description?.message}
      >
        <Textarea
          rows={3}
          placeholder="What do you sell, and to whom?"
          {...form.register('business_description')}
        />
      </FormField>
      <SelectField
        control={form.control}
        name="business_type"
        label="Business type"
        placeholder="Choose the type of business"
        options={BUSINESS_TYPES.map((type) => ({ value: type, label: type }))}
        error={errors.business_type?.message}
      />
      <FormField id="address" label="Address" optional error={errors.address?.message}>
        <Input autoComplete="street-address" placeholder="Street, area, town" {...form.register('address')} />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          id="operating_hours"
          label="Operating hours"
          optional
          error={errors.operating_hours?.message}
        >
          <Input placeholder="Mon–Sat 8:00–20:00" {...form.register('operating_hours')} />
        </FormField>
        <FormField id="logo_url" label="Logo URL" optional error={errors.logo_url?.message}>
          <Input type="url" inputMode="url" placeholder="https://…" {...form.register('logo_url')} />
        </FormField>
      </div>
    </div>
  );
}

/** Step 2: the owner's account, used to sign in from now on. */
export function OwnerStep({ form }: { form: WizardForm }) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-5">
      <FormField id="owner_full_name" label="Owner full name" error={errors.owner_full_name?.message}>
        <Input autoComplete="name" {...form.register('owner_full_name')} />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="owner_email" label="Owner email" error={errors.owner_email?.message}>
          <Input type="email" autoComplete="email" {...form.register('owner_email')} />
        </FormField>
        <FormField id="owner_phone" label="Phone" optional error={errors.owner_phone?.message}>
          <Input
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="+233 24 000 0000"
            {...form.register('owner_phone')}
          />
        </FormField>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          id="password"
          label="Password"
          hint="At least 6 characters."
          error={errors.password?.message}
        >
          <Input type="password" autoComplete="new-password" {...form.register('password')} />
        </FormField>
        <FormField id="confirm_password" label="Confirm password" error={errors.confirm_password?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('confirm_password')} />
        </FormField>
      </div>
    </div>
  );
}

/** Step 3: money, time, what the till offers, and the receipt. */
export function SettingsStep({ form }: { form: WizardForm }) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          control={form.control}
          name="currency"
          label="Currency"
          options={CURRENCIES.map((currency) => ({ value: currency, label: CURRENCY_LABELS[currency] }))}
          error={errors.currency?.message}
        />
        <SelectField
          control={form.control}
          name="timezone"
          label="Timezone"
          options={TIMEZONES.map((timezone) => ({ value: timezone, label: TIMEZONE_LABELS[timezone] }))}
          error={errors.timezone?.message}
        />
      </div>
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-medium text-sm">POS features</legend>
        <Controller
          control={form.control}
          name="pos_features"
          render={({ field }) => {
            const chosen = new Set(field.value ?? []);
            return (
              <div className="grid gap-2 sm:grid-cols-2">
                {POS_FEATURES.map((feature) => (
                  <label
                    key={feature}
                    htmlFor={`feature-${feature}`}
                    className="flex cursor-pointer items-center gap-3 rounded-lg border p-3 text-sm has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5"
                  >
                    <Checkbox
                      id={`feature-${feature}`}
                      checked={chosen.has(feature)}
                      onCheckedChange={(checked) =>
                        field.onChange(
                          checked
                            ? POS_FEATURES.filter((f) => f === feature || chosen.has(f))
                            : POS_FEATURES.filter((f) => f !== feature && chosen.has(f)),
                        )
                      }
                    />
                    {POS_FEATURE_LABELS[feature]}
                  </label>
                ))}
              </div>
            );
          }}
        />
        {errors.pos_features?.message && (
          <p className="font-medium text-destructive text-sm">{errors.pos_features.message}</p>
        )}
      </fieldset>
      <FormField id="tax_id" label="Tax ID" optional error={errors.tax_id?.message}>
        <Input placeholder="e.g. C0012345678" {...form.register('tax_id')} />
      </FormField>
      <FormField
        id="receipt_footer"
        label="Receipt footer"
        optional
        hint="Printed at the bottom of every receipt."
        error={errors.receipt_footer?.message}
      >
        <Textarea
          rows={2}
          placeholder="Thank you for shopping with us!"
          {...form.register('receipt_footer')}
        />
      </FormField>
    </div>
  );
}
