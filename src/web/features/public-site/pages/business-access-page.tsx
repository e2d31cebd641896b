import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowRightIcon, CircleAlertIcon, LogInIcon, StoreIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Alert, AlertDescription } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { businessUrl } from '#web/lib/tenancy.ts';
import { type ShowcaseBusiness, useShowcase } from '../api/get-showcase.ts';
import { useLookupBusiness } from '../api/lookup-business.ts';

// platform §8 "Business access failure".
export const ACCESS_FAILURE_MESSAGE =
  'Unable to access business. Please check the business name and try again.';
const BUSINESS_DASHBOARD_PATH = '/app/dashboard';

const accessForm = z.object({ query: z.string().trim().min(1, 'Please enter your business name') });
type AccessFormValues = z.infer<typeof accessForm>;

function openBusiness(slug: string): void {
  // Another business is another site (its own subdomain), so this is a full page load, not an SPA route.
  window.location.assign(businessUrl(slug, BUSINESS_DASHBOARD_PATH));
}

export function BusinessAccessPage() {
  return (
    <div className="bg-gradient-to-b from-secondary/60 to-background">
      <div className="mx-auto grid max-w-xl gap-8 px-4 py-12 sm:px-6 md:py-16">
        <div className="grid justify-items-center gap-3 text-center">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-primary text-primary-foreground shadow-lg shadow-primary/20">
            <LogInIcon className="size-6" aria-hidden="true" />
          </span>
          <h1 className="font-bold text-3xl tracking-tight">Access your business</h1>
          <p className="text-muted-foreground">Enter your business name to go to your shop's sign-in page.</p>
        </div>
        <AccessForm />
        <Showcase />
        <HelpText />
      </div>
    </div>
  );
}

function AccessForm() {
  const lookup = useLookupBusiness();
  const form = useForm<AccessFormValues>({ resolver: zodResolver(accessForm), defaultValues: { query: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ query }) =>
    lookup.mutateAsync(query).then(
      ({ business }) => openBusiness(business.slug),
      // The failure is shown from the mutation's error state below.
      () => undefined,
    ),
  );

  // After a successful lookup the page is on its way to the business; keep the button busy until it leaves.
  const isBusy = form.formState.isSubmitting || lookup.isPending || lookup.isSuccess;

  return (
    <Card>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Business access">
          {lookup.isError && (
            <Alert variant="destructive">
              <CircleAlertIcon aria-hidden="true" />
              <AlertDescription>{ACCESS_FAILURE_MESSAGE}</AlertDescription>
            </Alert>
          )}
          <FormField
            id="business-query"
            label="Business name or slug"
            error={errors.query?.message}
            hint="For example “Demo Shop” or “demo”."
          >
            <Input
              autoComplete="organization"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="Your business name"
              className="h-12 text-base"
              autoFocus
              {...form.register('query', { onChange: () => lookup.isError && lookup.reset() })}
            />
          </FormField>
          <Button type="submit" size="lg" disabled={isBusy}>
            {isBusy ? <Spinner label="Finding your business" /> : <ArrowRightIcon aria-hidden="true" />}
            {isBusy ? 'Finding your business...' : 'Access business'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function formatBusinessType(type: string | null): string | null {
  if (!type) return null;
  const words = type.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function Showcase() {
  const showcase = useShowcase();
  // The samples are a convenience: when there are none, or they cannot load, the section is left out.
  if (showcase.isError || (showcase.isSuccess && showcase.data.length === 0)) return null;

  return (
    <section aria-labelledby="showcase-heading" className="grid gap-3">
      <div className="flex items-center gap-3">
        <h2 id="showcase-heading" className="font-semibold text-muted-foreground text-sm">
          Or try a sample business
        </h2>
        <div className="h-px flex-1 bg-border" />
      </div>
      {showcase.isPending ? (
        <div className="grid gap-3 sm:grid-cols-2" role="status" aria-label="Loading sample businesses">
          {['a', 'b', 'c', 'd'].map((key) => (
            <Skeleton key={key} className="h-16 rounded-xl" />
          ))}
        </div>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {showcase.data.map((business) => (
            <li key={business.slug}>
              <ShowcaseButton business={business} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ShowcaseButton({ business }: { business: ShowcaseBusiness }) {
  const type = formatBusinessType(business.business_type);
  return (
    <button
      type="button"
      onClick={() => openBusiness(business.slug)}
      className="group flex w-full cursor-pointer items-center gap-3 rounded-xl border bg-card p-3 text-left shadow-xs transition-[border-color,box-shadow] hover:border-primary/60 hover:shadow-md focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-2"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
        <StoreIcon className="size-5" aria-hidden="true" />
      </span>
      <span className="grid min-w-0 flex-1">
        <span className="truncate font-medium">{business.name}</span>
        <span className="truncate text-muted-foreground text-xs">{type ?? business.slug}</span>
      </span>
      <ArrowRightIcon
        className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:text-primary"
        aria-hidden="true"
      />
    </button>
  );
}

function HelpText() {
  return (
    <Card className="gap-3 bg-muted/50 shadow-none">
      <CardHeader>
        <CardTitle>
          <h2 className="text-base">Need help?</h2>
        </CardTitle>
        <CardDescription>
          Use the business name you registered with, or your shop's short name from its web address. Upper or
          lower case and punctuation do not matter.
        </CardDescription>
      </CardHeader>
      <CardContent className="text-sm">
        New here?{' '}
        <Link to="/contact" className="font-medium text-primary underline-offset-4 hover:underline">
          Request a setup call
        </Link>{' '}
        and we'll get your business online.
      </CardContent>
    </Card>
  );
}
