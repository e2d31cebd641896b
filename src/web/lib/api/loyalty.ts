import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { describeRates } from '#domain/loyalty.ts';
import type { CustomerLoyalty, LoyaltySettings, LoyaltySettingsInput } from '#domain/schemas/loyalty.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { CACHE_TIMES, invalidateAfter, queryKeys } from '#web/lib/query-keys.ts';
import { toast } from '#web/lib/toast.ts';

// Loyalty points, shared by the settings card, the till's redeem control and the customer screen.

export function useLoyaltySettings() {
  const slug = useBusinessSlug();
  return useQuery({
    queryKey: queryKeys.loyaltySettings(slug),
    queryFn: ({ signal }) => api.get<LoyaltySettings>('/api/v1/settings/loyalty', { signal }),
  });
}

export function useSaveLoyaltySettings() {
  const queryClient = useQueryClient();
  const slug = useBusinessSlug();
  return useMutation({
    mutationFn: (input: LoyaltySettingsInput) => api.put<LoyaltySettings>('/api/v1/settings/loyalty', input),
    onSuccess: (saved) => {
      // Said here, in the mutation itself: the form that asked is re-keyed by the saved settings.
      toast.success('Loyalty settings saved', {
        description: saved.is_enabled ? describeRates(saved) : 'The loyalty program is off.',
      });
      return invalidateAfter.loyaltySettingsChange(queryClient, slug);
    },
  });
}

/** A customer's balance and latest ledger lines; nothing is read without a customer. */
export function useCustomerLoyalty(customerId: string | null) {
  const slug = useBusinessSlug();
  return useQuery({
    queryKey: queryKeys.customers.loyalty(slug, customerId ?? ''),
    queryFn: ({ signal }) => api.get<CustomerLoyalty>(`/api/v1/customers/${customerId}/loyalty`, { signal }),
    enabled: customerId !== null,
    staleTime: CACHE_TIMES.customers,
  });
}
