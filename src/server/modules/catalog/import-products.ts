import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { type ProductCsvRow, parseProductCsv } from '#domain/catalog/product-csv.ts';
import {
  DEFAULT_MIN_STOCK,
  DEFAULT_STOCK,
  DEFAULT_TAX_RATE,
  type ImportPreview,
  type ImportResult,
} from '#domain/schemas/catalog.ts';
import type { Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/database-errors.ts';
import { categories, products } from '../../db/schema/index.ts';
import type { UseCaseRequest } from '../use-case.ts';
import { IMPORT_FILE_INVALID, IMPORT_HAS_ERRORS } from './errors.ts';
import { lockProducts, moveStock, recordStockSet, type StockMovement } from './stock-ledger.ts';

// CSV import: a preview lists every row's problems; applying refuses a file with any problem and otherwise
// writes every row in one transaction. Rows match existing active products by SKU, else by barcode.

type Existing = { id: string; name: string; barcode: string | null; sku: string | null; stock: number };

type PlannedRow = {
  line: number;
  raw: { name: string; sku: string; barcode: string };
  row: ProductCsvRow | null;
  match: Existing | null;
  errors: string[];
};

type ImportPlan = {
  rows: PlannedRow[];
  /** Category names in the file that the business does not have yet (they are created on import). */
  newCategories: string[];
  categoryIds: Map<string, string>;
};

const LOOKUP_CHUNK = 5000;
const WRITE_CHUNK = 500;
const PREVIEW_ERROR_ROWS = 500;
const PREVIEW_SAMPLE_ROWS = 20;

async function planImport(
  tx: Tx,
  businessId: string,
  csv: string,
  lock: boolean,
): Promise<ImportPlan & { fileErrors: string[] }> {
  const parsed = parseProductCsv(csv);
  if (parsed.fileErrors.length > 0) {
    return { fileErrors: parsed.fileErrors, rows: [], newCategories: [], categoryIds: new Map() };
  }
  const valid = parsed.rows.flatMap((entry) => (entry.row ? [entry.row] : []));
  const skus = [...new Set(valid.flatMap((row) => (row.sku ? [row.sku] : [])))];
  const barcodes = [...new Set(valid.flatMap((row) => (row.barcode ? [row.barcode] : [])))];
  const bySku = new Map<string, Existing>();
  const byBarcode = new Map<string, Existing>();
  for (let start = 0; start < Math.max(skus.length, barcodes.length); start += LOOKUP_CHUNK) {
    const skuChunk = skus.slice(start, start + LOOKUP_CHUNK);
    const barcodeChunk = barcodes.slice(start, start + LOOKUP_CHUNK);
    const query = tx
      .select({
        id: products.id,
        name: products.name,
        barcode: products.barcode,
        sku: products.sku,
        stock: products.stockQuantity,
      })
      .from(products)
      .where(
        and(
          eq(products.businessId, businessId),
          eq(products.isActive, true),
          or(
            skuChunk.length > 0 ? inArray(products.sku, skuChunk) : undefined,
            barcodeChunk.length > 0 ? inArray(products.barcode, barcodeChunk) : undefined,
          ),
        ),
      );
    const found = lock ? await query.for('update') : await query;
    for (const product of found) {
      if (product.sku) bySku.set(product.sku, product);
      if (product.barcode) byBarcode.set(product.barcode, product);
    }
  }

  const rows: PlannedRow[] = parsed.rows.map((entry) => {
    if (!entry.row) return { ...entry, match: null };
    const row = entry.row;
    const match =
      (row.sku ? bySku.get(row.sku) : undefined) ??
      (row.barcode ? byBarcode.get(row.barcode) : undefined) ??
      null;
    const errors: string[] = [];
    const barcodeHolder = row.barcode ? byBarcode.get(row.barcode) : undefined;
    if (barcodeHolder && barcodeHolder.id !== match?.id) {
      errors.push(`Barcode ${row.barcode} is already used by "${barcodeHolder.name}"`);
    }
    const skuHolder = row.sku ? bySku.get(row.sku) : undefined;
    if (skuHolder && skuHolder.id !== match?.id)
      errors.push(`SKU ${row.sku} is already used by "${skuHolder.name}"`);
    return errors.length > 0 ? { ...entry, row: null, match: null, errors } : { ...entry, match };
  });
  flagTakenTwice(rows);

  const categoryRows = await tx
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(eq(categories.businessId, businessId), eq(categories.isActive, true)));
  const categoryIds = new Map(categoryRows.map((row) => [row.name.toLowerCase(), row.id]));
  const newCategories = new Map<string, string>();
  for (const { row } of rows) {
    const name = row?.category;
    if (name && !categoryIds.has(name.toLowerCase())) newCategories.set(name.toLowerCase(), name);
  }
  return { fileErrors: [], rows, newCategories: [...newCategories.values()], categoryIds };
}

