import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { isValidSlug } from '#domain/slug.ts';
import { access } from './access.ts';
import { COMPRESSIBLE } from './compressible.ts';
import { pickEncoding } from './compression.ts';
import { errorBody } from './errors.ts';
import { earlyReads, pagesWithPreloads, preloadGroup, readManifest } from './page-preloads.ts';
import { contentSecurityPolicyHeader, DOCUMENT_ONLY_HEADERS } from './security-headers.ts';
import type { App, AppDeps } from './types.ts';

/** A file name Vite made from its content (`name-HASH.ext`), so a changed file always gets a new name. */
const HASHED_ASSET = /\/assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;
const COPY_SUFFIX = /\.(br|gz)$/;
/** Files a browser only ever runs or applies for a page, never shows as a document of their own. */
const SUBRESOURCE_ONLY = /\.(js|mjs|css|wasm)$/;

type IndexPage = { etag: string; identity: Buffer; br: Buffer; gzip: Buffer };

/**
 * A page as sent: its bytes plain and compressed, and its ETag. `brotliQuality` 11 (the best) costs ≈ 4 ms for
 * the 2 kB page, 5 costs 0.07 ms for ≈ 130 bytes more.
 */
function indexPage(html: string, brotliQuality: number = constants.BROTLI_MAX_QUALITY): IndexPage {
  const identity = Buffer.from(html);
  return {
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

const EARLY_READS_PLACEHOLDER = '__EARLY_READS__';

/** The CSP sources of the page's inline scripts (index.html has one, which starts the early reads). */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );
}

/**
 * The pages of one build, each with the business and the first reads of the address it is asked for filled
 * in: one per (group, business), compressed once and kept (a bounded number: any address names a business).
 */
function pageMaker(plain: string, byGroup: string[]) {
  const made = new Map<string, IndexPage>();
  const empty = (html: string) => indexPage(html.replace(EARLY_READS_PLACEHOLDER, ''));
  const plainPage = empty(plain);
  const groupPages = byGroup.map(empty);
  return (group: number, slug: string | null): IndexPage => {
    const reads = earlyReads(group);
    const html = byGroup[group];
    if (html === undefined) return plainPage;
    // The slug goes into an attribute: only a well-formed one, which needs no escaping.
    if (!slug || !isValidSlug(slug) || reads.length === 0) return groupPages[group] ?? plainPage;
    const key = `${group} ${slug}`;
    let page = made.get(key);
    if (!page) {
      if (made.size >= 1000) made.clear();
      // Any address can name a business, so a page made on request must be cheap to make.
      page = indexPage(html.replace(EARLY_READS_PLACEHOLDER, [slug, ...reads].join(' ')), 5);
      made.set(key, page);
    }
    return page;
  };
}

/**
 * Serves the built single-page app:
 * - every text file compressed, from the brotli and gzip copies written at build time, chosen by the
 *   request's Accept-Encoding and marked `Vary: Accept-Encoding` for caches in between;
 * - hashed assets cached for a year as immutable (a new release has new names);
 * - index.html revalidated on every load (`no-cache` with an ETag: a 304 costs one short round trip) and
 *   answered for every path that is not an API or asset path, so the client router can take it.
 */
export async function registerSpa(app: App, deps: AppDeps): Promise<void> {
  const root = resolve(deps.config.WEB_DIST_DIR);
  const indexPath = resolve(root, 'index.html');
  const isServingWeb = deps.config.SERVE_WEB && existsSync(indexPath);
  if (deps.config.SERVE_WEB && !isServingWeb) {
    app.log.warn({ root }, 'no built web app found; run `npm run build` (npm start does it for you)');
  }
  const pages = isServingWeb ? await registerBuiltFiles(app, deps, root, indexPath) : undefined;

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      path !== '/api' &&
      !path.startsWith('/assets/');
    if (pages && isPageRequest) {
      // The app's pages name their chunks and first reads up front (page-preloads.ts).
      const index = pages.page(preloadGroup(path), request.tenantSlug);
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('etag', index.etag)
        .header('vary', 'Accept-Encoding')
        .header('content-security-policy', pages.contentSecurityPolicy);
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === index.etag)) {
        return reply.status(304).send();
      }
      const encoding = pickEncoding(request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(encoding ? index[encoding] : index.identity);
    }
    return reply
      .status(404)
      .send(errorBody('NOT_FOUND', `There is nothing at ${request.method} ${path.slice(0, 200)}.`));
  });
}

/** The static files of the build, and index.html with its placeholders filled in, compressed once. */
async function registerBuiltFiles(
  app: App,
  deps: AppDeps,
  root: string,
  indexPath: string,
): Promise<{ page: ReturnType<typeof pageMaker>; contentSecurityPolicy: string }> {
  // Both values are validated by the config schema (host name, slug), so they are safe inside an attribute.
  const html = readFileSync(indexPath, 'utf8')
    .replace('__APP_DOMAIN__', deps.config.APP_DOMAIN)
    .replace('__SINGLE_BUSINESS__', deps.config.SINGLE_BUSINESS ?? '');
  await app.register(async (scope) => {
    // Built files are public by nature.
    scope.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), access: access.public };
    });
    await scope.register(fastifyStatic, {
      root,
      index: false,
      wildcard: true,
      cacheControl: false,
      preCompressed: true,
      // Directories ('/', '/assets/') are client routes or nothing, never a listing; the compressed copies
      // are reached only through Accept-Encoding; index.html only with its placeholders filled in.
      allowedPath: (pathName) =>
        !pathName.endsWith('/') && !COPY_SUFFIX.test(pathName) && pathName !== '/index.html',
      setHeaders: (res, filePath) => {
        const path = filePath.replaceAll('\\', '/').replace(COPY_SUFFIX, '');
        // Scripts, styles and WebAssembly only: never a page or a worker (index.html and sw.js are not hashed),
        // nor a file a browser could open as a document (an SVG can hold script). `res` is the raw response,
        // which the plugin's type narrows to getHeader and setHeader.
        if (HASHED_ASSET.test(path) && SUBRESOURCE_ONLY.test(path)) {
          for (const name of DOCUMENT_ONLY_HEADERS) (res as unknown as ServerResponse).removeHeader(name);
        }
        res.setHeader(
          'cache-control',
          HASHED_ASSET.test(path)
            ? 'public, max-age=31536000, immutable'
            : // The service worker is checked on every load, so a release reaches the till at once.
              path.endsWith('/sw.js')
              ? 'no-cache'
              : 'public, max-age=3600',
        );
        if (COMPRESSIBLE.test(path)) res.setHeader('vary', 'Accept-Encoding');
      },
    });
  });
  // The page differs per server (domain filled in) and per business, so it is compressed here, not at build time.
  return {
    page: pageMaker(html, pagesWithPreloads(html, readManifest(root))),
    contentSecurityPolicy: contentSecurityPolicyHeader(inlineScriptHashes(html)),
  };
}
