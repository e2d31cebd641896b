import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OnboardingStart } from '#domain/schemas/onboarding.ts';
import { api } from '#web/lib/api-client.ts';

/** What the wizard starts from: the business and its invitation, if the link's token is valid. */
export function getOnboarding(invite: string, signal?: AbortSignal): Promise<OnboardingStart> {
  return api.get<OnboardingStart>(`/api/v1/onboarding?invite=${encodeURIComponent(invite)}`, { signal });
}

export function onboardingQuery(slug: string, invite: string) {
  return queryOptions({
    queryKey: ['onboarding', slug, invite],
    queryFn: ({ signal }) => getOnboarding(invite, signal),
    // An invalid or used link stays so; asking again changes nothing.
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

/** Asked only for an active business: an inactive one shows Business Not Found without asking. */
export function useOnboarding(slug: string, invite: string, isEnabled: boolean) {
  return useQuery({ ...onboardingQuery(slug, invite), enabled: isEnabled });
}
