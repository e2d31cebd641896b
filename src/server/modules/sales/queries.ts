import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { readReceiptSettings } from '#domain/business-settings.ts';
import type { SaleLoyalty } from '#domain/schemas/loyalty.ts';
import type { PosProduct, PosProductsFilters, PosProductsResponse, Sale } from '#domain/schemas/sales.ts';
import type { Queryable } from '../../db/client.ts';
import { inTurn } from '../../db/in-turn.ts';
import {
  categories,
  customers,
  offlineSales,
  payments,
  products,
  transactionItems,
  transactions,
  users,
} from '../../db/schema/index.ts';
import { searchedProductIds } from '../../db/search.ts';
import type { BusinessRow } from '../../http/tenancy.ts';
import { loyaltyOfTransactions } from '../loyalty/index.ts';

// The sales module's reads; every one is scoped by businessId (and runs under withTenant).

const posProductColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  price: products.price,
  taxRate: products.taxRate,
  stockQuantity: products.stockQuantity,
  minStockLevel: products.minStockLevel,
  barcode: products.barcode,
  sku: products.sku,
  imageUrl: products.imageUrl,
  categoryId: categories.id,
  categoryName: categories.name,
};
type PosProductRow = {
  [K in keyof typeof posProductColumns]: (typeof posProductColumns)[K]['_']['data'] | null;
};

function toPosProduct(row: PosProductRow): PosProduct {
  return {
    id: row.id as string,
    name: row.name as string,
    description: row.description,
    price: row.price as number,
    tax_rate: Number(row.taxRate),
    stock_quantity: row.stockQuantity as number,
    min_stock_level: row.minStockLevel as number,
    barcode: row.barcode,
    sku: row.sku,
    image_url: row.imageUrl,
    category: row.categoryId && row.categoryName ? { id: row.categoryId, name: row.categoryName } : null,
  };
}

/**
 * operations §2: the till lists active products with stock (zero stock hidden), by name; §5 Product
 * search: name or description contains (case-insensitive), or barcode or SKU exactly. A page's ids come
 * from the search function (its statement planned for the pattern at hand) or the covering name index, one
 * more than the page holds to tell whether another page follows. Nothing is counted: the grid needs to know
 * only that, and counting a common word's 12,000 matches at 100,000 products took ≈ 150 ms a keystroke.
 */
export async function listPosProducts(
  tx: Queryable,
  businessId: string,
  query: PosProductsFilters,
): Promise<PosProductsResponse> {
  if (query.ids) return listPosProductsById(tx, businessId, query.ids, query);
  const { search, category_id, limit, offset } = query;
  const pageIds = search
    ? searchedProductIds(businessId, { search, category_id, in_stock: true }, { limit: limit + 1, offset })
    : sql`(select ${products.id} from ${products} where ${inStockWhere(businessId, category_id)}
        order by ${products.name}, ${products.id} limit ${limit + 1} offset ${offset})`;
  const listed = await selectPosProducts(tx, businessId)
    .where(and(eq(products.businessId, businessId), sql`${products.id} in ${pageIds}`))
    .orderBy(asc(products.name), asc(products.id));
  return { products: listed.slice(0, limit).map(toPosProduct), has_more: listed.length > limit };
}

/** A parked sale's products, of those asked for still active and in stock (at most MAX_CART_LINES). */
async function listPosProductsById(
  tx: Queryable,
  businessId: string,
  ids: string[],
  page: { limit: number; offset: number },
): Promise<PosProductsResponse> {
  const listed = await selectPosProducts(tx, businessId)
    .where(and(inStockWhere(businessId), inArray(products.id, ids)))
    .orderBy(asc(products.name), asc(products.id));
  return {
    products: listed.slice(page.offset, page.offset + page.limit).map(toPosProduct),
    has_more: listed.length > page.offset + page.limit,
  };
}

