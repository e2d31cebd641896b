import { z } from 'zod';
import { isIsoDay, rangeProblem } from '../report-range.ts';

// Reports (issue 16): what the reports page asks for and what the server answers. Money is integer pesewas;
// periods are whole days in the business's timezone, both ends included.

/** How a sale was paid, as reports group it: each method, and mobile money confirmed by hand on its own. */
export const PAYMENT_CHANNELS = [
  'cash',
  'card',
  'mtn_momo',
  'telecel_cash',
  'airteltigo_money',
  'manual_momo',
] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

export const PAYMENT_CHANNEL_LABELS: Record<PaymentChannel, string> = {
  cash: 'Cash',
  card: 'Card',
  mtn_momo: 'MTN MoMo',
  telecel_cash: 'Telecel Cash',
  airteltigo_money: 'AirtelTigo Money',
  manual_momo: 'Manual MoMo',
};

/** operations §9 style pages: slow movers and stock valuation come 50 products at a time. */
export const REPORT_PAGE_SIZE = 50;
/** The top-products tables show the first 10. */
export const TOP_PRODUCTS = 10;

const day = (label: string) =>
  z.string({ error: `${label} is required` }).refine(isIsoDay, `${label} must be a real date (YYYY-MM-DD)`);

/** The order and length of a period, once both of its days are real (each day's own message comes first). */
function checkRange(range: { from: string; to: string }, context: z.RefinementCtx): void {
  if (!isIsoDay(range.from) || !isIsoDay(range.to)) return;
  const problem = rangeProblem(range);
  if (problem) context.addIssue({ code: 'custom', message: problem, path: ['to'] });
}

export const reportRangeQuery = z
  .object({ from: day('Start date'), to: day('End date') })
  .superRefine(checkRange);
export type ReportRangeQuery = z.infer<typeof reportRangeQuery>;

export const reportPageQuery = z.object({
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be 1 or more')
    .max(100_000, 'Page is too large')
    .default(1),
});

export const REPORT_TABLES = [
  'summary',
  'sales_over_time',
  'payment_methods',
  'categories',
  'top_products_revenue',
  'top_products_quantity',
  'cashiers',
  'discounts_by_cashier',
  'slow_movers',
  'stock_valuation',
] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];

export const reportExportQuery = z
  .object({
    table: z.enum(REPORT_TABLES, { error: 'Table is not one of the report tables' }),
    from: day('Start date'),
    to: day('End date'),
  })
  .superRefine(checkRange);

const range = z.object({ from: z.string(), to: z.string() });
const money = z.number().int();

/** The sales summary of one period (docs/decisions.md "Reports: what each figure means"). */
export const reportFigures = z.object({
  /** Quantity × price of the period's completed sales, before discounts and tax. */
  gross_sales: money,
  /** Discounts given on those sales (line and whole-sale). */
  discounts: money,
  /** Of those discounts, what loyalty points redeemed on the sales paid for (already in `discounts`). */
  points_redeemed: money,
  /** What the period's refunds gave back, before tax and net of the discount the refunded lines had. */
  refunds: money,
  refund_count: z.number().int(),
  /** Sales voided (cancelled on the day): their totals, counted apart and not in the sales. */
  voids: money,
  void_count: z.number().int(),
  /** gross − discounts − refunds. */
  net_sales: money,
  /** Tax on the sales less tax given back by refunds. */
  tax: money,
  /** net sales + tax: the money kept. */
  takings: money,
  /** Σ cost at the time of sale × units, less the cost of refunded units. */
  cost_of_goods: money,
  /** net sales − cost of goods. */
  gross_margin: money,
  /** gross margin ÷ net sales, one decimal; null with no net sales. */
  margin_percent: z.number().nullable(),
  transaction_count: z.number().int(),
  /** The sales' totals (with tax, after discounts) ÷ their number, rounded to the pesewa. */
  average_basket: money,
});
export type ReportFigures = z.infer<typeof reportFigures>;

export const paymentChannelRow = z.object({
  channel: z.enum(PAYMENT_CHANNELS),
  /** Sales (and refunds) paid this way. */
  count: z.number().int(),
  /** Taken less given back, with tax. */
  amount: money,
});

export const seriesPoint = z.object({
  /** YYYY-MM-DD (by day) or HH (by hour), in the business's timezone. */
  key: z.string(),
  net_sales: money,
  count: z.number().int(),
});

export const categoryRow = z.object({
  category_id: z.string().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  /** Quantity × price of what was sold less what came back, before discounts and tax. */
  sales: money,
});

export const productRow = z.object({
  product_id: z.string().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  sales: money,
});

export const cashierRow = z.object({
  cashier_id: z.string(),
  name: z.string(),
  sale_count: z.number().int(),
  gross_sales: money,
  discounts: money,
  refunds: money,
  net_sales: money,
  average_basket: money,
});

export const discountRow = z.object({
  cashier_id: z.string().nullable(),
  name: z.string(),
  discounted_sales: z.number().int(),
  discount_amount: money,
  /** Discounts above the business's limit (each approved on the spot). */
  above_limit: z.number().int(),
  /** Anything a manager or owner approved with their PIN for this person: refunds, voids, discounts. */
  approvals: z.number().int(),
  refunds: z.number().int(),
  voids: z.number().int(),
});

export const reportSummaryResponse = z.object({
  timezone: z.string(),
  range,
  previous_range: range,
  grain: z.enum(['hour', 'day']),
  figures: reportFigures,
  previous_figures: reportFigures,
  payment_methods: z.array(paymentChannelRow),
  series: z.array(seriesPoint),
  categories: z.array(categoryRow),
  top_by_revenue: z.array(productRow),
  top_by_quantity: z.array(productRow),
  cashiers: z.array(cashierRow),
  discounts_by_cashier: z.array(discountRow),
});
export type ReportSummary = z.infer<typeof reportSummaryResponse>;

export const slowMoverRow = z.object({
  id: z.string(),
  name: z.string(),
  sku: z.string().nullable(),
  category: z.string().nullable(),
  stock: z.number().int(),
  /** The last sale of it, ever; null when never sold. */
  last_sold_at: z.string().nullable(),
  cost_value: money,
});

export const slowMoversResponse = z.object({
  /** "No sale in" this many days. */
  days: z.number().int(),
  products: z.array(slowMoverRow),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type SlowMovers = z.infer<typeof slowMoversResponse>;

export const stockValueRow = z.object({
  id: z.string(),
  name: z.string(),
  sku: z.string().nullable(),
  category: z.string().nullable(),
  stock: z.number().int(),
  cost_price: money,
  price: money,
  cost_value: money,
  retail_value: money,
});

export const stockValuationResponse = z.object({
  products: z.array(stockValueRow),
  totals: z.object({ units: z.number().int(), cost_value: money, retail_value: money }),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type StockValuation = z.infer<typeof stockValuationResponse>;
