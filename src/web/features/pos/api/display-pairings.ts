import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PendingPairing,
  TillDisplayInput,
  TillPairingsResponse,
} from '#domain/schemas/display-pairing.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { invalidateAfter, queryKeys } from '#web/lib/query-keys.ts';

const tillPath = (tillId: string) => `/api/v1/tills/${encodeURIComponent(tillId)}`;

export function tillPairingsQuery(slug: string, tillId: string) {
  return queryOptions({
    queryKey: queryKeys.displayPairings.ofTill(slug, tillId),
    queryFn: ({ signal }) =>
      api.get<TillPairingsResponse>(`${tillPath(tillId)}/display-pairings`, { signal }),
  });
}

/** The till's code waiting to be entered and its paired displays. */
export function useTillPairings(tillId: string) {
  return useQuery(tillPairingsQuery(useBusinessSlug(), tillId));
}

export function useStartPairing(tillId: string) {
  const queryClient = useQueryClient();
  const slug = useBusinessSlug();
  return useMutation({
    mutationFn: () => api.post<PendingPairing>(`${tillPath(tillId)}/display-pairings`),
    onSuccess: () => invalidateAfter.displayPairingChange(queryClient, slug),
  });
}

export function useRevokePairing() {
  const queryClient = useQueryClient();
  const slug = useBusinessSlug();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/api/v1/display-pairings/${encodeURIComponent(id)}`),
    onSuccess: () => invalidateAfter.displayPairingChange(queryClient, slug),
  });
}

/** The cart or payment state to the till's paired displays, through the server's event stream. */
export function sendToPairedDisplays(tillId: string, message: TillDisplayInput): Promise<null> {
  return api.post<null>(`${tillPath(tillId)}/display`, message);
}
