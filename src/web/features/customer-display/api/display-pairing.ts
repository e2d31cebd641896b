import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClaimPairingInput, DisplayPairingResponse } from '#domain/schemas/display-pairing.ts';
import { api, isApiError } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { queryKeys } from '#web/lib/query-keys.ts';

/** Which till this device follows as a paired display; null when it is not paired. */
export function displayPairingQuery(slug: string) {
  return queryOptions({
    queryKey: queryKeys.displayPairing(slug),
    queryFn: async ({ signal }) => {
      try {
        return await api.get<DisplayPairingResponse>('/api/v1/display-pairing', { signal });
      } catch (error) {
        if (isApiError(error) && error.status === 401) return null;
        throw error;
      }
    },
    // Asked once per page: the event stream says when the pairing ends.
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}

export function useDisplayPairing() {
  return useQuery(displayPairingQuery(useBusinessSlug()));
}

export function useClaimPairing() {
  const queryClient = useQueryClient();
  const slug = useBusinessSlug();
  return useMutation({
    mutationFn: (input: ClaimPairingInput) =>
      api.post<DisplayPairingResponse>('/api/v1/display-pairing/claim', input),
    onSuccess: (pairing) => queryClient.setQueryData(queryKeys.displayPairing(slug), pairing),
  });
}

/** A paired display (re)connected: ask its till for the current cart and payment state. */
export function askTillForState(): Promise<null> {
  return api.post<null>('/api/v1/display-pairing/ready');
}
