import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminBusiness } from '#domain/schemas/admin.ts';
import { api } from '#web/lib/api-client.ts';
import { adminKeys } from './get-admin-me.ts';

/** Activates a business (any admin) or deactivates it (super_admin only). */
export function setBusinessActive({
  businessId,
  isActive,
}: {
  businessId: string;
  isActive: boolean;
}): Promise<{ business: AdminBusiness }> {
  const action = isActive ? 'activate' : 'deactivate';
  return api.post<{ business: AdminBusiness }>(`/api/v1/admin/businesses/${businessId}/${action}`);
}

export function useSetBusinessActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBusinessActive,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.businesses() }),
  });
}
