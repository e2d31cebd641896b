import { queryOptions } from '@tanstack/react-query';
import type { PublicBusiness } from '#domain/schemas/contact-request.ts';
import { api } from './api-client.ts';

// platform §9: business data is cached for 10 minutes.
const BUSINESS_STALE_TIME = 10 * 60_000;

/** The business this page belongs to; the X-Business header (or the subdomain) tells the server which. */
export function publicBusinessQuery(slug: string) {
  return queryOptions({
    queryKey: ['public', 'business', slug],
    queryFn: ({ signal }) => api.get<{ business: PublicBusiness }>('/api/v1/public/business', { signal }),
    select: (data) => data.business,
    staleTime: BUSINESS_STALE_TIME,
  });
}
