import { parseCedis, pesewasToInput } from '../money.ts';
import {
  MAX_CATEGORY_NAME,
  MAX_IMPORT_ROWS,
  MAX_STOCK,
  PRODUCT_MESSAGES,
  productCreateInput,
} from '../schemas/catalog.ts';
import { CsvSyntaxError, csvLine, parseCsv, unescapeFormula } from './csv.ts';
import { formatTaxRate, parseTaxRate } from './tax-rate.ts';

// Products as CSV: what the export writes and the import reads back. Prices in cedis ('12.50'), the tax rate
// in percent, the category by name.

export const PRODUCT_CSV_COLUMNS = [
  'name',
  'description',
  'category',
  'barcode',
  'sku',
  'price',
  'cost_price',
  'tax_rate',
  'stock_quantity',
  'min_stock_level',
  'image_url',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];
const REQUIRED_COLUMNS: ProductCsvColumn[] = ['name', 'price'];

export type ProductCsvSource = {
  name: string;
  description: string | null;
  category: string | null;
  barcode: string | null;
  sku: string | null;
  price: number;
  cost_price: number;
  tax_rate: number;
  stock_quantity: number;
  min_stock_level: number;
  image_url: string | null;
};

export function productCsvHeader(): string {
  return csvLine([...PRODUCT_CSV_COLUMNS]);
}

export function productCsvLine(product: ProductCsvSource): string {
  return csvLine([
    product.name,
    product.description,
    product.category,
    product.barcode,
    product.sku,
    pesewasToInput(product.price),
    pesewasToInput(product.cost_price),
    formatTaxRate(product.tax_rate),
    product.stock_quantity,
    product.min_stock_level,
    product.image_url,
  ]);
}

/**
 * One row read from a file. A field is present when its column is in the file; on an existing product an
 * absent column leaves the value as it is, and on a new one it takes the default.
 */
export type ProductCsvRow = {
  line: number;
  name: string;
  description?: string | null;
  category?: string | null;
  barcode?: string | null;
  sku?: string | null;
  price: number;
  cost_price?: number;
  tax_rate?: number;
  stock_quantity?: number;
  min_stock_level?: number;
  image_url?: string | null;
};

export type ParsedProductCsv = {
  fileErrors: string[];
  rows: {
    line: number;
    row: ProductCsvRow | null;
    raw: { name: string; sku: string; barcode: string };
    errors: string[];
  }[];
};

