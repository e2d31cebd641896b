import { z } from 'zod';
import {
  DEFAULT_MIN_STOCK,
  DEFAULT_STOCK,
  DEFAULT_TAX_RATE,
  MAX_CODE,
  MAX_DESCRIPTION,
  MAX_IMAGE_URL,
  MAX_PRICE,
  MAX_PRODUCT_NAME,
  MAX_STOCK,
  PRODUCT_MESSAGES,
} from '../catalog/product-rules.ts';
import { STOCK_MOVEMENT_REASONS_LIST, STOCK_OPERATIONS } from '../catalog/stock.ts';
import { isValidTaxRate, parseTaxRate } from '../catalog/tax-rate.ts';
import { parseCedis } from '../money.ts';
import { requiredText } from './fields.ts';

// Products, categories and stock (operations §3, §4, §5). Money is integer pesewas; the tax rate a percent.

export {
  DEFAULT_MIN_STOCK,
  DEFAULT_STOCK,
  DEFAULT_TAX_RATE,
  MAX_CODE,
  MAX_DESCRIPTION,
  MAX_IMAGE_URL,
  MAX_PRICE,
  MAX_PRODUCT_NAME,
  MAX_STOCK,
  PRODUCT_MESSAGES,
} from '../catalog/product-rules.ts';

// ---- field builders (API: numbers; form: the text typed) ----

const pesewas = (positive: string, required: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? required : positive) })
    .int(PRODUCT_MESSAGES.pricePesewas)
    .min(0, positive)
    .max(MAX_PRICE, PRODUCT_MESSAGES.priceTooLarge);

const count = (positive: string, whole: string) =>
  z.number({ error: positive }).int(whole).min(0, positive).max(MAX_STOCK, PRODUCT_MESSAGES.tooLarge);

const taxRate = z
  .number({ error: PRODUCT_MESSAGES.taxRange })
  .refine(isValidTaxRate, PRODUCT_MESSAGES.taxRange);

/** Text that may be cleared: absent stays absent (PATCH leaves it), null or blank become null. */
const clearableText = (max: number, tooLong: string) =>
  z
    .string({ error: 'Must be text' })
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));

const CODE_PATTERN = /^[\x21-\x7E]+$/;
const clearableCode = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(MAX_CODE, message)
    .refine((value) => value === '' || CODE_PATTERN.test(value), message)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));

export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const imageUrl = z
  .string({ error: PRODUCT_MESSAGES.imageUrl })
  .trim()
  .max(MAX_IMAGE_URL, PRODUCT_MESSAGES.imageUrl)
  .refine((value) => value === '' || isHttpUrl(value), PRODUCT_MESSAGES.imageUrl)
  .nullish()
  .transform((value) => (value === undefined ? undefined : value || null));

const productName = requiredText(
  PRODUCT_MESSAGES.nameRequired,
  MAX_PRODUCT_NAME,
  PRODUCT_MESSAGES.nameTooLong,
);
const categoryId = z.uuid({ error: PRODUCT_MESSAGES.categoryInvalid }).nullish();

// ---- API requests ----

/** POST /api/v1/products. Only name and price are required (the till's quick-add sends little more). */
export const productCreateInput = z.object({
  name: productName,
  description: clearableText(MAX_DESCRIPTION, PRODUCT_MESSAGES.descriptionTooLong),
  category_id: categoryId,
  barcode: clearableCode(PRODUCT_MESSAGES.barcodeFormat),
  sku: clearableCode(PRODUCT_MESSAGES.skuFormat),
  price: pesewas(PRODUCT_MESSAGES.pricePositive, PRODUCT_MESSAGES.priceRequired),
  cost_price: pesewas(PRODUCT_MESSAGES.costPositive, PRODUCT_MESSAGES.costPositive).default(0),
  tax_rate: taxRate.default(DEFAULT_TAX_RATE),
  stock_quantity: count(PRODUCT_MESSAGES.stockPositive, PRODUCT_MESSAGES.stockWhole).default(DEFAULT_STOCK),
  min_stock_level: count(PRODUCT_MESSAGES.minStockPositive, PRODUCT_MESSAGES.minStockWhole).default(
    DEFAULT_MIN_STOCK,
  ),
  image_url: imageUrl,
});
export type ProductCreateInput = z.input<typeof productCreateInput>;
export type ProductCreate = z.output<typeof productCreateInput>;

