import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ParkCartInput, ParkedCartResponse } from '#domain/schemas/sales.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { invalidateAfter } from '#web/lib/query-keys.ts';

export function parkCart(input: ParkCartInput): Promise<ParkedCartResponse> {
  return api.post<ParkedCartResponse>('/api/v1/parked-carts', input);
}

export function useParkCart() {
  const queryClient = useQueryClient();
  const slug = useBusinessSlug();
  return useMutation({
    mutationFn: parkCart,
    // Not retried: a lost answer followed by a retry would park the same sale twice; the cart stays put.
    retry: false,
    onSuccess: () => invalidateAfter.parkedCartsChange(queryClient, slug),
  });
}
