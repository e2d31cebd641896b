import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { readReceiptSettings } from '#domain/business-settings.ts';
import type { SaleLoyalty } from '#domain/schemas/loyalty.ts';
import type { PosProduct, PosProductsFilters, PosProductsResponse, Sale } from '#domain/schemas/sales.ts';
import type { Queryable } from '../../db/client.ts';
import { inTurn } from '../../db/in-turn.ts';
import { prepared } from '../../db/prepared.ts';
import { rows } from '../../db/rows.ts';
import {
  categories,
  customers,
  offlineSales,
  payments,
  transactionItems,
  transactions,
  users,
} from '../../db/schema/index.ts';
import { searchedProductIds } from '../../db/search.ts';
import type { BusinessRow } from '../../http/tenancy.ts';
import { productsWithCategory } from '../catalog/index.ts';
import { loyaltyOfTransactions } from '../loyalty/index.ts';

// The sales module's reads; every one is scoped by businessId (and runs under withTenant).

/** A till product row as `selectPosProducts` answers it, on either driver. */
type PosProductRow = {
  id: string;
  name: string;
  description: string | null;
  price: number;
  tax_rate: string;
  stock_quantity: number;
  min_stock_level: number;
  barcode: string | null;
  sku: string | null;
  image_url: string | null;
  category_id: string | null;
  category_name: string | null;
};

/**
 * `select … from productsWithCategory` with the columns of PosProductRow, for the caller's where clause on `p`.
 * Plain SQL mapped by hand, as the product screen's list is (catalog/product-rows.ts): the query builder's
 * statement building and row mapping were a sixth of the server's work for a page of the till's grid.
 */
function selectPosProducts(businessId: string): SQL {
  return sql`select p.id, p.name, p.description, p.price, p.tax_rate, p.stock_quantity, p.min_stock_level,
      p.barcode, p.sku, p.image_url, c.id as category_id, c.name as category_name
    from ${productsWithCategory(businessId)}`;
}

function toPosProduct(row: PosProductRow): PosProduct {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    tax_rate: Number(row.tax_rate),
    stock_quantity: row.stock_quantity,
    min_stock_level: row.min_stock_level,
    barcode: row.barcode,
    sku: row.sku,
    image_url: row.image_url,
    category: row.category_id && row.category_name ? { id: row.category_id, name: row.category_name } : null,
  };
}

/**
 * operations §2: the till lists active products with stock (zero stock hidden), by name; §5 Product
 * search: name or description contains (case-insensitive), or barcode or SKU exactly. A page's ids come
 * from the search function (its statement planned for the pattern at hand) or the covering name index, one
 * more than the page holds to tell whether another page follows. Nothing is counted: the grid needs to know
 * only that, and counting a common word's 12,000 matches at 100,000 products took ≈ 150 ms a keystroke.
 * Prepared (one text with a search, one without, each with or without a category): a keystroke's page is
 * bound and run, never parsed and planned again.
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
    : sql`(select p.id from products p where ${inStock(businessId, category_id)}
        order by p.name, p.id limit ${limit + 1}::integer offset ${offset}::integer)`;
  const listed = await rows<PosProductRow>(
    tx,
    prepared(
      'pos_product_page',
      sql`${selectPosProducts(businessId)}
        where p.business_id = ${businessId} and p.id in ${pageIds}
        order by p.name, p.id`,
    ),
  );
  return { products: listed.slice(0, limit).map(toPosProduct), has_more: listed.length > limit };
}

/** A parked sale's products, of those asked for still active and in stock (at most MAX_CART_LINES). */
async function listPosProductsById(
  tx: Queryable,
  businessId: string,
  ids: string[],
  page: { limit: number; offset: number },
): Promise<PosProductsResponse> {
  const listed = await rows<PosProductRow>(
    tx,
    sql`${selectPosProducts(businessId)}
      where ${inStock(businessId)} and p.id in ${ids}
      order by p.name, p.id`,
  );
  return {
    products: listed.slice(page.offset, page.offset + page.limit).map(toPosProduct),
    has_more: listed.length > page.offset + page.limit,
  };
}

/** The till's products (`p`): active, with stock, of the category if one is chosen. */
function inStock(businessId: string, categoryId?: string): SQL {
  return sql`p.business_id = ${businessId} and p.is_active and p.in_stock${
    categoryId ? sql` and p.category_id = ${categoryId}` : sql``
  }`;
}

/**
 * A scanned or typed code: barcode or SKU exactly, active, any stock. A barcode match wins over another product's
 * SKU (`is true`: a product with no barcode compares as NULL, which a descending order puts first).
 */
export async function findPosProductByCode(
  tx: Queryable,
  businessId: string,
  code: string,
): Promise<PosProduct | null> {
  const [row] = await rows<PosProductRow>(
    tx,
    prepared(
      'pos_product_by_code',
      sql`${selectPosProducts(businessId)}
        where p.business_id = ${businessId} and p.is_active and (p.barcode = ${code} or p.sku = ${code})
        order by (p.barcode = ${code}) is true desc, p.name limit 1`,
    ),
  );
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
