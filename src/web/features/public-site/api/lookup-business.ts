import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';

export type BusinessLookupResult = { business: { slug: string; name: string } };

/** The server matches the cleaned slug, or the business name ignoring case and punctuation. */
export function lookupBusiness(query: string): Promise<BusinessLookupResult> {
  return api.get<BusinessLookupResult>(`/api/v1/public/business-lookup?q=${encodeURIComponent(query)}`);
}

// A lookup runs when the form is submitted, not when a page shows, so it is a mutation in TanStack terms.
export function useLookupBusiness() {
  return useMutation({ mutationFn: lookupBusiness });
}