/** PATCH /api/v1/products/:id: any subset; null clears an optional field. A stock change is logged as 'set'. */
export const productUpdateInput = z.object({
  name: productName.optional(),
  description: clearableText(MAX_DESCRIPTION, PRODUCT_MESSAGES.descriptionTooLong),
  category_id: categoryId,
  barcode: clearableCode(PRODUCT_MESSAGES.barcodeFormat),
  sku: clearableCode(PRODUCT_MESSAGES.skuFormat),
  price: pesewas(PRODUCT_MESSAGES.pricePositive, PRODUCT_MESSAGES.priceRequired).optional(),
  cost_price: pesewas(PRODUCT_MESSAGES.costPositive, PRODUCT_MESSAGES.costPositive).optional(),
  tax_rate: taxRate.optional(),
  stock_quantity: count(PRODUCT_MESSAGES.stockPositive, PRODUCT_MESSAGES.stockWhole).optional(),
  min_stock_level: count(PRODUCT_MESSAGES.minStockPositive, PRODUCT_MESSAGES.minStockWhole).optional(),
  image_url: imageUrl,
});
export type ProductUpdateInput = z.input<typeof productUpdateInput>;
export type ProductUpdate = z.output<typeof productUpdateInput>;

const booleanQuery = z
  .enum(['true', 'false'], { error: 'Must be true or false' })
  .optional()
  .transform((value) => value === 'true');

export const PRODUCT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 200;

