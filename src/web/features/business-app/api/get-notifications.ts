import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationsResponse } from '#domain/schemas/notifications.ts';
import { api } from '#web/lib/api-client.ts';
import { sessionQueryKey } from '#web/lib/session.ts';

export function notificationsQuery(slug: string) {
  return queryOptions({
    queryKey: [...sessionQueryKey(slug), 'notifications'] as const,
    queryFn: ({ signal }) => api.get<NotificationsResponse>('/api/v1/me/notifications', { signal }),
    select: (data) => data.notifications,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
}

export function useNotifications(slug: string) {
  return useQuery(notificationsQuery(slug));
}
