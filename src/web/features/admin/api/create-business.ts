import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminBusiness, CreateBusinessInput } from '#domain/schemas/admin.ts';
import { api } from '#web/lib/api-client.ts';
import { adminKeys } from './get-admin-me.ts';

export function createBusiness(input: CreateBusinessInput): Promise<{ business: AdminBusiness }> {
  return api.post<{ business: AdminBusiness }>('/api/v1/admin/businesses', input);
}

export function useCreateBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBusiness,
    // A repeated create would only meet its own slug.
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.businesses() }),
  });
}
