import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';

export type ShowcaseBusiness = { slug: string; name: string; business_type: string | null };

// platform §2: the access page shows four sample businesses.
export const SHOWCASE_LIMIT = 4;

export const showcaseQuery = queryOptions({
  queryKey: ['public', 'showcase'],
  queryFn: ({ signal }) => api.get<{ businesses: ShowcaseBusiness[] }>('/api/v1/public/showcase', { signal }),
  select: (data) => data.businesses.slice(0, SHOWCASE_LIMIT),
});

export function useShowcase() {
  return useQuery(showcaseQuery);
}
