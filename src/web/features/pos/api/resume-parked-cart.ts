import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ParkedCartResponse } from '#domain/schemas/sales.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { invalidateAfter } from '#web/lib/query-keys.ts';

/** Resuming takes the sale off the shelf: a second till resuming it gets 404 'This parked sale was already resumed'. */
export function resumeParkedCart(id: string): Promise<ParkedCartResponse> {
  return api.delete<ParkedCartResponse>(`/api/v1/parked-carts/${encodeURIComponent(id)}`);
}

export function useResumeParkedCart() {
  const queryClient = useQueryClient();
  const slug = useBusinessSlug();
  return useMutation({
    mutationFn: resumeParkedCart,
    // A write that is never retried: a lost answer is settled by the list read afterwards.
    retry: false,
    onSettled: () => invalidateAfter.parkedCartsChange(queryClient, slug),
  });
}
