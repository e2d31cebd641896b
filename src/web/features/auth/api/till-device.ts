import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { tillDeviceStatus } from '#domain/schemas/employees.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { queryKeys } from '#web/lib/query-keys.ts';

type TillDeviceStatus = z.infer<typeof tillDeviceStatus>;

/** Whether this browser is a trusted till of the business: PIN sign-in is offered only there. */
export function tillDeviceStatusQuery(slug: string) {
  return queryOptions({
    queryKey: queryKeys.tillDevices.status(slug),
    queryFn: ({ signal }) => api.get<TillDeviceStatus>('/api/v1/auth/till-device', { signal }),
    staleTime: 0,
  });
}

export function useTillDeviceStatus() {
  return useQuery(tillDeviceStatusQuery(useBusinessSlug()));
}
