import { type Cart, cartToSaleItems, cartTotals } from '#domain/cart.ts';
import { offlineReceiptNumber, offlineTenderProblem } from '#domain/offline-sale.ts';
import type { CreateSaleInput, ReceiptBusiness, Sale } from '#domain/schemas/sales.ts';
import { settle } from '#domain/settlement.ts';
import type { TenderLine } from './checkout.ts';

// A cash (or manual mobile money) sale completed at the till with no connection (issue 15): the request the outbox sends later, and the
// receipt the customer gets now. Priced with the same domain rules as the server, at the prices the till showed.

export type OfflineSaleParts = {
  cart: Cart;
  payments: TenderLine[];
  /** The sale's id, made by the till; the Idempotency-Key when it is sent. */
  saleId: string;
  tillId: string;
  sequence: number;
  at: Date;
  business: ReceiptBusiness;
  cashier: { id: string; first_name: string; last_name: string };
  notes?: string;
};

/**
 * Cash and manual mobile money (its transaction ID typed from the customer's SMS) complete with no connection;
 * card and mobile money prompts need the provider.
 */
export function canSellOffline(payments: readonly TenderLine[]): boolean {
  return payments.length > 0 && offlineTenderProblem(payments) === null;
}

export function buildOfflineSale(parts: OfflineSaleParts): { body: CreateSaleInput; sale: Sale } {
  const { cart, payments, saleId, at } = parts;
  const receiptNumber = offlineReceiptNumber(parts.tillId, parts.sequence);
  const totals = cartTotals(cart);
  const result = settle(
    totals.total_amount,
    payments.map((line) => ({ method: line.method, amount: line.amount, tendered: line.tendered })),
  );
  if (!result.settlement) {
    const { problem } = result;
    throw new Error('message' in problem ? problem.message : 'The cash received does not cover the total');
  }
  const { settlement } = result;
  const body: CreateSaleInput = {
    id: saleId,
    items: cartToSaleItems(cart).map((item, index) => ({
      ...item,
      unit_price: cart.lines[index]!.product.price,
    })),
    ...(cart.discount_amount > 0 ? { discount_amount: cart.discount_amount } : {}),
    ...(cart.customer ? { customer_id: cart.customer.id } : {}),
    ...(parts.notes?.trim() ? { notes: parts.notes.trim() } : {}),
    payments: payments.map((line) =>
      line.method === 'cash'
        ? { method: 'cash' as const, amount: line.amount, amount_tendered: line.tendered ?? line.amount }
        : { method: line.method, amount: line.amount, reference: line.reference?.trim() ?? '' },
    ),
    offline: { created_at: at.toISOString(), receipt_number: receiptNumber, till_id: parts.tillId },
  };
  const sale: Sale = {
    id: saleId,
    receipt_number: receiptNumber,
    transaction_type: 'sale',
    payment_status: 'completed',
    payment_method: settlement.paymentMethod,
    subtotal: totals.subtotal,
    tax_amount: totals.tax_amount,
    discount_amount: totals.discount_amount,
    total_amount: totals.total_amount,
    // Manual mobile money was taken already: it counts as paid, as the server records it.
    amount_paid:
      settlement.amountPaid +
      payments.reduce((sum, line) => sum + (line.method === 'cash' ? 0 : line.amount), 0),
    change_given: settlement.changeGiven,
    payments: payments.map((line, index) => ({
      id: `${saleId.slice(0, 24)}${String(index).padStart(12, '0')}`,
      method: line.method,
      amount: line.amount,
      status: 'completed' as const,
      ...(line.method === 'cash'
        ? { amount_tendered: line.tendered ?? line.amount, reference: null }
        : {
            amount_tendered: null,
            reference: line.reference?.trim() ?? null,
            provider: 'manual' as const,
            is_confirmed_by_cashier: true,
          }),
    })),
    items: totals.lines.map((line, index) => ({
      id: `${saleId.slice(0, 24)}${String(index + 100).padStart(12, '0')}`,
      product_id: line.product.id,
      product_name: line.product.name,
      quantity: line.quantity,
      unit_price: line.unit_price,
      tax_rate: line.tax_rate,
      tax_amount: line.tax_amount,
      discount_amount: line.discount_amount,
      total_price: line.total_price,
    })),
    customer: cart.customer ? { ...cart.customer, phone: null, email: null } : null,
    cashier: parts.cashier,
    business: parts.business,
    notes: parts.notes?.trim() || null,
    created_at: at.toISOString(),
    offline: null,
  };
  return { body, sale };
}
