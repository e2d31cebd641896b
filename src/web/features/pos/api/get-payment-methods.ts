import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentMethodsResponse } from '#domain/schemas/payments.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { CACHE_TIMES, queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/v1/payments/methods: which methods the business's provider takes now, and why any cannot. */
export function paymentMethodsQuery(slug: string) {
  return queryOptions({
    queryKey: queryKeys.payments.methods(slug),
    queryFn: ({ signal }) => api.get<PaymentMethodsResponse>('/api/v1/payments/methods', { signal }),
    staleTime: CACHE_TIMES.paymentConfig,
  });
}

export function usePaymentMethods() {
  return useQuery(paymentMethodsQuery(useBusinessSlug()));
}