// Two matched rows may update the same product (one by SKU, one by barcode): the later one is refused.
function flagTakenTwice(rows: PlannedRow[]): void {
  const seen = new Map<string, number>();
  for (const entry of rows) {
    if (!entry.match) continue;
    const first = seen.get(entry.match.id);
    if (first !== undefined) {
      entry.errors.push(`"${entry.match.name}" is already updated by line ${first}`);
      entry.row = null;
      entry.match = null;
      continue;
    }
    seen.set(entry.match.id, entry.line);
  }
}

export async function previewImport(
  { businessId, input: { csv } }: UseCaseRequest<{ csv: string }>,
  tx: Tx,
): Promise<ImportPreview> {
  const plan = await planImport(tx, businessId, csv, false);
  const invalid = plan.rows.filter((entry) => !entry.row);
  const valid = plan.rows.filter((entry) => entry.row);
  const describe = (entry: PlannedRow) => ({
    line: entry.line,
    name: entry.row?.name ?? entry.raw.name,
    sku: entry.row ? (entry.row.sku ?? null) : entry.raw.sku || null,
    barcode: entry.row ? (entry.row.barcode ?? null) : entry.raw.barcode || null,
    action: entry.row ? (entry.match ? ('update' as const) : ('create' as const)) : null,
    errors: entry.errors,
  });
  return {
    file_errors: plan.fileErrors,
    total_rows: plan.rows.length,
    valid_rows: valid.length,
    invalid_rows: invalid.length,
    create_count: valid.filter((entry) => !entry.match).length,
    update_count: valid.filter((entry) => entry.match).length,
    new_categories: plan.newCategories,
    rows: [...invalid.slice(0, PREVIEW_ERROR_ROWS), ...valid.slice(0, PREVIEW_SAMPLE_ROWS)].map(describe),
  };
}

/** Applies a file with no problems, all of it in the caller's one transaction. */
export async function applyImport(
  { businessId, actor, input: { csv } }: UseCaseRequest<{ csv: string }>,
  tx: Tx,
): Promise<ImportResult> {
  const userId = actor.userId;
  const plan = await planImport(tx, businessId, csv, true);
  if (plan.fileErrors.length > 0) throw IMPORT_FILE_INVALID(plan.fileErrors.join('. '));
  const invalid = plan.rows.filter((entry) => !entry.row).length;
  if (invalid > 0) throw IMPORT_HAS_ERRORS(invalid);

  const categoryIds = new Map(plan.categoryIds);
  if (plan.newCategories.length > 0) {
    const created = await tx
      .insert(categories)
      .values(
        plan.newCategories.map((name, index) => ({
          businessId,
          name,
          sortOrder: sql`(select coalesce(max(${categories.sortOrder}) + 1, 0) from ${categories} where ${categories.businessId} = ${businessId}) + ${index}`,
        })),
      )
      .returning({ id: categories.id, name: categories.name });
    for (const row of created) categoryIds.set(row.name.toLowerCase(), row.id);
  }
  const categoryOf = (row: ProductCsvRow) =>
    row.category === undefined
      ? undefined
      : row.category
        ? (categoryIds.get(row.category.toLowerCase()) ?? null)
        : null;

  const creates = plan.rows.filter((entry) => entry.row && !entry.match).map((entry) => entry.row!);
  const updates = plan.rows.filter((entry) => entry.row && entry.match) as (PlannedRow & {
    row: ProductCsvRow;
    match: Existing;
  })[];
  const movements: StockMovement[] = [];

  try {
    for (let start = 0; start < creates.length; start += WRITE_CHUNK) {
      const chunk = creates.slice(start, start + WRITE_CHUNK);
      const inserted = await tx
        .insert(products)
        .values(
          chunk.map((row) => ({
            businessId,
            categoryId: categoryOf(row) ?? null,
            name: row.name,
            description: row.description ?? null,
            barcode: row.barcode ?? null,
            sku: row.sku ?? null,
            price: row.price,
            costPrice: row.cost_price ?? 0,
            taxRate: String(row.tax_rate ?? DEFAULT_TAX_RATE),
            stockQuantity: row.stock_quantity ?? DEFAULT_STOCK,
            minStockLevel: row.min_stock_level ?? DEFAULT_MIN_STOCK,
            imageUrl: row.image_url ?? null,
          })),
        )
        .returning({ id: products.id, stock: products.stockQuantity });
      for (const product of inserted) {
        if (product.stock > 0) {
          movements.push({
            productId: product.id,
            delta: product.stock,
            quantityAfter: product.stock,
            reason: 'import',
          });
        }
      }
    }
    for (let start = 0; start < updates.length; start += WRITE_CHUNK) {
      await updateChunk(tx, businessId, updates.slice(start, start + WRITE_CHUNK), categoryOf);
    }
    for (let start = 0; start < movements.length; start += WRITE_CHUNK) {
      await recordStockSet(tx, businessId, movements.slice(start, start + WRITE_CHUNK), {
        userId,
        at: new Date(),
      });
    }
    // An existing product's stock is set through the stock ledger like any other change, on its locked row,
    // so a sale made since the file was read is not lost. Ids in ascending order across chunks: no deadlocks.
    const stockSets = updates
      .filter(({ row }) => row.stock_quantity !== undefined)
      .map(({ row, match }) => ({ productId: match.id, quantity: row.stock_quantity! }))
      .sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
    for (let start = 0; start < stockSets.length; start += WRITE_CHUNK) {
      const chunk = stockSets.slice(start, start + WRITE_CHUNK);
      const locked = await lockProducts(
        tx,
        businessId,
        chunk.map((set) => set.productId),
      );
      const changes: StockMovement[] = chunk
        .filter((set) => locked.has(set.productId) && locked.get(set.productId)!.stock !== set.quantity)
        .map((set) => ({
          productId: set.productId,
          delta: set.quantity - locked.get(set.productId)!.stock,
          quantityAfter: set.quantity,
          reason: 'import',
        }));
      await moveStock(tx, businessId, changes, { userId, at: new Date() });
    }
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint?.startsWith('products_business_')) {
      throw IMPORT_FILE_INVALID(
        'Two rows would leave two products with the same barcode or SKU (codes swapped between products?). Nothing was imported.',
      );
    }
    throw error;
  }
  return { created: creates.length, updated: updates.length, categories_created: plan.newCategories.length };
}

