import { Readable } from 'node:stream';
import { CSV_BOM } from '#domain/catalog/csv.ts';
import { productCsvHeader, productCsvLine } from '#domain/catalog/product-csv.ts';
import {
  importPreview,
  importResult,
  MAX_IMPORT_BYTES,
  productImportInput,
} from '#domain/schemas/catalog.ts';
import { withTenant } from '../../db/tenant.ts';
import { access } from '../../http/access.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { inTenant, staffScope } from '../../http/staff-scope.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { applyImport, previewImport } from './import-products.ts';
import { exportPage } from './queries.ts';

type ExportKey = { name: string; id: string };
const config = { access: access.permission('manage_products') };
const tags = ['products'];
// A JSON-escaped CSV of 30 MB can grow by a third.
const IMPORT_BODY_LIMIT = Math.ceil(MAX_IMPORT_BYTES * 1.4);

// The product list as a CSV file, and a CSV file back in (checked first, then applied whole).
export async function importExportRoutes(app: App, deps: AppDeps): Promise<void> {
  app.get(
    '/api/v1/products/export.csv',
    {
      config,
      schema: { tags, summary: 'Every active product as CSV (UTF-8 with BOM, prices in cedis)' },
    },
    async (request, reply) => {
      const { businessId, business } = await staffScope(request, deps);
      // Page by page, each in its own short transaction, so a 100,000-product export never holds the database.
      async function* lines() {
        yield `${CSV_BOM}${productCsvHeader()}`;
        let after: ExportKey | null = null;
        for (;;) {
          const key: ExportKey | null = after;
          const page: Awaited<ReturnType<typeof exportPage>> = await withTenant(
            deps.database.db,
            businessId,
            (tx) => exportPage(tx, businessId, key),
          );
          if (page.length === 0) return;
          yield page.map(productCsvLine).join('');
          const last = page.at(-1)!;
          after = { name: last.name, id: last.id };
        }
      }
      const date = deps.now().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="products-${business.slug}-${date}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines()));
    },
  );

  app.post(
    '/api/v1/products/import/preview',
    {
      config,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Check a product CSV: what would be created or updated, and every row’s errors',
        body: productImportInput,
        response: { 200: importPreview, ...errorResponses(413) },
      },
    },
    (request) =>
      inTenant(request, deps, (scope, tx) =>
        previewImport({ ...scope, input: { csv: request.body.csv } }, tx),
      ),
  );

  app.post(
    '/api/v1/products/import',
    {
      config,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Import a product CSV in one transaction; refused whole if any row has an error',
        body: productImportInput,
        response: { 200: importResult, ...errorResponses(409, 413) },
      },
    },
    (request) =>
      inTenant(request, deps, (scope, tx) => applyImport({ ...scope, input: { csv: request.body.csv } }, tx)),
  );
}
