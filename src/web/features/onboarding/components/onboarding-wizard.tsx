import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeftIcon, ArrowRightIcon, CheckIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import {
  BUSINESS_TYPES,
  CURRENCIES,
  DEFAULT_POS_FEATURES,
  POS_FEATURES,
  TIMEZONES,
} from '#domain/business.ts';
import { formatDate } from '#domain/dates.ts';
import {
  ONBOARDING_ERROR_CODES,
  ONBOARDING_FAILED,
  ONBOARDING_STEP_FIELDS,
  ONBOARDING_STEPS,
  type OnboardingForm,
  type OnboardingFormValues,
  type OnboardingStart,
  onboardingForm,
} from '#domain/schemas/onboarding.ts';
import { BrandLogo } from '#web/components/brand-mark.tsx';
import { Alert, AlertDescription, AlertTitle } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { isApiError } from '#web/lib/api-client.ts';
import { serverFieldErrors, showServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { sessionQueryKey } from '#web/lib/session.ts';
import { toast } from '#web/lib/toast.ts';
import { useCompleteOnboarding } from '../api/complete-onboarding.ts';
import { StepProgress } from './step-progress.tsx';
import { BusinessStep, OwnerStep, SettingsStep, type WizardForm } from './wizard-steps.tsx';

const LAST_STEP = ONBOARDING_STEPS.length - 1;

function oneOf<T extends string>(options: readonly T[], value: string | null | undefined): T | undefined {
  return options.find((option) => option === value);
}

/** The wizard starts from what the admin already knows of the business. */
export function initialValues({ business, invitation }: OnboardingStart): OnboardingFormValues {
  const features = business.pos_features.filter((f): f is (typeof POS_FEATURES)[number] =>
    (POS_FEATURES as readonly string[]).includes(f),
  );
  return {
    business_description: business.business_description ?? '',
    business_type: oneOf(BUSINESS_TYPES, business.business_type) as OnboardingFormValues['business_type'],
    address: business.address,
    operating_hours: business.operating_hours ?? '',
    logo_url: business.logo_url ?? '',
    owner_full_name: business.contact_person ?? '',
    owner_email: invitation.sent_to,
    owner_phone: business.phone ?? '',
    password: '',
    confirm_password: '',
    currency: oneOf(CURRENCIES, business.currency) ?? 'GHS',
    timezone: oneOf(TIMEZONES, business.timezone) ?? 'Africa/Accra',
    pos_features: features.length > 0 ? features : [...DEFAULT_POS_FEATURES],
    tax_id: business.tax_id ?? '',
    receipt_footer: business.receipt_footer ?? '',
  };
}

function stepOfField(field: string): number {
  const index = ONBOARDING_STEP_FIELDS.findIndex((fields) => (fields as string[]).includes(field));
  return index === -1 ? LAST_STEP : index;
}

/** platform §2 "Business onboarding": three steps, Previous and Next, submitted from step 3 only. */
export function OnboardingWizard({ start, invite }: { start: OnboardingStart; invite: string }) {
  const [step, setStep] = useState(0);
  const form: WizardForm = useForm<OnboardingFormValues, unknown, OnboardingForm>({
    resolver: zodResolver(onboardingForm),
    defaultValues: initialValues(start),
    mode: 'onTouched',
  });
  const complete = useCompleteOnboarding();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const isFirstRender = useRef(true);

  // A new step moves focus to its heading, so a keyboard or screen-reader user starts at its top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: it must run each time the step changes
  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  async function goNext() {
    const fields = ONBOARDING_STEP_FIELDS[step] ?? [];
    if (await form.trigger(fields, { shouldFocus: true })) {
      setStep((current) => current + 1);
      return;
    }
    // The step's fields now count as touched, so each is checked again as it changes ('onTouched'): an error
    // goes the moment it is put right. Left to go on blur, it went as the pointer pressed Next, the button
    // moved up under the pointer and that first valid Next was lost.
    for (const field of fields) {
      form.setValue(field, form.getValues(field), { shouldTouch: true });
    }
  }

  const submit = form.handleSubmit(
    async (values) => {
      try {
        await complete.mutateAsync({ ...values, invite });
      } catch (error) {
        const refused = Object.keys(serverFieldErrors(error) ?? {});
        if (refused[0]) setStep(stepOfField(refused[0]));
        showServerFieldErrors(form, error, ONBOARDING_STEP_FIELDS.flat(), { shouldFocus: false });
        return;
      }
      toast.success('Account created successfully!', {
        description: 'Welcome to Akwaaba POS. You can now start using the system.',
      });
      // The server signed the owner in; whoever was cached as signed in (nobody) is out of date.
      await queryClient.resetQueries({ queryKey: sessionQueryKey(start.business.slug) });
      navigate('/app/dashboard', { replace: true });
    },
    (errors) => {
      const first = Object.keys(errors)[0];
      if (first) setStep(stepOfField(first));
    },
  );

  const failure = complete.error;
  const hasFieldErrors = isApiError(failure) && failure.fields !== undefined;
  const isSubmitting = form.formState.isSubmitting || complete.isPending;

  return (
    // Room at the top on phones for the version switch fixed in the corner (platform §2).
    <main className="min-h-dvh bg-gradient-to-b from-secondary/60 to-background px-4 pt-16 pb-8 sm:py-12">
      <div className="mx-auto grid w-full max-w-2xl gap-6">
        <header className="flex items-center gap-3">
          {start.business.logo_url ? (
            <img src={start.business.logo_url} alt="" className="size-12 rounded-xl object-cover" />
          ) : (
            <BrandLogo className="size-12" />
          )}
          <div className="grid gap-0.5">
            <p className="text-muted-foreground text-sm">Welcome to Akwaaba POS</p>
            <p className="font-semibold text-xl leading-tight">{start.business.name}</p>
          </div>
        </header>

        <section className="grid gap-6 rounded-2xl border bg-card p-5 shadow-sm sm:p-8">
          <div className="grid gap-1">
            <h1 ref={headingRef} tabIndex={-1} className="font-semibold text-2xl outline-none">
              {ONBOARDING_STEPS[step]}
            </h1>
            <p className="text-muted-foreground text-sm">
              Set up your business in three short steps. Fields marked optional can be filled in later.
            </p>
          </div>
          <StepProgress step={step} />

          {failure && !hasFieldErrors && (
            <Alert variant="destructive">
              <AlertTitle>{ONBOARDING_FAILED}</AlertTitle>
              <AlertDescription>
                {failure.message || ONBOARDING_FAILED}
                {isApiError(failure) && failure.code === ONBOARDING_ERROR_CODES.alreadyOnboarded && (
                  <Link to="/app/auth" className="mt-1 block font-medium underline">
                    Go to sign in
                  </Link>
                )}
              </AlertDescription>
            </Alert>
          )}

          <form
            noValidate
            aria-label={ONBOARDING_STEPS[step]}
            className="grid gap-6"
            onSubmit={(event) => {
              // Enter on steps 1 and 2 means Next; only step 3 submits (platform §4).
              if (step < LAST_STEP) {
                event.preventDefault();
                void goNext();
                return;
              }
              void submit(event);
            }}
          >
            {step === 0 && <BusinessStep form={form} />}
            {step === 1 && <OwnerStep form={form} />}
            {step === 2 && <SettingsStep form={form} />}

            <div className="flex flex-col-reverse gap-3 border-t pt-5 sm:flex-row sm:justify-between">
              <Button
                type="button"
                variant="outline"
                disabled={step === 0 || isSubmitting}
                onClick={() => setStep((current) => current - 1)}
              >
                <ArrowLeftIcon aria-hidden="true" />
                Previous
              </Button>
              {step < LAST_STEP ? (
                <Button type="submit">
                  Next
                  <ArrowRightIcon aria-hidden="true" />
                </Button>
              ) : (
                <Button type="submit" disabled={isSubmitting}>
                  {isSubmitting ? <Spinner label="Setting up" /> : <CheckIcon aria-hidden="true" />}
                  {isSubmitting ? 'Setting up...' : 'Complete setup'}
                </Button>
              )}
            </div>
          </form>
        </section>
        <p className="text-center text-muted-foreground text-xs">
          Invited as {start.invitation.sent_to}. This link works until{' '}
          {formatDate(start.invitation.expires_at)}.
        </p>
      </div>
    </main>
  );
}
