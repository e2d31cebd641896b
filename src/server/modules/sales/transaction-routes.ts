import { CSV_BOM } from '#domain/catalog/csv.ts';
import { OVERRIDE_PERMISSION } from '#domain/discount-limit.ts';
import { saleParams } from '#domain/schemas/sales.ts';
import {
  discountLimitInput,
  discountLimitResponse,
  historySaleResponse,
  refundInput,
  refundResponse,
  transactionCashiersResponse,
  transactionFilters,
  transactionListQuery,
  transactionListResponse,
  transactionSummary,
  voidInput,
  voidResponse,
} from '#domain/schemas/transactions.ts';
import { transactionCsvHeader, transactionCsvLine } from '#domain/transaction-csv.ts';
import { withTenant } from '../../db/tenant.ts';
import { access } from '../../http/access.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { inTenant, staffScope } from '../../http/staff-scope.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { verifyApproverPin } from '../accounts/index.ts';
import {
  markRefundRecorded,
  refuseCashWhileRefundInDoubt,
  sendRefundToProvider,
  sentBackNote,
} from '../payments/index.ts';
import { setDiscountLimit } from './discount-limit.ts';
import { SALE_ERRORS } from './errors.ts';
import {
  findHistorySale,
  listTransactionCashiers,
  listTransactions,
  summarizeTransactions,
} from './history.ts';
import { refundSale } from './refund-sale.ts';
import { voidSale } from './void-sale.ts';

const reports = access.permission('view_reports');
// A refund or void may start at the till (a cashier, with a manager's PIN) or in the history.
const tillOrReports = access.anyPermission('process_sales', 'view_reports');
const tags = ['transactions'];
const EXPORT_PAGE = 500;

