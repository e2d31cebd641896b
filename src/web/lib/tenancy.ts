import { buildBusinessUrl, isLocalHostname, type Origin, resolveBusinessSlug } from '#domain/tenancy.ts';
import { browserStorage, readStorage, STORAGE_KEYS, writeStorage } from './storage-keys.ts';

// The server writes the product domain and, in single-shop mode, the one business into these meta tags
// when it serves index.html (src/server/http/spa.ts); the built file keeps the placeholders.
const APP_DOMAIN_PLACEHOLDER = '__APP_DOMAIN__';
const SINGLE_BUSINESS_PLACEHOLDER = '__SINGLE_BUSINESS__';

function readMeta(doc: Document, name: string): string | null {
  return doc.querySelector(`meta[name="${name}"]`)?.getAttribute('content')?.trim() || null;
}

export function readAppDomain(doc: Document = document): string {
  const content = readMeta(doc, 'app-domain');
  if (!content || content === APP_DOMAIN_PLACEHOLDER) return 'localhost';
  return content.toLowerCase();
}

/** The one business this server serves at every address (SINGLE_BUSINESS), or null when it serves many. */
export function readSingleBusiness(doc: Document = document): string | null {
  const content = readMeta(doc, 'single-business');
  if (!content || content === SINGLE_BUSINESS_PLACEHOLDER) return null;
  return content.toLowerCase();
}

export type PageLocation = { hostname: string; pathname: string; search: string };

export type TenancyContext = {
  appDomain: string;
  /** SINGLE_BUSINESS of the server: every page belongs to it. */
  singleBusiness: string | null;
  /** sessionStorage: the business of this tab. */
  tabStorage: Storage | undefined;
  /** localStorage: the business this browser last opened, for tabs that have none yet. */
  browserStorage: Storage | undefined;
};

// The public site's own addresses (router.tsx, features/public-site): without ?business= these never open
// a remembered business, so the bare root always shows the public site.
const PUBLIC_SITE_PATHS = ['/', '/login', '/contact', '/signup'];
const PUBLIC_SITE_AREAS = ['/admin', '/admin-allowed'];

export function isPublicSitePath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (
    PUBLIC_SITE_PATHS.includes(path) ||
    PUBLIC_SITE_AREAS.some((area) => path === area || path.startsWith(`${area}/`))
  );
}

/**
 * The business this page belongs to (platform §2; the rules are in docs/decisions.md "Tenancy"):
 * - single-shop mode: the configured business, at every address;
 * - a real domain: the subdomain alone;
 * - localhost and IPs: `?business=` when given (the tab and the browser remember it); otherwise the public
 *   site's own paths are the public site, and any other path is the tab's business, else the business this
 *   browser last opened (the tab adopts it, so another tab's later choice does not move this one).
 */
export function resolvePageSlug(location: PageLocation, context: TenancyContext): string | null {
  if (context.singleBusiness) return context.singleBusiness;
  const businessParam = new URLSearchParams(location.search).get('business');
  const slug = resolveBusinessSlug({
    hostname: location.hostname,
    appDomain: context.appDomain,
    businessParam,
  });
  if (!isLocalHostname(location.hostname.toLowerCase())) return slug;
  if (slug) {
    writeStorage(context.tabStorage, STORAGE_KEYS.businessSlug, slug);
    writeStorage(context.browserStorage, STORAGE_KEYS.lastBusinessSlug, slug);
    return slug;
  }
  if (isPublicSitePath(location.pathname)) return null;
  const tabSlug = readStorage(context.tabStorage, STORAGE_KEYS.businessSlug);
  if (tabSlug) return tabSlug;
  const lastSlug = readStorage(context.browserStorage, STORAGE_KEYS.lastBusinessSlug);
  if (lastSlug) writeStorage(context.tabStorage, STORAGE_KEYS.businessSlug, lastSlug);
  return lastSlug;
}

function pageContext(): TenancyContext {
  return {
    appDomain: readAppDomain(),
    singleBusiness: readSingleBusiness(),
    tabStorage: browserStorage('session'),
    browserStorage: browserStorage('local'),
  };
}

export function getBusinessSlug(): string | null {
  return resolvePageSlug(window.location, pageContext());
}

/** Whether this server serves one business at every address (no public site, no switching). */
export function isSingleBusinessMode(): boolean {
  return readSingleBusiness() !== null;
}

/**
 * Forgets a business this browser remembered (one that turned out not to exist), so that neither this tab
 * nor a new one opens it again.
 */
export function forgetBusinessSlug(slug: string | null = null): void {
  const tab = browserStorage('session');
  const browser = browserStorage('local');
  const forgotten = slug ?? readStorage(tab, STORAGE_KEYS.businessSlug);
  writeStorage(tab, STORAGE_KEYS.businessSlug, null);
  if (forgotten && readStorage(browser, STORAGE_KEYS.lastBusinessSlug) === forgotten) {
    writeStorage(browser, STORAGE_KEYS.lastBusinessSlug, null);
  }
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

/** The public site's business access page, where a person picks another business (platform §5). */
export function businessAccessUrl(): string {
  return `${mainSiteUrl()}login`;
}
