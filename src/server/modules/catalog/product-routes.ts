import { z } from 'zod';
import {
  idParams,
  product,
  productCreateInput,
  productFilters,
  productLabel,
  productLabelsQuery,
  productList,
  productListQuery,
  productSummary as productSummaryBody,
  productUpdateInput,
} from '#domain/schemas/catalog.ts';
import { access } from '../../http/access.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { inTenant } from '../../http/staff-scope.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { productSummary } from './catalog-figures.ts';
import { PRODUCT_NOT_FOUND } from './errors.ts';
import { findProduct } from './product-rows.ts';
import { listProducts, productLabels } from './queries.ts';
import { createProduct, deleteProduct, updateProduct } from './save-product.ts';

export const productBody = z.object({ product });
const config = { access: access.permission('manage_products') };
const tags = ['products'];

// The product screen: list, cards, one product, add, change, delete, labels (operations §4).
export async function productRoutes(app: App, deps: AppDeps): Promise<void> {
  app.get(
    '/api/v1/products',
    {
      config,
      schema: {
        tags,
        summary: 'Active products by name, filtered and paged',
        querystring: productListQuery,
        response: { 200: productList },
      },
    },
    (request) => inTenant(request, deps, ({ businessId }, tx) => listProducts(tx, businessId, request.query)),
  );

  app.get(
    '/api/v1/products/summary',
    {
      config,
      schema: {
        tags,
        summary: 'The four cards of the product screen, over the filtered products',
        querystring: productFilters,
        response: { 200: productSummaryBody },
      },
    },
    (request) =>
      inTenant(request, deps, ({ businessId }, tx) => productSummary(tx, businessId, request.query)),
  );

  app.post(
    '/api/v1/products',
    {
      config,
      schema: {
        tags,
        summary: 'Add a product (only name and price are required)',
        body: productCreateInput,
        response: { 201: productBody, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const created = await inTenant(request, deps, (scope, tx) =>
        createProduct({ ...scope, input: request.body }, tx),
      );
      return reply.status(201).send({ product: created });
    },
  );

  app.get(
    '/api/v1/products/labels',
    {
      config,
      schema: {
        tags,
        summary: 'Name, price and codes of the chosen products, for a sheet of barcode labels',
        querystring: productLabelsQuery,
        response: { 200: z.object({ labels: z.array(productLabel) }) },
      },
    },
    async (request) => ({
      labels: await inTenant(request, deps, ({ businessId }, tx) =>
        productLabels(tx, businessId, request.query.ids),
      ),
    }),
  );

  app.get(
    '/api/v1/products/:id',
    {
      config,
      schema: { tags, summary: 'One active product', params: idParams, response: { 200: productBody } },
    },
    async (request) => {
      const found = await inTenant(request, deps, ({ businessId }, tx) =>
        findProduct(tx, businessId, request.params.id),
      );
      if (!found) throw PRODUCT_NOT_FOUND();
      return { product: found };
    },
  );

  app.patch(
    '/api/v1/products/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change a product; null clears an optional field',
        params: idParams,
        body: productUpdateInput,
        response: { 200: productBody, ...errorResponses(409) },
      },
    },
    async (request) => ({
      product: await inTenant(request, deps, (scope, tx) =>
        updateProduct({ ...scope, input: { productId: request.params.id, changes: request.body } }, tx),
      ),
    }),
  );

  app.delete(
    '/api/v1/products/:id',
    {
      config,
      schema: { tags, summary: 'Delete a product (soft: it stays on past sales)', params: idParams },
    },
    async (request, reply) => {
      await inTenant(request, deps, (scope, tx) =>
        deleteProduct({ ...scope, input: { productId: request.params.id } }, tx),
      );
      return reply.status(204).send();
    },
  );
}
