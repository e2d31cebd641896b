import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminProfile } from '#domain/schemas/admin.ts';
import { api } from '#web/lib/api-client.ts';

export const adminKeys = {
  all: ['admin'] as const,
  me: () => [...adminKeys.all, 'me'] as const,
  businesses: () => [...adminKeys.all, 'businesses'] as const,
  businessList: (search: string) => [...adminKeys.businesses(), { search }] as const,
  slugCheck: (name: string) => [...adminKeys.all, 'slug-check', name] as const,
  contactRequests: () => [...adminKeys.all, 'contact-requests'] as const,
};

/**
 * The signed-in admin, or null when nobody is. Asked of the session probe, which answers null rather than
 * a 401, so the signed-out sign-in page logs no failed request in the console.
 */
export async function getAdminMe(signal?: AbortSignal): Promise<AdminProfile | null> {
  return (await api.get<{ admin: AdminProfile | null }>('/api/v1/admin/session', { signal })).admin;
}

export function adminMeQuery() {
  return queryOptions({
    queryKey: adminKeys.me(),
    queryFn: ({ signal }) => getAdminMe(signal),
    // Checked again whenever a guarded page mounts; the cached answer shows meanwhile.
    staleTime: 0,
  });
}

export function useAdminMe() {
  return useQuery(adminMeQuery());
}
