import { PRODUCT_MESSAGES } from '#domain/catalog/product-rules.ts';
import { parseCedis } from '#domain/money.ts';
import type { ProductCreateInput } from '#domain/schemas/catalog.ts';

// operations §5 Quick-add product: name and price are required; price and cost at least 0 (step 0.01);
// tax rate 0 to 100; stock and minimum stock at least 0.

/** Said instead of offering quick-add to someone without manage_products (docs/decisions.md). */
export const ASK_A_MANAGER = 'Ask a manager to add this product.';

export const QUICK_ADD_MISSING = {
  title: 'Missing Information',
  message: 'Please provide at least product name and price.',
} as const;

export type QuickAddValues = {
  name: string;
  price: string;
  costPrice: string;
  taxRate: string;
  stock: string;
  minStock: string;
  barcode: string;
};

export type QuickAddResult =
  | { ok: true; input: ProductCreateInput }
  | { ok: false; missing: true }
  | { ok: false; missing: false; errors: Partial<Record<keyof QuickAddValues, string>> };

const WHOLE = /^\s*\d{1,9}\s*$/;
const PERCENT = /^\s*\d{1,3}(?:\.\d{1,2})?\s*$/;

export function quickAddInput(values: QuickAddValues): QuickAddResult {
  if (!values.name.trim() || !values.price.trim()) return { ok: false, missing: true };
  const errors: Partial<Record<keyof QuickAddValues, string>> = {};
  const price = parseCedis(values.price);
  if (price === null) errors.price = PRODUCT_MESSAGES.pricePositive;
  const cost = values.costPrice.trim() ? parseCedis(values.costPrice) : 0;
  if (cost === null) errors.costPrice = PRODUCT_MESSAGES.costPositive;
  const tax = values.taxRate.trim() || '12.5';
  if (!PERCENT.test(tax) || Number(tax) > 100) errors.taxRate = PRODUCT_MESSAGES.taxRange;
  const stock = values.stock.trim() || '0';
  if (!WHOLE.test(stock)) errors.stock = PRODUCT_MESSAGES.stockPositive;
  const minStock = values.minStock.trim() || '5';
  if (!WHOLE.test(minStock)) errors.minStock = PRODUCT_MESSAGES.minStockPositive;
  if (Object.keys(errors).length > 0 || price === null || cost === null)
    return { ok: false, missing: false, errors };
  return {
    ok: true,
    input: {
      name: values.name.trim(),
      price,
      cost_price: cost,
      tax_rate: Number(tax),
      stock_quantity: Number(stock),
      min_stock_level: Number(minStock),
      ...(values.barcode.trim() ? { barcode: values.barcode.trim() } : {}),
    },
  };
}
