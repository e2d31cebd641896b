import { Readable } from 'node:stream';
import { z } from 'zod';
import { CSV_BOM } from '#domain/catalog/csv.ts';
import { productCsvHeader, productCsvLine } from '#domain/catalog/product-csv.ts';
import {
  category,
  categoryCreateInput,
  categoryListQuery,
  categoryOrderInput,
  categoryUpdateInput,
  idParams,
  importPreview,
  importResult,
  MAX_IMPORT_BYTES,
  product,
  productCreateInput,
  productFilters,
  productImportInput,
  productLabel,
  productLabelsQuery,
  productList,
  productListQuery,
  productSummary as productSummaryBody,
  productUpdateInput,
  stockMovementList,
  stockMovementQuery,
  stockUpdateInput,
} from '#domain/schemas/catalog.ts';
import { withTenant } from '../../db/tenant.ts';
import { access, MISSING_PERMISSION, requireStaff } from '../../http/access.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { adjustStock } from './adjust-stock.ts';
import { createCategory, listCategories, reorderCategories, updateCategory } from './categories.ts';
import { PRODUCT_NOT_FOUND } from './errors.ts';
import { applyImport, previewImport } from './import-products.ts';
import { findProduct } from './product-rows.ts';
import { exportPage, listProducts, listStockMovements, productLabels, productSummary } from './queries.ts';
import { createProduct, deleteProduct, updateProduct } from './save-product.ts';

type ExportKey = { name: string; id: string };
const productBody = z.object({ product });
const categoryBody = z.object({ category });
const categoriesBody = z.object({ categories: z.array(category) });
// A JSON-escaped CSV of 30 MB can grow by a third.
const IMPORT_BODY_LIMIT = Math.ceil(MAX_IMPORT_BYTES * 1.4);

