import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Customer, CustomerCreateInput } from '#domain/schemas/customers.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { invalidateAfter } from '#web/lib/query-keys.ts';

// Shared by the customer book and the till's customer picker: a customer added at the till is in the book
// at once, and the other way round.

export function createCustomer(input: CustomerCreateInput): Promise<{ customer: Customer }> {
  return api.post<{ customer: Customer }>('/api/v1/customers', input);
}

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  const slug = useBusinessSlug();
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: () => invalidateAfter.customerChange(queryClient, slug),
  });
}