// All rows of a file share its columns, so one UPDATE … FROM (VALUES …) sets the same columns on many rows.
async function updateChunk(
  tx: Tx,
  businessId: string,
  chunk: { row: ProductCsvRow; match: Existing }[],
  categoryOf: (row: ProductCsvRow) => string | null | undefined,
): Promise<void> {
  const sample = chunk[0]!.row;
  const columns: { column: string; type: string; value: (row: ProductCsvRow) => unknown }[] = [
    { column: 'name', type: 'text', value: (row) => row.name },
    { column: 'price', type: 'integer', value: (row) => row.price },
  ];
  if (sample.description !== undefined)
    columns.push({ column: 'description', type: 'text', value: (row) => row.description });
  if (sample.category !== undefined) columns.push({ column: 'category_id', type: 'uuid', value: categoryOf });
  if (sample.barcode !== undefined)
    columns.push({ column: 'barcode', type: 'text', value: (row) => row.barcode });
  if (sample.sku !== undefined) columns.push({ column: 'sku', type: 'text', value: (row) => row.sku });
  if (sample.image_url !== undefined)
    columns.push({ column: 'image_url', type: 'text', value: (row) => row.image_url });
  // Numbers left empty in a row keep the product's value (coalesce with the current one).
  const keepable: [keyof ProductCsvRow, string, string][] = [
    ['cost_price', 'cost_price', 'integer'],
    ['tax_rate', 'tax_rate', 'numeric'],
    ['min_stock_level', 'min_stock_level', 'integer'],
  ];
  const values = sql.join(
    chunk.map(({ row, match }) => {
      const cells = [
        sql`${match.id}::uuid`,
        ...columns.map(({ type, value }) => sql`${value(row) ?? null}::${sql.raw(type)}`),
        ...keepable.map(([key, , type]) => sql`${row[key] ?? null}::${sql.raw(type)}`),
      ];
      return sql`(${sql.join(cells, sql`, `)})`;
    }),
    sql`, `,
  );
  const names = ['id', ...columns.map((c) => c.column), ...keepable.map(([, column]) => `new_${column}`)];
  const assignments = [
    ...columns.map(({ column }) => `${column} = v.${column}`),
    ...keepable.map(([, column]) => `${column} = coalesce(v.new_${column}, p.${column})`),
    'updated_at = now()',
  ].join(', ');
  await tx.execute(sql`
    UPDATE products AS p SET ${sql.raw(assignments)}
    FROM (VALUES ${values}) AS v(${sql.raw(names.join(', '))})
    WHERE p.id = v.id AND p.business_id = ${businessId}`);
}