// Transaction history (operations §2 Transactions), its CSV, and refunds and voids (§4).
export async function transactionRoutes(app: App, deps: AppDeps): Promise<void> {
  app.get(
    '/api/v1/settings/discount-limit',
    {
      config: { access: access.permission('manage_settings') },
      schema: {
        tags: ['settings'],
        summary: 'The largest discount (percent of a line and of a sale) given without approval',
        response: { 200: discountLimitResponse },
      },
    },
    async (request) => {
      const { business } = await staffScope(request, deps);
      return { discount_limit_percent: business.discountLimitPercent };
    },
  );

  app.put(
    '/api/v1/settings/discount-limit',
    {
      config: { access: access.permission('manage_settings') },
      schema: {
        tags: ['settings'],
        summary: 'Sets the discount limit; the change is written to the audit log',
        body: discountLimitInput,
        response: { 200: discountLimitResponse },
      },
    },
    async (request) =>
      inTenant(request, deps, ({ businessId, actor, business }, tx) =>
        setDiscountLimit(
          { businessId, actor, input: { ...request.body, before: business.discountLimitPercent } },
          tx,
        ),
      ),
  );

  app.get(
    '/api/v1/transactions',
    {
      config: { access: reports },
      schema: {
        tags,
        summary: 'The history, newest first, filtered; 100 a page, continued with next_cursor',
        querystring: transactionListQuery,
        response: { 200: transactionListResponse },
      },
    },
    async (request) =>
      inTenant(request, deps, ({ business }, tx) => listTransactions(tx, business, request.query)),
  );

  app.get(
    '/api/v1/transactions/summary',
    {
      config: { access: reports },
      schema: {
        tags,
        summary: 'The four cards of the history for the same filters',
        querystring: transactionFilters,
        response: { 200: transactionSummary },
      },
    },
    async (request) =>
      inTenant(request, deps, ({ business }, tx) =>
        summarizeTransactions(tx, business, request.query, deps.now()),
      ),
  );

  app.get(
    '/api/v1/transactions/cashiers',
    {
      config: { access: reports },
      schema: {
        tags,
        summary: 'Everyone who has rung up a transaction, for the cashier filter',
        response: { 200: transactionCashiersResponse },
      },
    },
    async (request) =>
      inTenant(request, deps, async ({ businessId }, tx) => ({
        cashiers: await listTransactionCashiers(tx, businessId),
      })),
  );

  app.get(
    '/api/v1/transactions/export.csv',
    {
      config: { access: reports },
      schema: {
        tags,
        summary: 'The filtered history as CSV (UTF-8 with BOM, amounts in cedis)',
        querystring: transactionFilters,
      },
    },
    async (request, reply) => {
      const { businessId, business } = await staffScope(request, deps);
      let csv = `${CSV_BOM}${transactionCsvHeader()}`;
      let cursor: string | undefined;
      // Page by page, each in its own short transaction.
      for (;;) {
        const page = await withTenant(deps.database.db, businessId, (tx) =>
          listTransactions(tx, business, { ...request.query, cursor }, EXPORT_PAGE),
        );
        csv += page.transactions.map((sale) => transactionCsvLine(sale, business.timezone)).join('');
        if (!page.next_cursor) break;
        cursor = page.next_cursor;
      }
      const date = deps.now().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="transactions-${business.slug}-${date}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/api/v1/transactions/:id',
    {
      config: { access: tillOrReports },
      schema: {
        tags,
        summary: 'One transaction with what has been refunded of it',
        params: saleParams,
        response: { 200: historySaleResponse },
      },
    },
    async (request) =>
      inTenant(request, deps, async ({ business }, tx) => {
        const transaction = await findHistorySale(tx, business, request.params.id);
        if (!transaction) throw SALE_ERRORS.saleNotFound();
        return { transaction };
      }),
  );

  app.post(
    '/api/v1/transactions/:id/refund',
    {
      config: { access: tillOrReports },
      schema: {
        tags,
        summary:
          'Refunds the chosen lines (all that is left when none are given): a REF- transaction, stock back, customer stats reduced',
        params: saleParams,
        body: refundInput,
        response: { 201: refundResponse, ...errorResponses(409, 429, 502) },
      },
    },
    async (request, reply) => {
      const { businessId } = await staffScope(request, deps);
      const { approver_pin: pin, lines, reason, refund_in_cash: isCashChosen } = request.body;
      const approver = pin
        ? await verifyApproverPin(deps, { businessId, ip: request.ip, pin, permission: OVERRIDE_PERMISSION })
        : null;
      const base = { saleId: request.params.id, lines, reason, approver, isCashChosen };
      // A card or mobile-money sale taken through a provider gets its money back the same way: the refund is
      // checked and priced first (nothing written), the provider is called outside any transaction (claimed
      // first, so a retry never sends the money twice), and only then is the refund recorded. A provider that
      // refuses or cannot be reached leaves nothing refunded.
      if (isCashChosen) {
        await inTenant(request, deps, (_, tx) =>
          refuseCashWhileRefundInDoubt(tx, businessId, request.params.id),
        );
      }
      const plan = isCashChosen
        ? null
        : await inTenant(request, deps, ({ actor }, tx) =>
            refundSale({ businessId, actor, input: { ...base, now: deps.now(), isDryRun: true } }, tx),
          );
      const toSend = plan?.provider ? Math.min(plan.total, plan.provider.left) : 0;
      const sent =
        plan?.provider && toSend > 0
          ? {
              refundId: await sendRefundToProvider(deps, {
                businessId,
                saleId: request.params.id,
                payment: plan.provider,
                amount: toSend,
              }),
              amount: toSend,
              note: sentBackNote(plan.provider.method, plan.provider.provider),
            }
          : null;
      const body = await inTenant(request, deps, async ({ actor, business }, tx) => {
        const result = await refundSale(
          {
            businessId,
            actor,
            input: {
              ...base,
              now: deps.now(),
              ...(sent ? { refundId: sent.refundId, sentBack: sent } : {}),
            },
          },
          tx,
        );
        if (sent) await markRefundRecorded(tx, businessId, result.refundId);
        const refund = await findHistorySale(tx, business, result.refundId);
        const original = await findHistorySale(tx, business, request.params.id);
        return {
          refund: refund!,
          original: original!,
          cash_to_return: result.cashToReturn,
          sent_back:
            sent && plan?.provider ? { amount: result.sentBack, method: plan.provider.method } : null,
          note: result.note,
        };
      });
      return reply.status(201).send(body);
    },
  );

  app.post(
    '/api/v1/transactions/:id/void',
    {
      config: { access: tillOrReports },
      schema: {
        tags,
        summary:
          "Voids a sale made today: cancelled, 'Voided: reason' in its notes, stock and customer stats back",
        params: saleParams,
        body: voidInput,
        response: { 200: voidResponse, ...errorResponses(409, 429, 502) },
      },
    },
    async (request) => {
      const { businessId } = await staffScope(request, deps);
      const { approver_pin: pin, reason } = request.body;
      const approver = pin
        ? await verifyApproverPin(deps, { businessId, ip: request.ip, pin, permission: OVERRIDE_PERMISSION })
        : null;
      const input = { saleId: request.params.id, reason, approver, now: deps.now() };
      // A void of a sale paid through a provider sends the money back the same way, in the refund's safe order.
      const plan = await inTenant(request, deps, ({ actor, business }, tx) =>
        voidSale({ businessId, actor, input: { ...input, timezone: business.timezone, isDryRun: true } }, tx),
      );
      const sent = plan.provider?.left
        ? {
            refundId: await sendRefundToProvider(deps, {
              businessId,
              saleId: request.params.id,
              payment: plan.provider,
              amount: plan.provider.left,
            }),
            amount: plan.provider.left,
            note: sentBackNote(plan.provider.method, plan.provider.provider),
          }
        : null;
      return inTenant(request, deps, async ({ actor, business }, tx) => {
        await voidSale(
          { businessId, actor, input: { ...input, timezone: business.timezone, sentBack: sent } },
          tx,
        );
        if (sent) await markRefundRecorded(tx, businessId, sent.refundId);
        return { transaction: (await findHistorySale(tx, business, request.params.id))! };
      });
    },
  );
}
