import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionSummary } from '#domain/schemas/auth.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusiness } from '#web/lib/business-context.tsx';
import { sessionQueryKey } from '#web/lib/session.ts';

export function sessionsQuery(slug: string) {
  return queryOptions({
    queryKey: [...sessionQueryKey(slug), 'sessions'] as const,
    queryFn: ({ signal }) => api.get<{ sessions: SessionSummary[] }>('/api/v1/me/sessions', { signal }),
    select: (data) => data.sessions,
    staleTime: 30_000,
  });
}

export function useSessions() {
  return useQuery(sessionsQuery(useBusiness().slug));
}
