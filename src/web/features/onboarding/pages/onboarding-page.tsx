import { LinkIcon, RefreshCwIcon, StoreIcon, WifiOffIcon } from 'lucide-react';
import { Navigate, useSearchParams } from 'react-router';
import { ONBOARDING_ERROR_CODES } from '#domain/schemas/onboarding.ts';
import { PageSpinner } from '#web/components/page-spinner.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { isApiError } from '#web/lib/api-client.ts';
import { useBusiness } from '#web/lib/business-context.tsx';
import { useOnboarding } from '../api/get-onboarding.ts';
import { OnboardingProblem } from '../components/onboarding-problem.tsx';
import { OnboardingWizard } from '../components/onboarding-wizard.tsx';

const NOT_FOUND_MESSAGE = "The business you're trying to access doesn't exist or is not active.";

/** /app/onboarding?invite=…: the wizard, or the page that says why it cannot open (platform §2). */
export function OnboardingPage() {
  const business = useBusiness();
  const [params] = useSearchParams();
  const invite = params.get('invite') ?? '';
  const start = useOnboarding(business.slug, invite, business.is_active);

  if (!business.is_active) {
    return <OnboardingProblem icon={StoreIcon} title="Business Not Found" message={NOT_FOUND_MESSAGE} />;
  }
  if (start.data) return <OnboardingWizard start={start.data} invite={invite} />;
  if (start.isPending) return <PageSpinner label="Loading..." />;

  const error = start.error;
  if (isApiError(error)) {
    switch (error.code) {
      case ONBOARDING_ERROR_CODES.alreadyOnboarded:
        // platform §2: a business with an owner goes to sign-in.
        return <Navigate to="/app/auth" replace />;
      case ONBOARDING_ERROR_CODES.businessNotFound:
        return <OnboardingProblem icon={StoreIcon} title="Business Not Found" message={NOT_FOUND_MESSAGE} />;
      case ONBOARDING_ERROR_CODES.invitationInvalid:
        return <OnboardingProblem icon={LinkIcon} title="Invitation not valid" message={error.message} />;
      case ONBOARDING_ERROR_CODES.invitationExpired:
        return <OnboardingProblem icon={LinkIcon} title="Invitation expired" message={error.message} />;
    }
  }
  return (
    <main className="flex min-h-dvh items-center justify-center p-6">
      <div className="grid w-full max-w-md justify-items-center gap-4 rounded-2xl border bg-card p-8 text-center shadow-sm">
        <WifiOffIcon className="size-8 text-destructive" aria-hidden="true" />
        <h1 className="font-semibold text-2xl">We couldn't open the setup</h1>
        <p className="text-muted-foreground" role="alert">
          {error.message}
        </p>
        <Button onClick={() => start.refetch()} disabled={start.isFetching}>
          <RefreshCwIcon className={start.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
          Try again
        </Button>
      </div>
    </main>
  );
}
