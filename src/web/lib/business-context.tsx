import { createContext, type ReactNode, useContext } from 'react';
import type { PublicBusiness } from '#domain/schemas/contact-request.ts';

// The business of this subdomain, loaded once before the business app renders; its features read it here.
const BusinessContext = createContext<PublicBusiness | null>(null);

export function BusinessProvider({ business, children }: { business: PublicBusiness; children: ReactNode }) {
  return <BusinessContext value={business}>{children}</BusinessContext>;
}

export function useBusiness(): PublicBusiness {
  const business = useContext(BusinessContext);
  if (!business) throw new Error('useBusiness must be used inside the business app');
  return business;
}

/** The slug of this page's business: what every query key and browser-storage key of its data carries. */
export function useBusinessSlug(): string {
  return useBusiness().slug;
}
