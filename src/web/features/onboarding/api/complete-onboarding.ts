import { useMutation } from '@tanstack/react-query';
import type { OnboardingDone, OnboardingInput } from '#domain/schemas/onboarding.ts';
import { api } from '#web/lib/api-client.ts';

/** Creates the owner and saves the business in one go; the server signs the owner in. */
export function completeOnboarding(input: OnboardingInput): Promise<OnboardingDone> {
  return api.post<OnboardingDone>('/api/v1/onboarding', input);
}

export function useCompleteOnboarding() {
  // Never retried: a second submission would only be refused as onboarded already.
  return useMutation({ mutationFn: completeOnboarding, retry: false });
}
