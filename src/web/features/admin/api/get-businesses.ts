import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BusinessListResponse } from '#domain/schemas/admin.ts';
import { api } from '#web/lib/api-client.ts';
import { adminKeys } from './get-admin-me.ts';

export function getBusinesses(search: string, signal?: AbortSignal): Promise<BusinessListResponse> {
  const query = search ? `?search=${encodeURIComponent(search)}` : '';
  return api.get<BusinessListResponse>(`/api/v1/admin/businesses${query}`, { signal });
}

export function businessesQuery(search: string) {
  return queryOptions({
    queryKey: adminKeys.businessList(search),
    queryFn: ({ signal }) => getBusinesses(search, signal),
    // Shops change from elsewhere (an owner finishing onboarding): asked again whenever the page opens.
    staleTime: 0,
  });
}

export function useBusinesses(search: string) {
  // While a new search loads, the previous list stays on screen instead of a blank.
  return useQuery({ ...businessesQuery(search), placeholderData: keepPreviousData });
}
