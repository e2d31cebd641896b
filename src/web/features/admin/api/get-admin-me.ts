import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminProfile } from '#domain/schemas/admin.ts';
import { api, isApiError } from '#web/lib/api-client.ts';

export const adminKeys = {
  all: ['admin'] as const,
  me: () => [...adminKeys.all, 'me'] as const,
  businesses: () => [...adminKeys.all, 'businesses'] as const,
  businessList: (search: string) => [...adminKeys.businesses(), { search }] as const,
  slugCheck: (name: string) => [...adminKeys.all, 'slug-check', name] as const,
  contactRequests: () => [...adminKeys.all, 'contact-requests'] as const,
};

/** The signed-in admin, or null when nobody is (a 401 is an answer here, not a failure). */
export async function getAdminMe(signal?: AbortSignal): Promise<AdminProfile | null> {
  try {
    return (await api.get<{ admin: AdminProfile }>('/api/v1/admin/me', { signal })).admin;
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
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
