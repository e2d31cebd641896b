import { z } from 'zod';
import { OVERRIDE_PERMISSION } from '#domain/discount-limit.ts';
import {
  createSaleInput,
  emailReceiptInput,
  emailReceiptResponse,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKey,
  parkCartInput,
  parkedCartParams,
  parkedCartResponse,
  parkedCartsResponse,
  posCategoriesResponse,
  posProductByCodeParams,
  posProductResponse,
  posProductsQuery,
  posProductsResponse,
  saleParams,
  saleResponse,
  salesListQuery,
  salesListResponse,
} from '#domain/schemas/sales.ts';
import { withTenant } from '../../db/tenant.ts';
import { access } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { inTenant, staffScope } from '../../http/staff-scope.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { verifyApproverPin } from '../accounts/index.ts';
import { PRODUCT_NOT_FOUND } from '../catalog/index.ts';
import { checkTendersBeforeSale, startSalePayments } from '../payments/index.ts';
import { createSaleWithRetry } from './create-sale.ts';
import { emailReceipt } from './email-receipt.ts';
import { SALE_ERRORS } from './errors.ts';
import { listParkedCarts, parkCart, takeParkedCart } from './parked-carts.ts';
import {
  findPosProductByCode,
  findSale,
  listPosCategories,
  listPosProducts,
  listSales,
  toSale,
} from './queries.ts';
import { saleBatches } from './sale-batches.ts';
import { saleProductHints } from './sale-product-hints.ts';
import { transactionRoutes } from './transaction-routes.ts';

const sales = access.permission('process_sales');
const tags = ['sales'];

