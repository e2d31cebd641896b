import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactRequestRow } from '#domain/schemas/admin.ts';
import { api } from '#web/lib/api-client.ts';
import { adminKeys } from './get-admin-me.ts';

export function getContactRequests(signal?: AbortSignal): Promise<{ contact_requests: ContactRequestRow[] }> {
  return api.get<{ contact_requests: ContactRequestRow[] }>('/api/v1/admin/contact-requests', { signal });
}

export function contactRequestsQuery() {
  return queryOptions({
    queryKey: adminKeys.contactRequests(),
    queryFn: ({ signal }) => getContactRequests(signal),
    select: (data) => data.contact_requests,
    // Shops change from elsewhere (an owner finishing onboarding): asked again whenever the page opens.
    staleTime: 0,
  });
}

export function useContactRequests() {
  return useQuery(contactRequestsQuery());
}
