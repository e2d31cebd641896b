import { formatCedis } from './money.ts';
import type { PaymentMethod, SalePaymentMethod } from './payment-methods.ts';

// How a sale is paid for: the tender rules, the cash change and what remains, in one place for the
// server's checkout and the browser's payment dialog (operations §4 Payment dialog, §5 Cash payment).

/** One part of a payment; cash may be handed over above its share (`tendered`), the rest is change. */
export type Tender = { method: PaymentMethod; amount: number; tendered?: number | undefined };

export type Settlement = {
  /** The single method, or 'split' when more than one was used. */
  paymentMethod: SalePaymentMethod;
  /** All-cash sales complete at once; any other method waits for its provider. */
  isComplete: boolean;
  /** What was handed over in cash; non-cash parts count once their provider confirms them. */
  amountPaid: number;
  changeGiven: number;
};

/** A tender that breaks a rule: where (`field`, as the sale body names it) and what to tell the cashier. */
export type SettlementProblem =
  | { code: 'INVALID_PAYMENT'; field: string; message: string }
  | { code: 'INSUFFICIENT_AMOUNT'; field: string; total: number; paid: number }
  | { code: 'PAYMENTS_EXCEED_TOTAL'; field: string; message: string };

export function paidSoFar(tenders: readonly Tender[]): number {
  return tenders.reduce((sum, tender) => sum + tender.amount, 0);
}

/** How much is still to pay; 0 once the tenders cover the total. */
export function remainingToPay(total: number, tenders: readonly Tender[]): number {
  return Math.max(0, total - paidSoFar(tenders));
}

/** Change for cash handed over against a total; 0 when the amount does not cover it. */
export function changeDue(total: number, tendered: number): number {
  return Math.max(0, tendered - total);
}

/** The change of a whole payment: what the cash parts were handed over beyond their share. */
export function cashChange(tenders: readonly Tender[]): number {
  return tenders.reduce(
    (sum, tender) =>
      sum + (tender.method === 'cash' ? changeDue(tender.amount, tender.tendered ?? tender.amount) : 0),
    0,
  );
}

/** How much is still missing; 0 when the tendered amount covers the total. */
export function amountShort(total: number, tendered: number): number {
  return Math.max(0, total - tendered);
}

/** operations §5 Cash payment: 'Insufficient amount. Need ₵X more.' */
export function insufficientAmountMessage(total: number, tendered: number): string {
  return `Insufficient amount. Need ${formatCedis(amountShort(total, tendered))} more.`;
}

/**
 * Checks the tenders against the total and works out how the sale is settled. The tenders must cover the
 * total exactly; only cash may be over-tendered (that is the change). The first broken rule is returned.
 */
export function settle(
  total: number,
  tenders: readonly Tender[],
): { settlement: Settlement; problem?: never } | { problem: SettlementProblem; settlement?: never } {
  for (const [index, tender] of tenders.entries()) {
    if (tender.method !== 'cash' && tender.tendered !== undefined) {
      return {
        problem: {
          code: 'INVALID_PAYMENT',
          field: `payments.${index}.amount_tendered`,
          message: 'Amount received applies to cash payments only',
        },
      };
    }
    if (tender.method === 'cash' && tender.tendered !== undefined && tender.tendered < tender.amount) {
      return {
        problem: {
          code: 'INSUFFICIENT_AMOUNT',
          field: `payments.${index}.amount_tendered`,
          total: tender.amount,
          paid: tender.tendered,
        },
      };
    }
    if (tender.amount === 0 && tenders.length > 1) {
      return {
        problem: {
          code: 'INVALID_PAYMENT',
          field: `payments.${index}.amount`,
          message: 'Each payment of a split sale must be more than ₵0.00',
        },
      };
    }
  }
  const covered = paidSoFar(tenders);
  if (covered < total) {
    return { problem: { code: 'INSUFFICIENT_AMOUNT', field: 'payments', total, paid: covered } };
  }
  if (covered > total) {
    return {
      problem: {
        code: 'PAYMENTS_EXCEED_TOTAL',
        field: 'payments',
        message: `The payments come to ${formatCedis(covered - total)} more than the total of ${formatCedis(total)}. Check the cart and try again.`,
      },
    };
  }
  const cash = tenders.filter((tender) => tender.method === 'cash');
  const methods = new Set(tenders.map((tender) => tender.method));
  return {
    settlement: {
      paymentMethod: methods.size === 1 ? [...methods][0]! : 'split',
      isComplete: cash.length === tenders.length,
      amountPaid: cash.reduce((sum, tender) => sum + (tender.tendered ?? tender.amount), 0),
      changeGiven: cashChange(tenders),
    },
  };
}
