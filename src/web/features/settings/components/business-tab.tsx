import { zodResolver } from '@hookform/resolvers/zod';
import { SaveIcon } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { BUSINESS_TYPES, CURRENCIES, POS_FEATURES, type PosFeature, TIMEZONES } from '#domain/business.ts';
import { POS_FEATURE_LABELS } from '#domain/schemas/onboarding.ts';
import {
  type BusinessProfile,
  type BusinessProfileBody,
  type BusinessProfileInput,
  businessProfileInput,
} from '#domain/schemas/settings.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { showServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { useSaveSettings } from '../api/settings.ts';

const COLOURS = [
  ['primary', 'Primary colour', 'Buttons, links and the selected menu entry'],
  ['secondary', 'Secondary colour', 'Quiet buttons and panels'],
  ['accent', 'Accent colour', 'Highlights as the pointer passes'],
  ['background', 'Background colour', 'The page behind everything (light theme)'],
  ['text', 'Text colour', 'Text on the page (light theme)'],
] as const;

const FIELDS = [
  'name',
  'contact_person',
  'email',
  'phone',
  'address',
  'logo_url',
  'business_description',
  'business_type',
  'operating_hours',
  'tax_id',
  'receipt_footer',
  'currency',
  'timezone',
  'pos_features',
  ...COLOURS.map(([key]) => `theme_colors.${key}` as const),
] as const;

function toValues(profile: BusinessProfileBody): BusinessProfileInput {
  return {
    name: profile.name,
    contact_person: profile.contact_person ?? '',
    email: profile.email ?? '',
    phone: profile.phone ?? '',
    address: profile.address,
    logo_url: profile.logo_url ?? '',
    business_description: profile.business_description ?? '',
    business_type: (BUSINESS_TYPES as readonly string[]).includes(profile.business_type ?? '')
      ? (profile.business_type as (typeof BUSINESS_TYPES)[number])
      : null,
    operating_hours: profile.operating_hours ?? '',
    tax_id: profile.tax_id ?? '',
    receipt_footer: profile.receipt_footer ?? '',
    currency: profile.currency as (typeof CURRENCIES)[number],
    timezone: profile.timezone as (typeof TIMEZONES)[number],
    theme_colors: profile.theme_colors,
    pos_features: profile.pos_features.filter((feature): feature is PosFeature =>
      (POS_FEATURES as readonly string[]).includes(feature),
    ),
  };
}

