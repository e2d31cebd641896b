import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import { access } from './access.ts';
import { errorBody } from './errors.ts';
import type { App, AppDeps } from './types.ts';

const HASHED_ASSET = /\/assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

/**
 * Serves the built single-page app: hashed assets cached for a year, index.html never cached, and every
 * path that is not an API or asset path answered with index.html so the client router can take it.
 */
export async function registerSpa(app: App, deps: AppDeps): Promise<void> {
  const root = resolve(deps.config.WEB_DIST_DIR);
  const indexPath = resolve(root, 'index.html');
  const isServingWeb = deps.config.SERVE_WEB && existsSync(indexPath);
  if (deps.config.SERVE_WEB && !isServingWeb) {
    app.log.warn({ root }, 'no built web app found; run `npm run build` (npm start does it for you)');
  }

  let indexHtml = '';
  if (isServingWeb) {
    // Both values are validated by the config schema (host name, slug), so they are safe inside an attribute.
    indexHtml = readFileSync(indexPath, 'utf8')
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
        // Directories ('/', '/assets/') are client routes or nothing, never a listing.
        allowedPath: (pathName) => !pathName.endsWith('/'),
        setHeaders: (res, filePath) => {
          res.setHeader(
            'cache-control',
            HASHED_ASSET.test(filePath.replaceAll('\\', '/'))
              ? 'public, max-age=31536000, immutable'
              : 'public, max-age=3600',
          );
        },
      });
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      path !== '/api' &&
      !path.startsWith('/assets/');
    if (isServingWeb && isPageRequest) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply
      .status(404)
      .send(errorBody('NOT_FOUND', `There is nothing at ${request.method} ${path.slice(0, 200)}.`));
  });
}
