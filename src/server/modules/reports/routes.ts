import { CSV_BOM } from '#domain/catalog/csv.ts';
import { slowMoversTable, stockValuationTable, summaryTable, tableCsv } from '#domain/report-tables.ts';
import {
  REPORT_PAGE_SIZE,
  reportExportQuery,
  reportPageQuery,
  reportRangeQuery,
  reportSummaryResponse,
  slowMoversResponse,
  stockValuationResponse,
} from '#domain/schemas/reports.ts';
import { access } from '../../http/access.ts';
import { inTenant } from '../../http/staff-scope.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { loadReport } from './load-report.ts';
import { SLOW_MOVER_DAYS, slowMovers, stockValuation } from './queries.ts';
import { scheduleRollupUpkeep } from './upkeep.ts';

const reports = access.permission('view_reports');
const tags = ['reports'];

// Reports (issue 16): the period's summary, charts and tables in one answer; the two product lists that do not
// depend on the period, page by page; and every table as CSV.
export async function reportRoutes(app: App, deps: AppDeps): Promise<void> {
  scheduleRollupUpkeep(app, deps);
  app.get(
    '/api/v1/reports/summary',
    {
      config: { access: reports },
      schema: {
        tags,
        summary:
          'Sales summary of a period (business timezone, both days included) and the period before, with charts and tables',
        querystring: reportRangeQuery,
        response: { 200: reportSummaryResponse },
      },
    },
    // The closed days a report reads are rolled up once and kept (rollups.ts): the read writes them.
    async (request) =>
      inTenant(request, deps, ({ business }, tx) => loadReport(tx, business, request.query), {
        keepsFigures: true,
      }),
  );

  app.get(
    '/api/v1/reports/slow-movers',
    {
      config: { access: reports },
      schema: {
        tags,
        summary: 'Active products with no sale in the last 30 days, never sold first, 50 a page',
        querystring: reportPageQuery,
        response: { 200: slowMoversResponse },
      },
    },
    async (request) =>
      inTenant(request, deps, async ({ businessId }, tx) => ({
        days: SLOW_MOVER_DAYS,
        ...(await slowMovers(tx, businessId, deps.now(), {
          limit: REPORT_PAGE_SIZE,
          offset: (request.query.page - 1) * REPORT_PAGE_SIZE,
        })),
        page: request.query.page,
        page_size: REPORT_PAGE_SIZE,
      })),
  );

  app.get(
    '/api/v1/reports/stock-valuation',
    {
      config: { access: reports },
      schema: {
        tags,
        summary: "Active products' stock at cost and at price, largest first, 50 a page, with totals of all",
        querystring: reportPageQuery,
        response: { 200: stockValuationResponse },
      },
    },
    async (request) =>
      inTenant(request, deps, async ({ businessId }, tx) => ({
        ...(await stockValuation(tx, businessId, {
          limit: REPORT_PAGE_SIZE,
          offset: (request.query.page - 1) * REPORT_PAGE_SIZE,
        })),
        page: request.query.page,
        page_size: REPORT_PAGE_SIZE,
      })),
  );

  app.get(
    '/api/v1/reports/export.csv',
    {
      config: { access: reports },
      schema: {
        tags,
        summary: 'One report table as CSV (UTF-8 with BOM, amounts in cedis), every row',
        querystring: reportExportQuery,
      },
    },
    async (request, reply) => {
      const { table, from, to } = request.query;
      const { csv, slug } = await inTenant(
        request,
        deps,
        async ({ business, businessId }, tx) => {
          const view =
            table === 'slow_movers'
              ? slowMoversTable(await slowMovers(tx, businessId, deps.now(), null), business.timezone)
              : table === 'stock_valuation'
                ? stockValuationTable(await stockValuation(tx, businessId, null))
                : summaryTable(await loadReport(tx, business, { from, to }), table);
          return { csv: tableCsv(view), slug: business.slug };
        },
        { keepsFigures: true },
      );
      // The period is in the name of a period's table; the two stock lists are as of today.
      const day = deps.now().toISOString().slice(0, 10);
      const isStockList = table === 'slow_movers' || table === 'stock_valuation';
      const name = `${slug}-${table.replaceAll('_', '-')}-${isStockList ? day : `${from}-to-${to}`}`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}.csv"`)
        .header('cache-control', 'no-store')
        .send(`${CSV_BOM}${csv}`);
    },
  );
}
