import { buildBusinessUrl, isLocalHostname, type Origin, resolveBusinessSlug } from '#domain/tenancy.ts';
import { browserStorage, readStorage, STORAGE_KEYS, writeStorage } from './storage-keys.ts';

// The server writes the product domain into this meta tag when it serves index.html.
const APP_DOMAIN_PLACEHOLDER = '__APP_DOMAIN__';

export function readAppDomain(doc: Document = document): string {
  const content = doc.querySelector('meta[name="app-domain"]')?.getAttribute('content')?.trim();
  if (!content || content === APP_DOMAIN_PLACEHOLDER) return 'localhost';
  return content.toLowerCase();
}

export type PageLocation = { hostname: string; search: string };

/**
 * The business this page belongs to (platform §2). On localhost and IPs the slug travels in `?business=`,
 * which the SPA drops as soon as it navigates, so the tab remembers it in sessionStorage and uses it when
 * the parameter is absent. On a real domain the subdomain alone decides.
 */
export function resolvePageSlug(
  location: PageLocation,
  appDomain: string,
  storage: Storage | undefined,
): string | null {
  const businessParam = new URLSearchParams(location.search).get('business');
  const slug = resolveBusinessSlug({ hostname: location.hostname, appDomain, businessParam });
  if (!isLocalHostname(location.hostname.toLowerCase())) return slug;
  if (slug) {
    writeStorage(storage, STORAGE_KEYS.businessSlug, slug);
    return slug;
  }
  return readStorage(storage, STORAGE_KEYS.businessSlug);
}

export function getBusinessSlug(): string | null {
  return resolvePageSlug(window.location, readAppDomain(), browserStorage('session'));
}

/** Forgets the tab's remembered business, so the next page load is the public site. */
export function forgetBusinessSlug(): void {
  writeStorage(browserStorage('session'), STORAGE_KEYS.businessSlug, null);
}

function currentOrigin(): Origin {
  const { protocol, hostname, port } = window.location;
  return { protocol, hostname, port };
}

/** Address of a business's own app, e.g. `https://demo.example.com/app/dashboard`. */
export function businessUrl(slug: string, path = '/app'): string {
  return buildBusinessUrl(slug, currentOrigin(), readAppDomain(), path);
}

/**
 * Address of the public site. On localhost and IPs it is this origin without `?business=`; on a real
 * domain it is the bare product domain, with this page's protocol and port.
 */
export function buildMainSiteUrl(origin: Origin, appDomain: string): string {
  const port = origin.port ? `:${origin.port}` : '';
  const host = isLocalHostname(origin.hostname.toLowerCase()) ? origin.hostname : appDomain;
  return `${origin.protocol}//${host}${port}/`;
}

export function mainSiteUrl(): string {
  return buildMainSiteUrl(currentOrigin(), readAppDomain());
}