function selectPosProducts(tx: Queryable, businessId: string) {
  return tx
    .select(posProductColumns)
    .from(products)
    .leftJoin(categories, and(eq(categories.id, products.categoryId), eq(categories.businessId, businessId)));
}

/** The till's products: active, with stock, of the category if one is chosen. */
function inStockWhere(businessId: string, categoryId?: string): SQL {
  return and(
    eq(products.businessId, businessId),
    eq(products.isActive, true),
    eq(products.inStock, true),
    categoryId ? eq(products.categoryId, categoryId) : undefined,
  )!;
}

/** A scanned or typed code: barcode or SKU exactly, active, any stock (a barcode match wins). */
export async function findPosProductByCode(
  tx: Queryable,
  businessId: string,
  code: string,
): Promise<PosProduct | null> {
  const [row] = await tx
    .select(posProductColumns)
    .from(products)
    .leftJoin(categories, and(eq(categories.id, products.categoryId), eq(categories.businessId, businessId)))
    .where(
      and(
        eq(products.businessId, businessId),
        eq(products.isActive, true),
        or(eq(products.barcode, code), eq(products.sku, code)),
      ),
    )
    .orderBy(sql`(${products.barcode} = ${code}) desc`, asc(products.name))
    .limit(1);
  return row ? toPosProduct(row) : null;
}

/** operations §7: the active categories, by sort order. */
export async function listPosCategories(tx: Queryable, businessId: string) {
  return tx
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(eq(categories.businessId, businessId), eq(categories.isActive, true)))
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}

// ---- Sales ----

export type SaleRecord = {
  transaction: typeof transactions.$inferSelect;
  items: (typeof transactionItems.$inferSelect)[];
  payments: (typeof payments.$inferSelect)[];
  customer: { id: string; name: string; phone: string | null; email: string | null } | null;
  cashier: { id: string; firstName: string; lastName: string };
  /** The loyalty points the sale (or refund) moved, for its receipt. */
  loyalty?: SaleLoyalty | null;
  /** Made offline and sent later (issue 15); absent on a sale made online. */
  offline?: typeof offlineSales.$inferSelect | null;
};

/** The API's Sale: the transaction with its items, payments, people and the receipt's business details. */
export function toSale(record: SaleRecord, business: BusinessRow): Sale {
  const t = record.transaction;
  return {
    id: t.id,
    receipt_number: t.receiptNumber,
    transaction_type: t.transactionType,
    payment_status: t.paymentStatus,
    payment_method: t.paymentMethod,
    subtotal: t.subtotal,
    tax_amount: t.taxAmount,
    discount_amount: t.discountAmount,
    total_amount: t.totalAmount,
    amount_paid: t.amountPaid,
    change_given: t.changeGiven,
    payments: record.payments.map((p) => ({
      id: p.id,
      method: p.method,
      amount: p.amount,
      amount_tendered: p.amountTendered,
      status: p.status,
      reference: p.reference,
      // Where a card or mobile-money payment stands at its provider (cash has none of this).
      ...(p.method === 'cash'
        ? {}
        : {
            provider: p.provider as 'sandbox' | 'paystack' | 'manual' | null,
            provider_reference: p.providerReference,
            phone: p.phone,
            next_action: p.nextAction,
            display_text: p.displayText,
            failure_reason: p.failureReason,
            flag: p.flag,
            is_confirmed_by_cashier: p.confirmedBy !== null,
          }),
    })),
    items: record.items.map((item) => ({
      id: item.id,
      product_id: item.productId,
      product_name: item.productName,
      quantity: item.quantity,
      unit_price: item.unitPrice,
      tax_rate: Number(item.taxRate),
      tax_amount: item.taxAmount,
      discount_amount: item.discountAmount,
      total_price: item.totalPrice,
    })),
    customer: record.customer,
    cashier: {
      id: record.cashier.id,
      first_name: record.cashier.firstName,
      last_name: record.cashier.lastName,
    },
    business: {
      name: business.name,
      address: business.address,
      phone: business.phone,
      tax_id: business.taxId,
      receipt_footer: business.receiptFooter,
      timezone: business.timezone,
      currency: business.currency,
      logo_url: business.logoUrl,
      receipt: readReceiptSettings(business.receiptSettings),
    },
    notes: t.notes,
    created_at: t.createdAt.toISOString(),
    loyalty: record.loyalty ?? null,
    offline: record.offline
      ? {
          till_id: record.offline.tillId,
          synced_at: record.offline.syncedAt.toISOString(),
          stock_shortfall: record.offline.stockShortfall ?? null,
        }
      : null,
  };
}

