import { zodResolver } from '@hookform/resolvers/zod';
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon, SendIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { contactRequestInput } from '#domain/schemas/contact-request.ts';
import { Alert, AlertDescription, AlertTitle } from '#web/components/ui/alert.tsx';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '#web/components/ui/alert-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { isApiError } from '#web/lib/api-client.ts';
import { OFFICE_ADDRESS, SUPPORT_EMAIL, SUPPORT_PHONE, SUPPORT_PHONE_HREF } from '#web/lib/product.ts';
import { showServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { useCreateContactRequest } from '../api/create-contact-request.ts';

type ContactFormValues = z.input<typeof contactRequestInput>;
type ContactFormOutput = z.output<typeof contactRequestInput>;
const CONTACT_FIELDS = ['business_name', 'contact_person', 'email', 'phone', 'message'] as const;

const EMPTY_FORM: ContactFormValues = {
  business_name: '',
  contact_person: '',
  email: '',
  phone: '',
  message: '',
};

// platform §2: the four steps from request to a working shop.
const STEPS = [
  { title: 'Submit your request', description: 'Tell us about your business with the form on this page.' },
  { title: 'Consultation call', description: 'We call to understand your shop and recommend a plan.' },
  { title: 'Setup and payment', description: 'We create your business, its web address and settings.' },
  { title: 'Onboarding', description: 'You receive an invitation email to finish setup and add your team.' },
] as const;

export function ContactPage() {
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:py-16">
      <div className="grid max-w-2xl gap-3">
        <p className="font-semibold text-primary text-sm uppercase tracking-wider">Get started</p>
        <h1 className="text-balance font-bold text-3xl tracking-tight sm:text-4xl">Bring your shop online</h1>
        <p className="text-lg text-muted-foreground">
          Tell us a little about your business. We'll call you to set things up, then send an invitation so
          you can start selling.
        </p>
      </div>
      <div className="grid items-start gap-8 lg:grid-cols-5">
        <ContactForm />
        <aside className="grid gap-6 lg:col-span-2">
          <HowItWorks />
          <ContactDetails />
        </aside>
      </div>
    </div>
  );
}

function ContactForm() {
  const navigate = useNavigate();
  const [isThankYouOpen, setThankYouOpen] = useState(false);
  const createRequest = useCreateContactRequest();
  const form = useForm<ContactFormValues, unknown, ContactFormOutput>({
    resolver: zodResolver(contactRequestInput),
    defaultValues: EMPTY_FORM,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    // The message is optional; an empty one is sent as empty text rather than left out.
    createRequest.mutateAsync({ ...values, message: values.message ?? '' }).then(
      () => {
        form.reset(EMPTY_FORM);
        setThankYouOpen(true);
      },
      (error: unknown) => {
        // The server names the fields it refused (400); show those under the fields themselves.
        showServerFieldErrors(form, error, CONTACT_FIELDS);
      },
    ),
  );

  const isSending = form.formState.isSubmitting || createRequest.isPending;
  const failure = createRequest.error;
  const hasFieldErrors = isApiError(failure) && failure.fields !== undefined;

  return (
    <Card className="lg:col-span-3">
      <CardHeader>
        <CardTitle>
          <h2 className="text-xl">Request a setup call</h2>
        </CardTitle>
        <CardDescription>Fields marked optional can be left empty.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Get started request">
          {failure && !hasFieldErrors && (
            <Alert variant="destructive">
              <AlertTitle>Your request was not sent</AlertTitle>
              <AlertDescription>{failure.message}</AlertDescription>
            </Alert>
          )}
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField id="business_name" label="Business name" error={errors.business_name?.message}>
              <Input
                autoComplete="organization"
                placeholder="e.g. Adjoa's Provisions"
                {...form.register('business_name')}
              />
            </FormField>
            <FormField id="contact_person" label="Contact person" error={errors.contact_person?.message}>
              <Input autoComplete="name" placeholder="Your full name" {...form.register('contact_person')} />
            </FormField>
            <FormField id="email" label="Email" error={errors.email?.message}>
              <Input
                type="email"
                autoComplete="email"
                placeholder="you@example.com"
                {...form.register('email')}
              />
            </FormField>
            <FormField id="phone" label="Phone" error={errors.phone?.message}>
              <Input
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                placeholder="+233 24 000 0000"
                {...form.register('phone')}
              />
            </FormField>
          </div>
          <FormField id="message" label="Message" optional error={errors.message?.message}>
            <Textarea
              rows={4}
              placeholder="What do you sell, how many staff and branches do you have?"
              {...form.register('message')}
            />
          </FormField>
          <Button
            type="submit"
            size="lg"
            disabled={isSending}
            className="w-full sm:w-auto sm:justify-self-start"
          >
            {isSending ? <Spinner label="Sending" /> : <SendIcon aria-hidden="true" />}
            {isSending ? 'Sending...' : 'Send request'}
          </Button>
        </form>
      </CardContent>
      {/* platform §2: the thank-you alert returns to the landing page however it is closed. */}
      <AlertDialog open={isThankYouOpen} onOpenChange={(open) => open || navigate('/')}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Thank you!</AlertDialogTitle>
            <AlertDialogDescription>
              We have received your request and will contact you within 24 hours to get your business set up.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogAction>OK</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}

function HowItWorks() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">How it works</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-5">
          {STEPS.map((step, index) => (
            <li key={step.title} className="flex gap-4">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground text-sm">
                {index + 1}
              </span>
              <div className="grid gap-0.5">
                <h3 className="font-medium">{step.title}</h3>
                <p className="text-muted-foreground text-sm">{step.description}</p>
              </div>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

function ContactDetails() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Talk to us</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <a href={SUPPORT_PHONE_HREF} className="flex items-center gap-3 rounded-md hover:text-primary">
          <PhoneIcon className="size-4 text-primary" aria-hidden="true" />
          {SUPPORT_PHONE}
        </a>
        <a href={`mailto:${SUPPORT_EMAIL}`} className="flex items-center gap-3 rounded-md hover:text-primary">
          <MailIcon className="size-4 text-primary" aria-hidden="true" />
          {SUPPORT_EMAIL}
        </a>
        <p className="flex items-center gap-3">
          <MapPinIcon className="size-4 text-primary" aria-hidden="true" />
          {OFFICE_ADDRESS}
        </p>
        <p className="flex items-center gap-3 rounded-lg bg-accent px-3 py-2 font-medium text-accent-foreground">
          <ClockIcon className="size-4" aria-hidden="true" />
          We respond within 24 hours.
        </p>
      </CardContent>
    </Card>
  );
}
