import { and, eq } from 'drizzle-orm';
import { priceCart, type TaxMode } from '#domain/pricing.ts';
import { type CreateSale, MAX_SALE_AMOUNT } from '#domain/schemas/sales.ts';
import { type Settlement, settle } from '#domain/settlement.ts';
import type { Tx } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';
import type { StockedProduct, TakeStockProblem } from '../catalog/index.ts';
import { SALE_ERRORS } from './errors.ts';

// Checking and pricing a sale: what the body may ask for, what it costs at the business's own prices (client
// prices are never read), and whether the payments settle it. Broken rules become the module's errors.

/** Each product once per sale (operations §5: the till adds quantity to the existing line). */
export function assertDistinctProducts(items: CreateSale['items']): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.product_id)) throw SALE_ERRORS.duplicateProduct(`items.${index}.product_id`);
    seen.add(item.product_id);
  });
}

/** operations §5 Customer stats update: the customer must exist (and not be deleted). */
export async function findActiveCustomer(tx: Tx, businessId: string, customerId: string) {
  const [row] = await tx
    .select({ id: customers.id, name: customers.name, phone: customers.phone, email: customers.email })
    .from(customers)
    .where(
      and(eq(customers.businessId, businessId), eq(customers.id, customerId), eq(customers.isActive, true)),
    );
  if (!row) throw SALE_ERRORS.customerNotFound();
  return row;
}

export function stockProblemError(problem: TakeStockProblem) {
  return problem.code === 'PRODUCT_NOT_FOUND'
    ? SALE_ERRORS.productNotFound(`items.${problem.index}.product_id`)
    : SALE_ERRORS.insufficientStock(`items.${problem.index}.quantity`, problem.available);
}

/**
 * The sale's lines and totals at the prices, tax rates and names of the product rows as the sale read them (its
 * write checks the price and tax rate are unchanged), in the business's tax mode. `pointsDiscount`: pesewas of
 * loyalty points redeemed, taken off like the cart discount (checked to fit by the loyalty module).
 */
export function priceSale(
  input: CreateSale,
  stocked: Map<string, StockedProduct>,
  mode: TaxMode = {},
  pointsDiscount = 0,
) {
  const totals = priceCart({
    ...mode,
    lines: input.items.map((item) => {
      const product = stocked.get(item.product_id)!;
      return {
        product_id: item.product_id,
        product_name: product.name,
        unit_price: product.price,
        unit_cost: product.cost,
        tax_rate: product.taxRate,
        quantity: item.quantity,
        discount_amount: item.discount_amount,
      };
    }),
    cartDiscount: pointsDiscount > 0 ? (input.discount_amount ?? 0) + pointsDiscount : input.discount_amount,
  });
  if (totals.subtotal + totals.tax_amount > MAX_SALE_AMOUNT) throw SALE_ERRORS.saleTooLarge();
  return totals;
}

/** The tenders as the domain's settlement rules see them; a broken rule becomes the sales module's error. */
export function settleSale(total: number, tenders: CreateSale['payments']): Settlement {
  const result = settle(
    total,
    tenders.map((payment) => ({
      method: payment.method,
      amount: payment.amount,
      tendered: payment.amount_tendered,
    })),
  );
  if (result.settlement) return result.settlement;
  const { problem } = result;
  switch (problem.code) {
    case 'INSUFFICIENT_AMOUNT':
      throw SALE_ERRORS.insufficientAmount(problem.total, problem.paid, problem.field);
    case 'PAYMENTS_EXCEED_TOTAL':
      throw SALE_ERRORS.paymentsExceedTotal(problem.message);
    case 'INVALID_PAYMENT':
      throw SALE_ERRORS.invalidPayment(problem.field, problem.message);
  }
}