export async function completeRecords(
  tx: Queryable,
  businessId: string,
  rows: {
    transaction: typeof transactions.$inferSelect;
    customer: SaleRecord['customer'] | null;
    cashier: SaleRecord['cashier'];
  }[],
): Promise<SaleRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.transaction.id);
  const [itemRows, paymentRows, loyalty, offlineRows] = await inTurn(
    () =>
      tx
        .select()
        .from(transactionItems)
        .where(and(eq(transactionItems.businessId, businessId), inArray(transactionItems.transactionId, ids)))
        .orderBy(asc(transactionItems.createdAt), asc(transactionItems.id)),
    () =>
      tx
        .select()
        .from(payments)
        .where(and(eq(payments.businessId, businessId), inArray(payments.transactionId, ids)))
        .orderBy(asc(payments.createdAt), asc(payments.id)),
    () => loyaltyOfTransactions(tx, businessId, ids),
    () =>
      tx
        .select()
        .from(offlineSales)
        .where(and(eq(offlineSales.businessId, businessId), inArray(offlineSales.transactionId, ids))),
  );
  return rows.map((row) => ({
    offline: offlineRows.find((offline) => offline.transactionId === row.transaction.id) ?? null,
    transaction: row.transaction,
    customer: row.customer?.id ? row.customer : null,
    cashier: row.cashier,
    items: itemRows.filter((item) => item.transactionId === row.transaction.id),
    payments: paymentRows.filter((payment) => payment.transactionId === row.transaction.id),
    loyalty: loyalty.get(row.transaction.id) ?? null,
  }));
}

export function selectSales<Extra extends Record<string, SQL.Aliased | SQL>>(
  tx: Queryable,
  businessId: string,
  extra: Extra = {} as Extra,
) {
  return tx
    .select({
      ...extra,
      transaction: transactions,
      customer: { id: customers.id, name: customers.name, phone: customers.phone, email: customers.email },
      cashier: { id: users.id, firstName: users.firstName, lastName: users.lastName },
    })
    .from(transactions)
    .innerJoin(users, and(eq(users.id, transactions.cashierId), eq(users.businessId, businessId)))
    .leftJoin(
      customers,
      and(eq(customers.id, transactions.customerId), eq(customers.businessId, businessId)),
    );
}

export async function findSale(
  tx: Queryable,
  businessId: string,
  saleId: string,
): Promise<SaleRecord | null> {
  const rows = await selectSales(tx, businessId)
    .where(and(eq(transactions.businessId, businessId), eq(transactions.id, saleId)))
    .limit(1);
  const [record] = await completeRecords(tx, businessId, rows);
  return record ?? null;
}

/** The business's sales, newest first (the till's history). */
export async function listSales(
  tx: Queryable,
  businessId: string,
  page: { limit: number; offset: number },
): Promise<{ records: SaleRecord[]; total: number }> {
  const [rows, [counted]] = await inTurn(
    () =>
      selectSales(tx, businessId)
        .where(eq(transactions.businessId, businessId))
        .orderBy(desc(transactions.createdAt), desc(transactions.id))
        .limit(page.limit)
        .offset(page.offset),
    () => tx.select({ n: count() }).from(transactions).where(eq(transactions.businessId, businessId)),
  );
  return { records: await completeRecords(tx, businessId, rows), total: counted?.n ?? 0 };
}