/** Reads an uploaded product file: every row is checked, none is thrown away without saying why. */
export function parseProductCsv(text: string): ParsedProductCsv {
  let records: ReturnType<typeof parseCsv>;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { fileErrors: [error.message], rows: [] };
    throw error;
  }
  const [header, ...body] = records;
  if (!header)
    return { fileErrors: ['The file is empty: it needs a header row and at least one product'], rows: [] };

  const columns = header.fields.map((name) => name.trim().toLowerCase().replace(/\s+/g, '_'));
  const fileErrors: string[] = [];
  const unknown = columns.filter((name) => !(PRODUCT_CSV_COLUMNS as readonly string[]).includes(name));
  if (unknown.length > 0) {
    fileErrors.push(
      `Unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((c) => `"${c}"`).join(', ')}. The columns are: ${PRODUCT_CSV_COLUMNS.join(', ')}`,
    );
  }
  const repeated = columns.filter((name, index) => columns.indexOf(name) !== index);
  if (repeated.length > 0) fileErrors.push(`Column "${repeated[0]}" appears more than once`);
  const missing = REQUIRED_COLUMNS.filter((name) => !columns.includes(name));
  if (missing.length > 0)
    fileErrors.push(`Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
  if (body.length === 0 && fileErrors.length === 0) fileErrors.push('The file has a header but no products');
  if (body.length > MAX_IMPORT_ROWS) {
    fileErrors.push(`The file has ${body.length} rows; import at most ${MAX_IMPORT_ROWS} at a time`);
  }
  if (fileErrors.length > 0) return { fileErrors, rows: [] };

  const index = new Map(columns.map((name, i) => [name as ProductCsvColumn, i]));
  const rows = body.map((record) => readRow(record.line, record.fields, index, columns.length));
  markDuplicates(rows);
  return { fileErrors: [], rows };
}

function readRow(
  line: number,
  fields: string[],
  index: Map<ProductCsvColumn, number>,
  width: number,
): ParsedProductCsv['rows'][number] {
  const cell = (column: ProductCsvColumn): string | undefined => {
    const at = index.get(column);
    return at === undefined ? undefined : unescapeFormula((fields[at] ?? '').trim());
  };
  const raw = { name: cell('name') ?? '', sku: cell('sku') ?? '', barcode: cell('barcode') ?? '' };
  if (fields.length !== width) {
    return {
      line,
      row: null,
      raw,
      errors: [
        `This row has ${fields.length} fields but the header has ${width} (is a comma missing its quotes?)`,
      ],
    };
  }
  const errors: string[] = [];
  const money = (column: 'price' | 'cost_price', positive: string, format: string) => {
    const text = cell(column);
    if (text === undefined || text === '') return undefined;
    const normalised = text.replace(/^₵|^GHS\s*/i, '').replace(/,/g, '');
    if (normalised.startsWith('-')) errors.push(positive);
    else {
      const value = parseCedis(normalised);
      if (value === null) errors.push(format);
      else return value;
    }
    return undefined;
  };
  const whole = (column: 'stock_quantity' | 'min_stock_level', positive: string, wholeMessage: string) => {
    const text = cell(column);
    if (text === undefined || text === '') return undefined;
    if (text.startsWith('-')) errors.push(positive);
    else if (!/^\d+$/.test(text)) errors.push(wholeMessage);
    else if (Number(text) > MAX_STOCK) errors.push(PRODUCT_MESSAGES.tooLarge);
    else return Number(text);
    return undefined;
  };
  const price = money('price', PRODUCT_MESSAGES.pricePositive, PRODUCT_MESSAGES.priceFormat);
  if (price === undefined && (cell('price') ?? '') === '') errors.push(PRODUCT_MESSAGES.priceRequired);
  const costPrice = money('cost_price', PRODUCT_MESSAGES.costPositive, PRODUCT_MESSAGES.costFormat);
  const taxText = cell('tax_rate');
  let taxRate: number | undefined;
  if (taxText !== undefined && taxText !== '') {
    const parsed = parseTaxRate(taxText);
    if (parsed === null) errors.push(PRODUCT_MESSAGES.taxRange);
    else taxRate = parsed;
  }
  const stock = whole('stock_quantity', PRODUCT_MESSAGES.stockPositive, PRODUCT_MESSAGES.stockWhole);
  const minStock = whole(
    'min_stock_level',
    PRODUCT_MESSAGES.minStockPositive,
    PRODUCT_MESSAGES.minStockWhole,
  );
  const category = cell('category');
  if (category && category.length > MAX_CATEGORY_NAME) {
    errors.push(`Category name must be at most ${MAX_CATEGORY_NAME} characters`);
  }

  // The text fields go through the API's own schema, so a file can hold nothing the form would refuse.
  const checked = productCreateInput.safeParse({
    name: cell('name') ?? '',
    description: cell('description'),
    barcode: cell('barcode'),
    sku: cell('sku'),
    image_url: cell('image_url'),
    price: price ?? 0,
  });
  if (!checked.success) {
    for (const issue of checked.error.issues) if (!errors.includes(issue.message)) errors.push(issue.message);
  }
  if (errors.length > 0 || !checked.success || price === undefined) return { line, row: null, raw, errors };

  const row: ProductCsvRow = { line, name: checked.data.name, price };
  const present = (column: ProductCsvColumn) => index.has(column);
  if (present('description')) row.description = checked.data.description ?? null;
  if (present('barcode')) row.barcode = checked.data.barcode ?? null;
  if (present('sku')) row.sku = checked.data.sku ?? null;
  if (present('image_url')) row.image_url = checked.data.image_url ?? null;
  if (present('category')) row.category = category || null;
  if (costPrice !== undefined) row.cost_price = costPrice;
  if (taxRate !== undefined) row.tax_rate = taxRate;
  if (stock !== undefined) row.stock_quantity = stock;
  if (minStock !== undefined) row.min_stock_level = minStock;
  return { line, row, raw, errors: [] };
}

// Two rows naming the same SKU or barcode would fight over one product: the later one is refused.
function markDuplicates(rows: ParsedProductCsv['rows']): void {
  const seen = { sku: new Map<string, number>(), barcode: new Map<string, number>() };
  for (const entry of rows) {
    if (!entry.row) continue;
    for (const key of ['sku', 'barcode'] as const) {
      const value = entry.row[key];
      if (!value) continue;
      const first = seen[key].get(value);
      if (first !== undefined) {
        entry.errors.push(`${key === 'sku' ? 'SKU' : 'Barcode'} ${value} is also on line ${first}`);
        entry.row = null;
        break;
      }
      seen[key].set(value, entry.line);
    }
  }
}
