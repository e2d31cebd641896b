import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { App } from './types.ts';

/**
 * The Content-Security-Policy the built app runs under (docs/decisions.md, "Security headers"):
 * - scripts only from this origin, plus 'wasm-unsafe-eval' for the camera scanner's zxing WebAssembly; the
 *   page itself also runs its one inline script, allowed by its hash on the page's response alone (spa.ts);
 * - styles from this origin and inline: Radix (react-remove-scroll) and sonner insert <style> elements at
 *   run time without a nonce, which a style can at worst restyle, not run;
 * - images also from any http(s) address and data:/blob:, because a product's image is a link the shop gave;
 * - no framing by anyone, no plugins, forms and <base> only to this origin.
 */
export const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'media-src': ["'self'", 'blob:'],
  'worker-src': ["'self'", 'blob:'],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * The policy as a header value, with more script sources where a response needs them: the page adds the
 * hashes of its own inline script (spa.ts), which no other response may run.
 */
export function contentSecurityPolicyHeader(scriptSources: string[] = []): string {
  return Object.entries(CONTENT_SECURITY_POLICY)
    .map(([name, values]) => [name, ...values, ...(name === 'script-src' ? scriptSources : [])].join(' '))
    .join(';');
}

/**
 * Headers that only a document (a page, a worker) acts on. A script, a stylesheet or an image ignores them, yet
 * they were ≈ 600 of the ≈ 1,070 bytes of headers on each of the 25-odd files a till's first load fetches: a
 * third of a second on a 400 kbit/s line. The built app's hashed files go without them (spa.ts); what a
 * subresource does heed stays (nosniff, Cross-Origin-Resource-Policy, Referrer-Policy).
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

const HSTS = 'max-age=31536000; includeSubDomains';

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  // Helmet would send HSTS on plain HTTP too (a shop's server on http://192.168.x.x); sent below instead.
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  frameguard: { action: 'deny' },
  // The camera scanner and the customer display open no cross-origin windows; keep opener isolation.
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  // Product images come from other sites without CORS headers.
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet sets with these options, worked out once. They are the same on every response (no nonce,
 * no directive computed per request), and building helmet's middleware again for each request, as its Fastify
 * plugin does, re-read every option and the policy's directives each time.
 */
function helmetHeaders(options: HelmetOptions): [name: string, value: string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string) => headers.push([name.toLowerCase(), value]),
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Security headers on every response (helmet's), HSTS only over TLS, and no caching of any API answer that
 * depends on who asks. Registered before the routes so that its hooks run for all of them.
 */
export async function registerSecurityHeaders(app: App): Promise<void> {
  const headers = helmetHeaders(HELMET_OPTIONS);
  // On the response itself, as helmet sets them: a route may still replace one (the page's own policy) or take
  // the document-only ones off a script (spa.ts).
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });

  app.addHook('onSend', async (request, reply, payload) => {
    // request.protocol follows X-Forwarded-Proto only when TRUST_PROXY is on.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/api/v1/')) {
      const isPersonal =
        request.staff !== null ||
        request.admin !== null ||
        request.routeOptions.config.access?.kind !== 'public';
      // Answers for a signed-in person must never sit in a shared or back-button cache.
      if (isPersonal || !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
