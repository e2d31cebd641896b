import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { access } from './access.ts';
import { COMPRESSIBLE } from './compressible.ts';
import { pickEncoding } from './compression.ts';
import { errorBody } from './errors.ts';
import { pagesWithPreloads, preloadGroup, readManifest } from './page-preloads.ts';
import type { App, AppDeps } from './types.ts';

/** A file name Vite made from its content (`name-HASH.ext`), so a changed file always gets a new name. */
const HASHED_ASSET = /\/assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;
const COPY_SUFFIX = /\.(br|gz)$/;

type IndexPage = { etag: string; identity: Buffer; br: Buffer; gzip: Buffer };

/** A page as sent: its bytes plain and compressed, and its ETag. */
function indexPage(html: string): IndexPage {
  const identity = Buffer.from(html);
  return {
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
    identity,
    br: brotliCompressSync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }),
    gzip: gzipSync(identity, { level: 9 }),
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
      // The till's page names its chunks up front (page-preloads.ts); other pages are the plain one.
      const index = pages.byGroup[preloadGroup(path)] ?? pages.plain;
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('etag', index.etag)
        .header('vary', 'Accept-Encoding');
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
): Promise<{ plain: IndexPage; byGroup: IndexPage[] }> {
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
  // The page differs per server (domain filled in), so it is compressed here, once, not at build time.
  return {
    plain: indexPage(html),
    byGroup: pagesWithPreloads(html, readManifest(root)).map(indexPage),
  };
}
