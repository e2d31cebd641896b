import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Customer, CustomerCreateInput } from '#domain/schemas/customers.ts';
import { api } from '#web/lib/api-client.ts';

export function createCustomer(input: CustomerCreateInput): Promise<{ customer: Customer }> {
  return api.post<{ customer: Customer }>('/api/v1/customers', input);
}

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['pos', 'customers'] }),
  });
}