/** Settings → Business: every business field of platform §3, its theme colours and its POS features. */
export function BusinessTab({ profile }: { profile: BusinessProfileBody }) {
  const save = useSaveSettings('profile');
  const form = useForm<BusinessProfileInput, unknown, BusinessProfile>({
    resolver: zodResolver(businessProfileInput),
    defaultValues: toValues(profile),
  });
  const { errors } = form.formState;
  // The profile changed elsewhere (the loyalty card switches the loyalty_program feature): an untouched form
  // follows it, so saving it later never puts back what was there before.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(toValues(profile));
  }, [form, profile]);
  const onSubmit = form.handleSubmit((values) =>
    save.mutateAsync(values).then(
      (saved) => {
        form.reset(toValues(saved.profile));
        toast.success('Business settings saved');
      },
      (error: Error) => {
        if (!showServerFieldErrors(form, error, FIELDS))
          toast.error('Could not save', { description: error.message });
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6" aria-label="Business profile">
      <Card className="grid gap-4 p-4 sm:p-6">
        <h2 className="font-semibold text-lg">Business details</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="business-name" label="Business name" error={errors.name?.message}>
            <Input autoComplete="organization" {...form.register('name')} />
          </FormField>
          <SelectField
            id="business-type"
            label="Business type"
            error={errors.business_type?.message}
            control={
              <Controller
                control={form.control}
                name="business_type"
                render={({ field }) => (
                  <Select value={field.value ?? ''} onValueChange={field.onChange}>
                    <SelectTrigger
                      id="business-type"
                      ref={field.ref}
                      onBlur={field.onBlur}
                      className="w-full"
                    >
                      <SelectValue placeholder="Choose a type" />
                    </SelectTrigger>
                    <SelectContent>
                      {BUSINESS_TYPES.map((type) => (
                        <SelectItem key={type} value={type}>
                          {type}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            }
          />
          <FormField
            id="contact-person"
            label="Contact person"
            optional
            error={errors.contact_person?.message}
          >
            <Input autoComplete="name" {...form.register('contact_person')} />
          </FormField>
          <FormField id="business-email" label="Email" optional error={errors.email?.message}>
            <Input type="email" autoComplete="email" {...form.register('email')} />
          </FormField>
          <FormField id="business-phone" label="Phone" optional error={errors.phone?.message}>
            <Input type="tel" inputMode="tel" placeholder="+233 24 000 0000" {...form.register('phone')} />
          </FormField>
          <FormField id="business-tax-id" label="Tax ID" optional error={errors.tax_id?.message}>
            <Input autoComplete="off" {...form.register('tax_id')} />
          </FormField>
          <FormField id="business-address" label="Address" optional error={errors.address?.message}>
            <Input autoComplete="street-address" {...form.register('address')} />
          </FormField>
          <FormField
            id="operating-hours"
            label="Operating hours"
            optional
            hint="e.g. Mon–Sat 7:00–21:00"
            error={errors.operating_hours?.message}
          >
            <Input autoComplete="off" {...form.register('operating_hours')} />
          </FormField>
          <FormField
            id="logo-url"
            label="Logo address"
            optional
            hint="A web address of the logo image, starting with https://"
            error={errors.logo_url?.message}
            className="sm:col-span-2"
          >
            <Input type="url" inputMode="url" autoComplete="off" {...form.register('logo_url')} />
          </FormField>
          <FormField
            id="business-description"
            label="Description"
            optional
            error={errors.business_description?.message}
            className="sm:col-span-2"
          >
            <Textarea rows={2} {...form.register('business_description')} />
          </FormField>
          <FormField
            id="receipt-footer"
            label="Receipt footer"
            optional
            hint="Printed at the bottom of every receipt."
            error={errors.receipt_footer?.message}
            className="sm:col-span-2"
          >
            <Textarea rows={2} {...form.register('receipt_footer')} />
          </FormField>
          <ChoiceField form={form} name="currency" label="Currency" options={CURRENCIES} />
          <ChoiceField form={form} name="timezone" label="Timezone" options={TIMEZONES} />
        </div>
      </Card>

      <Card className="grid gap-4 p-4 sm:p-6">
        <div className="grid gap-1">
          <h2 className="font-semibold text-lg">Theme colours</h2>
          <p className="text-muted-foreground text-sm">
            Applied across the app for everyone in this business.
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {COLOURS.map(([key, label, hint]) => (
            <FormField
              key={key}
              id={`colour-${key}`}
              label={label}
              hint={hint}
              error={errors.theme_colors?.[key]?.message}
            >
              <Input
                type="color"
                className="h-10 w-full cursor-pointer p-1"
                {...form.register(`theme_colors.${key}`)}
              />
            </FormField>
          ))}
        </div>
      </Card>

      <Card className="grid gap-4 p-4 sm:p-6">
        <div className="grid gap-1">
          <h2 className="font-semibold text-lg">POS features</h2>
          <p className="text-muted-foreground text-sm">
            A feature turned off hides its screens and menu entries for everyone.
          </p>
        </div>
        <Controller
          control={form.control}
          name="pos_features"
          render={({ field }) => (
            <fieldset className="grid gap-3 sm:grid-cols-2">
              <legend className="sr-only">POS features</legend>
              {POS_FEATURES.map((feature) => {
                const value = field.value ?? [];
                const isOn = value.includes(feature);
                return (
                  <div key={feature} className="flex items-center gap-2">
                    <Checkbox
                      id={`feature-${feature}`}
                      checked={isOn}
                      onCheckedChange={(checked) =>
                        field.onChange(
                          checked ? [...value, feature] : value.filter((other) => other !== feature),
                        )
                      }
                    />
                    <Label htmlFor={`feature-${feature}`} className="font-normal">
                      {POS_FEATURE_LABELS[feature]}
                    </Label>
                  </div>
                );
              })}
            </fieldset>
          )}
        />
        {errors.pos_features?.message && (
          <p className="font-medium text-destructive text-sm">{errors.pos_features.message}</p>
        )}
      </Card>

      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner label="Saving" /> : <SaveIcon aria-hidden="true" />}
          {save.isPending ? 'Saving…' : 'Save business settings'}
        </Button>
      </div>
    </form>
  );
}

function SelectField({
  id,
  label,
  error,
  control,
}: {
  id: string;
  label: string;
  error: string | undefined;
  control: ReactNode;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {control}
      {error && <p className="font-medium text-destructive text-sm">{error}</p>}
    </div>
  );
}

function ChoiceField({
  form,
  name,
  label,
  options,
}: {
  form: ReturnType<typeof useForm<BusinessProfileInput, unknown, BusinessProfile>>;
  name: 'currency' | 'timezone';
  label: string;
  options: readonly string[];
}) {
  return (
    <SelectField
      id={`business-${name}`}
      label={label}
      error={form.formState.errors[name]?.message}
      control={
        <Controller
          control={form.control}
          name={name}
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger id={`business-${name}`} ref={field.ref} onBlur={field.onBlur} className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {options.map((option) => (
                  <SelectItem key={option} value={option}>
                    {option}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      }
    />
  );
}
