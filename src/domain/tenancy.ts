// Which business a request or a page belongs to (platform §2 "How the business is identified").

export type HostParts = { hostname: string; port: string };

/** Splits a Host header into a lower-case host name and port; null when it is not a plausible host. */
export function parseHost(host: string | undefined): HostParts | null {
  if (!host || host.length > 255) return null;
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i.exec(host.trim());
  if (!match) return null;
  return { hostname: match[1]!.toLowerCase(), port: match[2] ?? '' };
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** localhost and bare IP addresses carry no subdomain, so the business comes from `?business=`. */
export function isLocalHostname(hostname: string): boolean {
  return (
    hostname === 'localhost' || IPV4.test(hostname) || hostname.startsWith('[') || hostname.includes(':')
  );
}

export type SlugSource = {
  hostname: string;
  appDomain: string;
  /** `?business=` on the page, or the `X-Business` header on an API call. */
  businessParam?: string | null;
};

/**
 * The business slug named by a host, or null for the public (non-tenant) site. The slug is returned as
 * found (lower-cased); whether such a business exists is the caller's question.
 */
export function resolveBusinessSlug({ hostname, appDomain, businessParam }: SlugSource): string | null {
  const host = hostname.toLowerCase();
  const domain = appDomain.toLowerCase();
  if (isLocalHostname(host)) {
    const param = businessParam?.trim().toLowerCase();
    return param ? param : null;
  }
  const subdomain = leadingLabel(host, domain) ?? leadingLabel(host, 'localhost');
  if (subdomain === null || subdomain === 'www' || subdomain === 'app') return null;
  return subdomain;
}

function leadingLabel(host: string, domain: string): string | null {
  if (!host.endsWith(`.${domain}`)) return null;
  const rest = host.slice(0, -(domain.length + 1));
  // The leading subdomain names the business: shop.example.com, and also www.shop.example.com → shop.
  const labels = rest.split('.');
  const label = labels.length > 1 && labels[0] === 'www' ? labels[1] : labels[0];
  return label ? label : null;
}

export type Origin = { protocol: string; hostname: string; port: string };

/**
 * The address of a business's app (platform §2: default path /app). On localhost and IPs the business
 * travels in `?business=`, elsewhere as the subdomain of the product domain.
 */
export function buildBusinessUrl(slug: string, origin: Origin, appDomain: string, path = '/app'): string {
  const port = origin.port ? `:${origin.port}` : '';
  const safePath = path.startsWith('/') ? path : `/${path}`;
  if (isLocalHostname(origin.hostname) && isLocalHostname(appDomain)) {
    const separator = safePath.includes('?') ? '&' : '?';
    return `${origin.protocol}//${origin.hostname}${port}${safePath}${separator}business=${encodeURIComponent(slug)}`;
  }
  return `${origin.protocol}//${slug}.${appDomain}${port}${safePath}`;
}
