import { type Cart, cartToSaleItems } from '#domain/cart.ts';
import { type PaymentMethod, quickCashAmounts } from '#domain/payment-methods.ts';
import type { CreateSaleInput, SalePaymentInput } from '#domain/schemas/sales.ts';
import { remainingToPay } from '#domain/settlement.ts';

// What the payment dialog sends: the cart's ids and quantities (the server prices them) and the payments.

/** One part of a split payment as the cashier entered it; cash may be handed over above its share. */
export type TenderLine = {
  method: PaymentMethod;
  amount: number;
  tendered?: number;
  reference?: string;
  /** Mobile money through a provider: the customer's number. */
  phone?: string;
};

export function saleInput(cart: Cart, payments: TenderLine[], notes?: string): CreateSaleInput {
  return {
    items: cartToSaleItems(cart),
    ...(cart.discount_amount > 0 ? { discount_amount: cart.discount_amount } : {}),
    ...(cart.customer ? { customer_id: cart.customer.id } : {}),
    ...(notes?.trim() ? { notes: notes.trim() } : {}),
    payments: payments.map(
      (line): SalePaymentInput => ({
        method: line.method,
        amount: line.amount,
        ...(line.method === 'cash' ? { amount_tendered: line.tendered ?? line.amount } : {}),
        ...(line.reference?.trim() ? { reference: line.reference.trim() } : {}),
        ...(line.phone?.trim() ? { phone: line.phone.trim() } : {}),
      }),
    ),
  };
}

// The tender rules themselves (what remains, the change) are the domain's, shared with the server.
export { cashChange, paidSoFar, remainingToPay } from '#domain/settlement.ts';

/**
 * Adds a part payment of `offered` pesewas. Nothing may be paid beyond the total, except cash: the
 * customer hands over a note, the line covers what remains and the rest is change.
 */
export function addTenderLine(
  lines: readonly TenderLine[],
  total: number,
  method: PaymentMethod,
  offered: number,
  details?: { reference?: string; phone?: string },
): TenderLine[] {
  const remaining = remainingToPay(total, lines);
  if (offered <= 0 || remaining === 0) return [...lines];
  const amount = Math.min(offered, remaining);
  const line: TenderLine =
    method === 'cash'
      ? { method, amount, tendered: offered }
      : {
          method,
          amount,
          ...(details?.reference ? { reference: details.reference } : {}),
          ...(details?.phone ? { phone: details.phone } : {}),
        };
  return [...lines, line];
}

/** The quick-amount buttons' labels: 'Exact' for the total itself, the note value otherwise. */
export function quickAmountButtons(total: number): { amount: number; isExact: boolean }[] {
  return quickCashAmounts(total).map((amount) => ({ amount, isExact: amount === total }));
}