// The till: product reads, checkout, history and reprints, email receipts, parked carts.
export async function salesRoutes(app: App, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  // The products of this server's last checkouts (a few hundred bytes each), for the next sale of the same.
  const hints = saleProductHints(20_000);
  const hinted = { hints, batches: saleBatches(db, hints) };

  app.get(
    '/api/v1/pos/products',
    {
      config: { access: sales },
      schema: {
        tags,
        summary:
          'Products for the till: active, in stock, by name; search name/description, or barcode/SKU exactly, or given ids',
        querystring: posProductsQuery,
        response: { 200: posProductsResponse },
      },
    },
    async (request) => {
      return inTenant(request, deps, ({ businessId }, tx) => listPosProducts(tx, businessId, request.query));
    },
  );

  app.get(
    '/api/v1/pos/products/by-code/:code',
    {
      config: { access: sales },
      schema: {
        tags,
        summary: 'A scanned or typed code: barcode or SKU exactly, active product, any stock',
        params: posProductByCodeParams,
        response: { 200: posProductResponse },
      },
    },
    async (request) => {
      const product = await inTenant(request, deps, ({ businessId }, tx) =>
        findPosProductByCode(tx, businessId, request.params.code),
      );
      if (!product) throw PRODUCT_NOT_FOUND();
      return { product };
    },
  );

  app.get(
    '/api/v1/pos/categories',
    {
      config: { access: sales },
      schema: { tags, summary: 'Active categories by sort order', response: { 200: posCategoriesResponse } },
    },
    async (request) => {
      return {
        categories: await inTenant(request, deps, ({ businessId }, tx) => listPosCategories(tx, businessId)),
      };
    },
  );

  app.post(
    '/api/v1/sales',
    {
      config: { access: sales },
      schema: {
        tags,
        summary:
          'Checkout: the server prices the cart, takes stock and records the payments in one transaction',
        headers: z.object({ [IDEMPOTENCY_KEY_HEADER]: z.string().optional() }),
        body: createSaleInput,
        response: { 200: saleResponse, 201: saleResponse },
      },
    },
    async (request, reply) => {
      const { businessId, actor, business } = await staffScope(request, deps);
      const header = request.headers[IDEMPOTENCY_KEY_HEADER];
      if (header === undefined) throw SALE_ERRORS.idempotencyKeyMissing();
      const key = idempotencyKey.safeParse(header);
      if (!key.success) {
        const message = key.error.issues[0]?.message ?? 'Idempotency-Key is not valid';
        throw new AppError('VALIDATION_FAILED', message, 400, { 'idempotency-key': message });
      }
      const pin = request.body.approver_pin;
      const approver = pin
        ? await verifyApproverPin(deps, { businessId, ip: request.ip, pin, permission: OVERRIDE_PERMISSION })
        : null;
      // A sale made offline was paid already: createSale checks its tenders (cash and manual mobile money
      // with its transaction ID), whatever the business's provider is now.
      if (!request.body.offline) await checkTendersBeforeSale(deps, business, request.body);
      const { record, isReplay } = await createSaleWithRetry(db, {
        businessId,
        actor,
        input: {
          sale: request.body,
          idempotencyKey: key.data,
          now: deps.now(),
          discountLimitPercent: business.discountLimitPercent,
          pricesIncludeTax: business.pricesIncludeTax,
          approver,
          timezone: business.timezone,
          hinted,
        },
      });
      if (record.transaction.paymentStatus !== 'pending') {
        return reply.status(isReplay ? 200 : 201).send({ sale: toSale(record, business) });
      }
      // The sale is committed with its stock held; now its card and mobile-money payments go to the provider
      // (a retried checkout starts only what was never started). The answer shows where they stand.
      await startSalePayments(deps, { businessId, saleId: record.transaction.id, userId: actor.userId });
      const started = await withTenant(db, businessId, (tx) =>
        findSale(tx, businessId, record.transaction.id),
      );
      return reply.status(isReplay ? 200 : 201).send({ sale: toSale(started ?? record, business) });
    },
  );

  app.get(
    '/api/v1/sales',
    {
      config: { access: sales },
      schema: {
        tags,
        summary: "The business's sales, newest first (history at the till)",
        querystring: salesListQuery,
        response: { 200: salesListResponse },
      },
    },
    async (request) => {
      return inTenant(request, deps, async ({ businessId, business }, tx) => {
        const { records, total } = await listSales(tx, businessId, request.query);
        return { sales: records.map((record) => toSale(record, business)), total };
      });
    },
  );

  app.get(
    '/api/v1/sales/:id',
    {
      // Reprint at the till, or the transaction history of reports.
      config: { access: access.anyPermission('process_sales', 'view_reports') },
      schema: {
        tags,
        summary: 'One sale, for a receipt or its reprint',
        params: saleParams,
        response: { 200: saleResponse },
      },
    },
    async (request) => {
      return inTenant(request, deps, async ({ businessId, business }, tx) => {
        const record = await findSale(tx, businessId, request.params.id);
        if (!record) throw SALE_ERRORS.saleNotFound();
        return { sale: toSale(record, business) };
      });
    },
  );

  app.post(
    '/api/v1/sales/:id/email-receipt',
    {
      config: { access: sales },
      schema: {
        tags,
        summary: "Emails the receipt (to the given address or the sale's customer)",
        params: saleParams,
        body: emailReceiptInput.nullish(),
        response: { 202: emailReceiptResponse },
      },
    },
    async (request, reply) => {
      const { business } = await staffScope(request, deps);
      await emailReceipt(deps, {
        business,
        saleId: request.params.id,
        email: request.body?.email,
      });
      return reply.status(202).send({ queued: true as const });
    },
  );

  app.get(
    '/api/v1/parked-carts',
    {
      config: { access: sales },
      schema: {
        tags,
        summary: "The business's parked carts, newest first",
        response: { 200: parkedCartsResponse },
      },
    },
    async (request) => {
      return {
        parked_carts: await inTenant(request, deps, ({ businessId }, tx) => listParkedCarts(tx, businessId)),
      };
    },
  );

  app.post(
    '/api/v1/parked-carts',
    {
      config: { access: sales },
      schema: {
        tags,
        summary: 'Parks the current cart with a note (no stock is reserved)',
        body: parkCartInput,
        response: { 201: parkedCartResponse },
      },
    },
    async (request, reply) => {
      const parked = await inTenant(request, deps, ({ businessId, actor, business }, tx) =>
        parkCart(tx, {
          businessId,
          userId: actor.userId,
          input: request.body,
          now: deps.now(),
          pricesIncludeTax: business.pricesIncludeTax,
        }),
      );
      return reply.status(201).send({ parked_cart: parked });
    },
  );

  app.delete(
    '/api/v1/parked-carts/:id',
    {
      config: { access: sales },
      schema: {
        tags,
        summary: 'Resumes a parked cart: takes it off the shelf and returns it',
        params: parkedCartParams,
        response: { 200: parkedCartResponse },
      },
    },
    async (request) => {
      return {
        parked_cart: await inTenant(request, deps, ({ businessId }, tx) =>
          takeParkedCart(tx, businessId, request.params.id),
        ),
      };
    },
  );

  await transactionRoutes(app, deps);
}
