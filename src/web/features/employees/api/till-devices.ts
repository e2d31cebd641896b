import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TillDevice } from '#domain/schemas/employees.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { invalidateAfter, queryKeys } from '#web/lib/query-keys.ts';

export function tillDevicesQuery(slug: string) {
  return queryOptions({
    queryKey: queryKeys.tillDevices.list(slug),
    queryFn: ({ signal }) => api.get<{ devices: TillDevice[] }>('/api/v1/till-devices', { signal }),
  });
}

export function useTillDevices() {
  return useQuery(tillDevicesQuery(useBusinessSlug()));
}

function useInvalidate() {
  const queryClient = useQueryClient();
  const slug = useBusinessSlug();
  return () => invalidateAfter.tillDeviceChange(queryClient, slug);
}

export function useTrustThisDevice() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (name: string) => api.post<{ device: TillDevice }>('/api/v1/till-devices', { name }),
    onSuccess,
  });
}

export function useRevokeDevice() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ device: TillDevice }>(`/api/v1/till-devices/${id}`),
    onSuccess,
  });
}