// Products, their stock and categories (operations §2 Product Management, §4, §5). Every read and write runs
// in the business's tenant transaction and filters by its id.
export async function catalogRoutes(app: App, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const products = access.permission('manage_products');
  const tags = ['products'];

  app.get(
    '/api/v1/products',
    {
      config: { access: products },
      schema: {
        tags,
        summary: 'Active products by name, filtered and paged',
        querystring: productListQuery,
        response: { 200: productList },
      },
    },
    async (request) => {
      const { business } = await requireStaff(request, deps);
      return withTenant(db, business.id, (tx) => listProducts(tx, business.id, request.query));
    },
  );

  app.get(
    '/api/v1/products/summary',
    {
      config: { access: products },
      schema: {
        tags,
        summary: 'The four cards of the product screen, over the filtered products',
        querystring: productFilters,
        response: { 200: productSummaryBody },
      },
    },
    async (request) => {
      const { business } = await requireStaff(request, deps);
      return withTenant(db, business.id, (tx) => productSummary(tx, business.id, request.query));
    },
  );

  app.post(
    '/api/v1/products',
    {
      config: { access: products },
      schema: {
        tags,
        summary: 'Add a product (only name and price are required)',
        body: productCreateInput,
        response: { 201: productBody },
      },
    },
    async (request, reply) => {
      const { business, user } = await requireStaff(request, deps);
      const created = await withTenant(db, business.id, (tx) =>
        createProduct(tx, { businessId: business.id, userId: user.id }, request.body),
      );
      return reply.status(201).send({ product: created });
    },
  );

  app.get(
    '/api/v1/products/export.csv',
    {
      config: { access: products },
      schema: { tags, summary: 'Every active product as CSV (UTF-8 with BOM, prices in cedis)' },
    },
    async (request, reply) => {
      const { business } = await requireStaff(request, deps);
      // Page by page, each in its own short transaction, so a 100,000-product export never holds the database.
      async function* lines() {
        yield `${CSV_BOM}${productCsvHeader()}`;
        let after: ExportKey | null = null;
        for (;;) {
          const key: ExportKey | null = after;
          const page: Awaited<ReturnType<typeof exportPage>> = await withTenant(db, business.id, (tx) =>
            exportPage(tx, business.id, key),
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
      config: { access: products },
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Check a product CSV: what would be created or updated, and every row’s errors',
        body: productImportInput,
        response: { 200: importPreview },
      },
    },
    async (request) => {
      const { business } = await requireStaff(request, deps);
      return withTenant(db, business.id, (tx) => previewImport(tx, business.id, request.body.csv));
    },
  );

  app.post(
    '/api/v1/products/import',
    {
      config: { access: products },
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Import a product CSV in one transaction; refused whole if any row has an error',
        body: productImportInput,
        response: { 200: importResult },
      },
    },
    async (request) => {
      const { business, user } = await requireStaff(request, deps);
      return withTenant(db, business.id, (tx) =>
        applyImport(tx, { businessId: business.id, userId: user.id }, request.body.csv),
      );
    },
  );

  app.get(
    '/api/v1/products/labels',
    {
      config: { access: products },
      schema: {
        tags,
        summary: 'Name, price and codes of the chosen products, for a sheet of barcode labels',
        querystring: productLabelsQuery,
        response: { 200: z.object({ labels: z.array(productLabel) }) },
      },
    },
    async (request) => {
      const { business } = await requireStaff(request, deps);
      const labels = await withTenant(db, business.id, (tx) =>
        productLabels(tx, business.id, request.query.ids),
      );
      return { labels };
    },
  );

  app.get(
    '/api/v1/products/:id',
    {
      config: { access: products },
      schema: { tags, summary: 'One active product', params: idParams, response: { 200: productBody } },
    },
    async (request) => {
      const { business } = await requireStaff(request, deps);
      const found = await withTenant(db, business.id, (tx) =>
        findProduct(tx, business.id, request.params.id),
      );
      if (!found) throw PRODUCT_NOT_FOUND();
      return { product: found };
    },
  );

  app.patch(
    '/api/v1/products/:id',
    {
      config: { access: products },
      schema: {
        tags,
        summary: 'Change a product; null clears an optional field',
        params: idParams,
        body: productUpdateInput,
        response: { 200: productBody },
      },
    },
    async (request) => {
      const { business, user } = await requireStaff(request, deps);
      const updated = await withTenant(db, business.id, (tx) =>
        updateProduct(tx, { businessId: business.id, userId: user.id }, request.params.id, request.body),
      );
      return { product: updated };
    },
  );

  app.delete(
    '/api/v1/products/:id',
    {
      config: { access: products },
      schema: { tags, summary: 'Delete a product (soft: it stays on past sales)', params: idParams },
    },
    async (request, reply) => {
      const { business } = await requireStaff(request, deps);
      await withTenant(db, business.id, (tx) => deleteProduct(tx, business.id, request.params.id));
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/v1/products/:id/stock',
    {
      config: { access: products },
      schema: {
        tags,
        summary: 'Add, subtract (floored at 0) or set the stock; logged in the stock ledger',
        params: idParams,
        body: stockUpdateInput,
        response: { 200: productBody },
      },
    },
    async (request) => {
      const { business, user } = await requireStaff(request, deps);
      const updated = await withTenant(db, business.id, (tx) =>
        adjustStock(tx, {
          businessId: business.id,
          userId: user.id,
          productId: request.params.id,
          input: request.body,
        }),
      );
      return { product: updated };
    },
  );

  app.get(
    '/api/v1/products/:id/stock-movements',
    {
      config: { access: products },
      schema: {
        tags,
        summary: 'A product’s stock history, newest first',
        params: idParams,
        querystring: stockMovementQuery,
        response: { 200: stockMovementList },
      },
    },
    async (request) => {
      const { business } = await requireStaff(request, deps);
      return withTenant(db, business.id, async (tx) => {
        if (!(await findProduct(tx, business.id, request.params.id))) throw PRODUCT_NOT_FOUND();
        return listStockMovements(tx, business.id, request.params.id, request.query);
      });
    },
  );

  // ---- categories ----
  const categoryTags = ['categories'];
  const manageCategories = access.permission('manage_categories');

  app.get(
    '/api/v1/categories',
    {
      // Any staff member: the till filters its grid by category. Inactive ones only for those who manage them.
      config: { access: access.staff },
      schema: {
        tags: categoryTags,
        summary: 'Categories in their order (active only unless include_inactive=true)',
        querystring: categoryListQuery,
        response: { 200: categoriesBody },
      },
    },
    async (request) => {
      const { business, permissions } = await requireStaff(request, deps);
      if (request.query.include_inactive && !permissions.includes('manage_categories'))
        throw MISSING_PERMISSION();
      const rows = await withTenant(db, business.id, (tx) =>
        listCategories(tx, business.id, request.query.include_inactive),
      );
      return { categories: rows };
    },
  );

  app.post(
    '/api/v1/categories',
    {
      config: { access: manageCategories },
      schema: {
        tags: categoryTags,
        summary: 'Add a category (it goes last)',
        body: categoryCreateInput,
        response: { 201: categoryBody },
      },
    },
    async (request, reply) => {
      const { business } = await requireStaff(request, deps);
      const created = await withTenant(db, business.id, (tx) =>
        createCategory(tx, business.id, request.body.name),
      );
      return reply.status(201).send({ category: created });
    },
  );

  app.put(
    '/api/v1/categories/order',
    {
      config: { access: manageCategories },
      schema: {
        tags: categoryTags,
        summary: 'Put categories in a new order',
        body: categoryOrderInput,
        response: { 200: categoriesBody },
      },
    },
    async (request) => {
      const { business } = await requireStaff(request, deps);
      const rows = await withTenant(db, business.id, (tx) =>
        reorderCategories(tx, business.id, request.body.ids),
      );
      return { categories: rows };
    },
  );

  app.patch(
    '/api/v1/categories/:id',
    {
      config: { access: manageCategories },
      schema: {
        tags: categoryTags,
        summary: 'Rename, deactivate or reactivate a category',
        params: idParams,
        body: categoryUpdateInput,
        response: { 200: categoryBody },
      },
    },
    async (request) => {
      const { business } = await requireStaff(request, deps);
      const updated = await withTenant(db, business.id, (tx) =>
        updateCategory(tx, business.id, request.params.id, request.body),
      );
      return { category: updated };
    },
  );
}
