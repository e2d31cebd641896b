import { z } from 'zod';
import { hasPermissions } from '#domain/permissions.ts';
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
import { access, MISSING_PERMISSION, requireStaff } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { createSaleInTenant } from './create-sale.ts';
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

const sales = access.permission('process_sales');
const tags = ['sales'];

// The till: product reads, checkout, history and reprints, email receipts, parked carts.
export async function salesRoutes(app: App, deps: AppDeps): Promise<void> {
  const db = deps.database.db;

  app.get(
    '/api/v1/pos/products',
    {
      config: { access: sales },
      schema: {
        tags,
        summary:
          'Products for the till: active, in stock, by name; search name/description, or barcode/SKU exactly',
        querystring: posProductsQuery,
        response: { 200: posProductsResponse },
      },
    },
    async (request) => {
      const { business } = await requireStaff(request, deps);
      return withTenant(db, business.id, (tx) => listPosProducts(tx, business.id, request.query));
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
      const { business } = await requireStaff(request, deps);
      const product = await withTenant(db, business.id, (tx) =>
        findPosProductByCode(tx, business.id, request.params.code),
      );
      if (!product) throw new AppError('PRODUCT_NOT_FOUND', 'Product not found', 404);
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
      const { business } = await requireStaff(request, deps);
      return { categories: await withTenant(db, business.id, (tx) => listPosCategories(tx, business.id)) };
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
      const staff = await requireStaff(request, deps);
      const header = request.headers[IDEMPOTENCY_KEY_HEADER];
      if (header === undefined) throw SALE_ERRORS.idempotencyKeyMissing();
      const key = idempotencyKey.safeParse(header);
      if (!key.success) {
        const message = key.error.issues[0]?.message ?? 'Idempotency-Key is not valid';
        throw new AppError('VALIDATION_FAILED', message, 400, { 'idempotency-key': message });
      }
      const { record, isReplay } = await createSaleInTenant(db, {
        businessId: staff.business.id,
        cashier: { id: staff.user.id, firstName: staff.user.firstName, lastName: staff.user.lastName },
        input: request.body,
        idempotencyKey: key.data,
        now: deps.now(),
      });
      return reply.status(isReplay ? 200 : 201).send({ sale: toSale(record, staff.business) });
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
      const { business } = await requireStaff(request, deps);
      const { records, total } = await withTenant(db, business.id, (tx) =>
        listSales(tx, business.id, request.query),
      );
      return { sales: records.map((record) => toSale(record, business)), total };
    },
  );

  app.get(
    '/api/v1/sales/:id',
    {
      // process_sales (reprint at the till) or view_reports (transaction history).
      config: { access: access.staff },
      schema: {
        tags,
        summary: 'One sale, for a receipt or its reprint',
        params: saleParams,
        response: { 200: saleResponse },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, deps);
      if (
        !hasPermissions(staff.permissions, ['process_sales']) &&
        !hasPermissions(staff.permissions, ['view_reports'])
      ) {
        throw MISSING_PERMISSION();
      }
      const record = await withTenant(db, staff.business.id, (tx) =>
        findSale(tx, staff.business.id, request.params.id),
      );
      if (!record) throw SALE_ERRORS.saleNotFound();
      return { sale: toSale(record, staff.business) };
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
      const staff = await requireStaff(request, deps);
      await emailReceipt(deps, {
        business: staff.business,
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
      const { business } = await requireStaff(request, deps);
      return { parked_carts: await withTenant(db, business.id, (tx) => listParkedCarts(tx, business.id)) };
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
      const staff = await requireStaff(request, deps);
      const parked = await withTenant(db, staff.business.id, (tx) =>
        parkCart(tx, {
          businessId: staff.business.id,
          userId: staff.user.id,
          input: request.body,
          now: deps.now(),
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
      const { business } = await requireStaff(request, deps);
      return {
        parked_cart: await withTenant(db, business.id, (tx) =>
          takeParkedCart(tx, business.id, request.params.id),
        ),
      };
    },
  );
}
