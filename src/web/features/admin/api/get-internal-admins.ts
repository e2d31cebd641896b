import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InternalAdminRow } from '#domain/schemas/admin.ts';
import { api } from '#web/lib/api-client.ts';
import { adminKeys } from './get-admin-me.ts';

export function getInternalAdmins(signal?: AbortSignal): Promise<{ admins: InternalAdminRow[] }> {
  return api.get<{ admins: InternalAdminRow[] }>('/api/v1/admin/admins', { signal });
}

export function internalAdminsQuery() {
  return queryOptions({
    queryKey: [...adminKeys.all, 'admins'] as const,
    queryFn: ({ signal }) => getInternalAdmins(signal),
    select: (data) => data.admins,
    staleTime: 0,
  });
}

export function useInternalAdmins() {
  return useQuery(internalAdminsQuery());
}
