import { syncCatalogQuery, syncCatalogResponse } from '#domain/schemas/sync.ts';
import { access } from '../../http/access.ts';
import { inTenant } from '../../http/staff-scope.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { catalogChanges } from './catalog-changes.ts';

const tags = ['sync'];

// The offline-first till's copy of the catalog and customers, refreshed by a cursor.
export async function syncRoutes(app: App, deps: AppDeps): Promise<void> {
  app.get(
    '/api/v1/sync/catalog',
    {
      config: { access: access.permission('process_sales') },
      schema: {
        tags,
        summary:
          'Products, categories and customers changed since the cursor (all without one), deactivated ones included',
        querystring: syncCatalogQuery,
        response: { 200: syncCatalogResponse },
      },
    },
    async (request, reply) => {
      // A till's copy of one business must never be served from a shared cache to another.
      reply.header('Cache-Control', 'no-store');
      return inTenant(request, deps, ({ businessId }, tx) =>
        catalogChanges(tx, businessId, request.query.cursor),
      );
    },
  );
}