const pageQuery = {
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`)
    .default(PRODUCT_PAGE_SIZE),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset must be 0 or more')
    .max(10_000_000, 'offset is too large')
    .default(0),
};

/** The product screen's filters (operations §2), also the query string of GET /api/v1/products. */
export const productFilters = z.object({
  search: z.string().trim().max(200, 'Search is too long').optional(),
  category_id: z.uuid({ error: PRODUCT_MESSAGES.categoryInvalid }).optional(),
  low_stock: booleanQuery,
});
export type ProductFilters = z.output<typeof productFilters>;

/**
 * A page's position in a list by name: the last product of the previous page (keyset paging), as the
 * opaque `next_cursor` text the previous page gave. Reading page 2,000 costs what page 1 does.
 */
export type ProductCursor = { name: string; id: string };

export function encodeProductCursor(cursor: ProductCursor): string {
  const bytes = new TextEncoder().encode(JSON.stringify([cursor.name, cursor.id]));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

export function decodeProductCursor(text: string): ProductCursor | null {
  try {
    const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
    const value: unknown = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))),
    );
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [name, id] = value;
    if (typeof name !== 'string' || typeof id !== 'string') return null;
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
    return { name, id };
  } catch {
    return null;
  }
}

/** Beyond this many matches a list says "1,000+" instead of counting them all (issue 14). */
export const PRODUCT_COUNT_CAP = 1000;

/**
 * Whether a product list counts its matches: `capped` (the default) up to PRODUCT_COUNT_CAP; `none` when the
 * client has the count already — the product screen, whose cards count the same products exactly.
 */
export const PRODUCT_COUNT_MODES = ['capped', 'none'] as const;
export type ProductCountMode = (typeof PRODUCT_COUNT_MODES)[number];

export const productListQuery = productFilters.extend({
  ...pageQuery,
  count: z.enum(PRODUCT_COUNT_MODES, { error: 'count must be capped or none' }).default('capped'),
  after: z
    .string()
    .max(1000, 'after is not a position in this list')
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text === '') return undefined;
      const cursor = decodeProductCursor(text);
      if (!cursor) {
        ctx.addIssue({ code: 'custom', message: 'after is not a position in this list' });
        return z.NEVER;
      }
      return cursor;
    }),
});
export type ProductListQuery = z.input<typeof productListQuery>;

export const stockUpdateInput = z
  .object({
    operation: z.enum(STOCK_OPERATIONS, { error: 'Invalid operation' }),
    quantity: z
      .number({ error: 'Quantity must be a whole number of 0 or more' })
      .int('Quantity must be a whole number of 0 or more')
      .min(0, 'Quantity must be a whole number of 0 or more')
      .max(MAX_STOCK, PRODUCT_MESSAGES.tooLarge),
    note: z
      .string({ error: 'Must be text' })
      .trim()
      .max(500, 'Note must be at most 500 characters')
      .nullish()
      .transform((value) => value || null),
  })
  .refine((input) => input.operation === 'set' || input.quantity > 0, {
    message: 'Quantity must be more than 0',
    path: ['quantity'],
  });
export type StockUpdateInput = z.input<typeof stockUpdateInput>;

export const idParams = z.object({ id: z.uuid({ error: 'Not found' }) });

// ---- API responses ----

export const product = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  barcode: z.string().nullable(),
  sku: z.string().nullable(),
  price: z.number().int(),
  cost_price: z.number().int(),
  tax_rate: z.number(),
  stock_quantity: z.number().int(),
  min_stock_level: z.number().int(),
  category: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  category_id: z.uuid().nullable(),
  is_active: z.boolean(),
  image_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof product>;

export const productList = z.object({
  products: z.array(product),
  /** The number of matching products, counted up to PRODUCT_COUNT_CAP; null when asked not to count. */
  total: z.number().int().nullable(),
  /** True when there are more than `total` (the count stopped at the cap). */
  total_is_capped: z.boolean(),
  /** Pass as `after` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type ProductList = z.infer<typeof productList>;

export const productSummary = z.object({
  total_products: z.number().int(),
  low_stock_count: z.number().int(),
  /** Σ price × stock in pesewas. */
  total_value: z.number().int(),
  categories_count: z.number().int(),
});
export type ProductSummary = z.infer<typeof productSummary>;

export const stockMovement = z.object({
  id: z.uuid(),
  delta: z.number().int(),
  quantity_after: z.number().int(),
  reason: z.enum(STOCK_MOVEMENT_REASONS_LIST),
  note: z.string().nullable(),
  reference_id: z.string().nullable(),
  user: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type StockMovement = z.infer<typeof stockMovement>;

export const stockMovementList = z.object({ movements: z.array(stockMovement), total: z.number().int() });
export const stockMovementQuery = z.object(pageQuery);

// ---- categories ----

export const MAX_CATEGORY_NAME = 80;
const categoryName = requiredText(
  'Category name is required',
  MAX_CATEGORY_NAME,
  `Category name must be at most ${MAX_CATEGORY_NAME} characters`,
);

export const categoryCreateInput = z.object({ name: categoryName });
export const categoryUpdateInput = z.object({
  name: categoryName.optional(),
  is_active: z.boolean({ error: 'Must be true or false' }).optional(),
});
/** The whole order: every category id of the business, first to last. */
export const categoryOrderInput = z.object({
  ids: z.array(z.uuid({ error: 'Category not found' })).min(1, 'Give the categories in their new order'),
});
export const categoryListQuery = z.object({ include_inactive: booleanQuery });

export const category = z.object({
  id: z.uuid(),
  name: z.string(),
  sort_order: z.number().int(),
  is_active: z.boolean(),
  product_count: z.number().int(),
});
export type Category = z.infer<typeof category>;
export type CategoryCreateInput = z.input<typeof categoryCreateInput>;
export type CategoryUpdateInput = z.input<typeof categoryUpdateInput>;

// ---- the product form (web): what is typed, turned into the API's body ----

const cedisText = (messages: { positive: string; format: string; required?: string }) =>
  z.string().transform((text, context) => {
    const trimmed = text.trim();
    if (trimmed === '') {
      if (messages.required) {
        context.addIssue({ code: 'custom', message: messages.required });
        return z.NEVER;
      }
      return 0;
    }
    if (/^-/.test(trimmed)) {
      context.addIssue({ code: 'custom', message: messages.positive });
      return z.NEVER;
    }
    const value = parseCedis(trimmed);
    if (value === null) {
      context.addIssue({ code: 'custom', message: messages.format });
      return z.NEVER;
    }
    if (value > MAX_PRICE) {
      context.addIssue({ code: 'custom', message: PRODUCT_MESSAGES.priceTooLarge });
      return z.NEVER;
    }
    return value;
  });

const countText = (messages: { positive: string; whole: string; required: string }) =>
  z.string().transform((text, context) => {
    const trimmed = text.trim();
    const fail = (message: string) => {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (trimmed === '') return fail(messages.required);
    if (/^-/.test(trimmed)) return fail(messages.positive);
    if (!/^\d+$/.test(trimmed)) return fail(messages.whole);
    const value = Number(trimmed);
    return value > MAX_STOCK ? fail(PRODUCT_MESSAGES.tooLarge) : value;
  });

export const productFormSchema = z.object({
  name: productName,
  description: z.string().trim().max(MAX_DESCRIPTION, PRODUCT_MESSAGES.descriptionTooLong),
  category_id: z.string().min(1, PRODUCT_MESSAGES.categoryRequired),
  image_url: imageUrl,
  price: cedisText({
    positive: PRODUCT_MESSAGES.pricePositive,
    format: PRODUCT_MESSAGES.priceFormat,
    required: PRODUCT_MESSAGES.priceRequired,
  }),
  cost_price: cedisText({ positive: PRODUCT_MESSAGES.costPositive, format: PRODUCT_MESSAGES.costFormat }),
  tax_rate: z.string().transform((text, context) => {
    const rate = parseTaxRate(text);
    if (rate === null) {
      context.addIssue({ code: 'custom', message: PRODUCT_MESSAGES.taxRange });
      return z.NEVER;
    }
    return rate;
  }),
  stock_quantity: countText({
    positive: PRODUCT_MESSAGES.stockPositive,
    whole: PRODUCT_MESSAGES.stockWhole,
    required: PRODUCT_MESSAGES.stockRequired,
  }),
  min_stock_level: countText({
    positive: PRODUCT_MESSAGES.minStockPositive,
    whole: PRODUCT_MESSAGES.minStockWhole,
    required: PRODUCT_MESSAGES.minStockRequired,
  }),
  sku: clearableCode(PRODUCT_MESSAGES.skuFormat),
  barcode: clearableCode(PRODUCT_MESSAGES.barcodeFormat),
});
export type ProductFormValues = z.input<typeof productFormSchema>;
export type ProductFormOutput = z.output<typeof productFormSchema>;

// ---- CSV import ----

export const MAX_IMPORT_BYTES = 30 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 100_000;

export const productImportInput = z.object({
  csv: z
    .string({ error: 'Choose a CSV file to import' })
    .min(1, 'The file is empty')
    .max(MAX_IMPORT_BYTES, 'The file is too large (at most 30 MB)'),
});

export const importRowAction = z.enum(['create', 'update']);
export const importPreview = z.object({
  /** A problem with the file as a whole (no header, unknown columns, broken quotes); nothing can be applied. */
  file_errors: z.array(z.string()),
  total_rows: z.number().int(),
  valid_rows: z.number().int(),
  invalid_rows: z.number().int(),
  create_count: z.number().int(),
  update_count: z.number().int(),
  new_categories: z.array(z.string()),
  /** Rows with errors (the first 500), then the first valid rows as a sample. */
  rows: z.array(
    z.object({
      line: z.number().int(),
      name: z.string(),
      sku: z.string().nullable(),
      barcode: z.string().nullable(),
      action: importRowAction.nullable(),
      errors: z.array(z.string()),
    }),
  ),
});
export type ImportPreview = z.infer<typeof importPreview>;

export const importResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  categories_created: z.number().int(),
});
export type ImportResult = z.infer<typeof importResult>;

export const productLabelsQuery = z.object({
  ids: z
    .string({ error: 'Choose the products to label' })
    .transform((text) => text.split(',').filter(Boolean))
    .pipe(
      z
        .array(z.uuid({ error: 'Product not found' }))
        .min(1, 'Choose the products to label')
        .max(500, 'Print at most 500 different products at a time'),
    ),
});
export const productLabel = z.object({
  id: z.uuid(),
  name: z.string(),
  price: z.number().int(),
  barcode: z.string().nullable(),
  sku: z.string().nullable(),
});
export type ProductLabel = z.infer<typeof productLabel>;
