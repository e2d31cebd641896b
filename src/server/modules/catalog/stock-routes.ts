import {
  idParams,
  stockMovementList,
  stockMovementQuery,
  stockUpdateInput,
} from '#domain/schemas/catalog.ts';
import { access } from '../../http/access.ts';
import { inTenant } from '../../http/staff-scope.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { adjustStock } from './adjust-stock.ts';
import { PRODUCT_NOT_FOUND } from './errors.ts';
import { productBody } from './product-routes.ts';
import { findProduct } from './product-rows.ts';
import { listStockMovements } from './queries.ts';

const config = { access: access.permission('manage_products') };
const tags = ['products'];

// A product's stock by hand and its history (operations §4 "Stock update").
export async function stockRoutes(app: App, deps: AppDeps): Promise<void> {
  app.post(
    '/api/v1/products/:id/stock',
    {
      config,
      schema: {
        tags,
        summary: 'Add, subtract (floored at 0) or set the stock; logged in the stock ledger',
        params: idParams,
        body: stockUpdateInput,
        response: { 200: productBody },
      },
    },
    async (request) => ({
      product: await inTenant(request, deps, (scope, tx) =>
        adjustStock({ ...scope, input: { productId: request.params.id, change: request.body } }, tx),
      ),
    }),
  );

  app.get(
    '/api/v1/products/:id/stock-movements',
    {
      config,
      schema: {
        tags,
        summary: 'A product’s stock history, newest first',
        params: idParams,
        querystring: stockMovementQuery,
        response: { 200: stockMovementList },
      },
    },
    (request) =>
      inTenant(request, deps, async ({ businessId }, tx) => {
        if (!(await findProduct(tx, businessId, request.params.id))) throw PRODUCT_NOT_FOUND();
        return listStockMovements(tx, businessId, request.params.id, request.query);
      }),
  );
}
