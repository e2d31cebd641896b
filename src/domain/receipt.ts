import { type ReceiptPaperWidth, readReceiptSettings } from './business-settings.ts';
import { formatDateTime } from './dates.ts';
import { formatCedis } from './money.ts';
import { PAYMENT_METHOD_LABELS } from './payment-methods.ts';
import { isTaxIncludedSale } from './pricing.ts';
import type { Sale, SalePayment } from './schemas/sales.ts';

// What a receipt says, whatever it is printed on: the till's paper and the emailed copy both draw this,
// so they never say different things (the time in the business's timezone, the same labels and states).

export type ReceiptRow = { label: string; value: string; isStrong?: boolean };

export type ReceiptItem = {
  id: string;
  name: string;
  /** '2 × ₵8.50' under the name. */
  quantityText: string;
  total: string;
  /** 'Tax 12.5%' when the line carries tax, and its discount when it has one. */
  extras: ReceiptRow[];
};

export type ReceiptContent = {
  businessName: string;
  /** The business's logo, when it has one and the receipt settings show it. */
  logoUrl: string | null;
  /** Settings → Receipts: the paper the business prints on, and whether the receipt number's barcode prints. */
  paperWidth: ReceiptPaperWidth;
  showBarcode: boolean;
  /** Address, phone and tax id, the ones the business has. */
  headerLines: string[];
  /** Receipt number, date, cashier and customer. */
  details: ReceiptRow[];
  items: ReceiptItem[];
  /** Subtotal, tax, discount, total, each payment, amount paid and change. */
  totals: ReceiptRow[];
  /** A sale not (or no longer) fully paid says so in words: 'PAYMENT PENDING', 'PAYMENT FAILED'… */
  statusNote: string | null;
  footer: string | null;
};

const STATUS_NOTES: Partial<Record<Sale['payment_status'], string>> = {
  pending: 'PAYMENT PENDING',
  failed: 'PAYMENT FAILED',
  refunded: 'REFUNDED',
  cancelled: 'VOIDED',
};

/** '2 × ₵55.00' under an item's name. */
export function itemQuantityText(quantity: number, unitPrice: number): string {
  return `${quantity} × ${formatCedis(unitPrice)}`;
}

export function cashierName(sale: Pick<Sale, 'cashier'>): string {
  return `${sale.cashier.first_name} ${sale.cashier.last_name}`.trim();
}

/** 'MTN MoMo (pending)', 'Card (failed)' or just 'Cash' once a payment has completed. */
export function paymentLabel(payment: Pick<SalePayment, 'method' | 'status'>): string {
  const state = payment.status === 'completed' ? '' : ` (${payment.status})`;
  return `${PAYMENT_METHOD_LABELS[payment.method]}${state}`;
}

/**
 * A refund's totals (operations §4: negative subtotal and tax, positive discount): the discount the customer
 * had is not given back, so it is added; then the cash handed back.
 */
function refundTotals(sale: Sale): ReceiptRow[] {
  const rows: ReceiptRow[] = [
    { label: 'Subtotal', value: formatCedis(sale.subtotal) },
    { label: 'Tax', value: formatCedis(sale.tax_amount) },
  ];
  if (sale.discount_amount > 0)
    rows.push({ label: 'Discount kept', value: `+${formatCedis(sale.discount_amount)}` });
  rows.push({ label: 'Total refunded', value: formatCedis(sale.total_amount), isStrong: true });
  if (sale.payments.length === 0)
    rows.push({ label: 'Cash handed back', value: formatCedis(-sale.total_amount) });
  for (const payment of sale.payments)
    rows.push({ label: moneyBackLabel(payment), value: formatCedis(-payment.amount) });
  return [...rows, ...loyaltyRows(sale)];
}

const points = (value: number) => value.toLocaleString('en-GH');

/**
 * The customer's loyalty points on the receipt: what the sale earned (or a refund or void took back), what was
 * redeemed (or given back), and the balance after it. Nothing when the sale moved no points.
 */
export function loyaltyRows(sale: Pick<Sale, 'loyalty'>): ReceiptRow[] {
  const loyalty = sale.loyalty;
  if (!loyalty) return [];
  const rows: ReceiptRow[] = [];
  if (loyalty.points_earned > 0)
    rows.push({ label: 'Points earned', value: `+${points(loyalty.points_earned)}` });
  if (loyalty.points_reversed > 0)
    rows.push({ label: 'Points taken back', value: `-${points(loyalty.points_reversed)}` });
  if (loyalty.points_returned > 0)
    rows.push({ label: 'Points given back', value: `+${points(loyalty.points_returned)}` });
  rows.push({ label: 'Points balance', value: points(loyalty.balance) });
  return rows;
}

/** How a refund's money went back: cash from the drawer, or sent back to the card or mobile-money number. */
export function moneyBackLabel(payment: Pick<Sale['payments'][number], 'method' | 'provider'>): string {
  if (payment.method === 'cash') return 'Cash handed back';
  const to =
    payment.method === 'card'
      ? "customer's card"
      : `customer's ${PAYMENT_METHOD_LABELS[payment.method]} number`;
  // Manual mobile money is sent from the shop's phone by hand; a provider sent the rest itself.
  return payment.provider === 'manual' ? `To send back by MoMo to ${to}` : `Sent back to ${to}`;
}

/**
 * Before a refund: how its money will go back, from how the sale was paid (operations §4 Refund; a provider
 * that took card or mobile money sends it back; manual mobile money is sent back by hand; cash from the drawer).
 */
export function howMoneyGoesBack(
  payments: Pick<Sale['payments'][number], 'method' | 'provider' | 'status'>[],
): string {
  const paid = payments.filter((payment) => payment.status === 'completed' && payment.method !== 'cash');
  const through = paid.find((payment) => payment.provider === 'sandbox' || payment.provider === 'paystack');
  const manual = paid.find((payment) => payment.provider === 'manual');
  const hasCash = payments.some((payment) => payment.method === 'cash');
  const to = (method: Sale['payments'][number]['method']) =>
    method === 'card' ? "the customer's card" : `the customer's ${PAYMENT_METHOD_LABELS[method]} number`;
  if (through) {
    return `The money is sent back to ${to(through.method)} through the payment provider${hasCash ? '; any cash part is handed back in cash' : ''}.`;
  }
  if (manual) return `Send the money back to ${to(manual.method)} by MoMo yourself.`;
  return 'The money is handed back in cash.';
}

/** The totals block: subtotal, tax, discount (when any), total, each payment, amount paid and change. */
export function receiptTotals(sale: Sale): ReceiptRow[] {
  if (sale.transaction_type === 'refund') return refundTotals(sale);
  const rows: ReceiptRow[] = [
    { label: 'Subtotal', value: formatCedis(sale.subtotal) },
    { label: 'Tax', value: formatCedis(sale.tax_amount) },
  ];
  // Points redeemed are part of the sale's discount; the receipt shows them on their own line.
  const redeemed = sale.loyalty?.redeemed_value ?? 0;
  if (sale.discount_amount - redeemed > 0)
    rows.push({ label: 'Discount', value: `-${formatCedis(sale.discount_amount - redeemed)}` });
  if (redeemed > 0)
    rows.push({
      label: `Points redeemed (${points(sale.loyalty?.points_redeemed ?? 0)})`,
      value: `-${formatCedis(redeemed)}`,
    });
  rows.push({ label: 'Total', value: formatCedis(sale.total_amount), isStrong: true });
  for (const payment of sale.payments) {
    // Cash shows the notes handed over (the change follows); other methods what they paid.
    const shown = payment.method === 'cash' ? (payment.amount_tendered ?? payment.amount) : payment.amount;
    rows.push({ label: paymentLabel(payment), value: formatCedis(shown) });
  }
  rows.push({ label: 'Amount paid', value: formatCedis(sale.amount_paid) });
  rows.push({ label: 'Change', value: formatCedis(sale.change_given) });
  return [...rows, ...loyaltyRows(sale)];
}

/** Whether the sale's prices held their tax (Settings → Tax when it was made): read from its own figures. */
export function isTaxIncludedReceipt(sale: Pick<Sale, 'subtotal' | 'tax_amount' | 'items'>): boolean {
  return isTaxIncludedSale(
    sale,
    sale.items.reduce((sum, item) => sum + item.total_price, 0),
  );
}

/**
 * What the receipt says, following the business's receipt settings (what to show, the paper). The settings
 * only hide parts; the figures are always the sale's own.
 */
export function receiptContent(sale: Sale): ReceiptContent {
  const b = sale.business;
  const show = readReceiptSettings(b.receipt);
  const isTaxIncluded = isTaxIncludedReceipt(sale);
  return {
    businessName: b.name,
    logoUrl: show.show_logo && b.logo_url ? b.logo_url : null,
    paperWidth: show.paper_width,
    showBarcode: show.show_barcode,
    headerLines: [
      show.show_address ? b.address : '',
      show.show_phone && b.phone ? `Tel: ${b.phone}` : '',
      show.show_tax_id && b.tax_id ? `Tax ID: ${b.tax_id}` : '',
    ].filter(Boolean),
    details: [
      { label: 'Receipt', value: sale.receipt_number },
      { label: 'Date', value: formatDateTime(sale.created_at, b.timezone) },
      ...(show.show_cashier ? [{ label: 'Cashier', value: cashierName(sale) }] : []),
      ...(show.show_customer && sale.customer ? [{ label: 'Customer', value: sale.customer.name }] : []),
    ],
    items: sale.items.map((item) => ({
      id: item.id,
      name: item.product_name,
      quantityText: itemQuantityText(item.quantity, item.unit_price),
      total: formatCedis(item.total_price),
      extras: [
        ...(show.show_item_tax && item.tax_amount !== 0
          ? [
              {
                label: isTaxIncluded ? `Incl. tax ${item.tax_rate}%` : `Tax ${item.tax_rate}%`,
                value: formatCedis(item.tax_amount),
              },
            ]
          : []),
        ...(item.discount_amount > 0
          ? [{ label: 'Discount', value: `-${formatCedis(item.discount_amount)}` }]
          : []),
      ],
    })),
    totals: receiptTotals(sale).map((row) =>
      // A tax-inclusive sale's subtotal is its price before tax: the receipt says so.
      isTaxIncluded && row.label === 'Subtotal' ? { ...row, label: 'Subtotal before tax' } : row,
    ),
    statusNote: sale.transaction_type === 'refund' ? 'REFUND' : (STATUS_NOTES[sale.payment_status] ?? null),
    footer: (show.show_footer && b.receipt_footer) || null,
  };
}

/** The receipt as plain lines of text (the emailed copy's text part), in the order the paper prints it. */
export function receiptText(content: ReceiptContent): string {
  return [
    content.businessName,
    ...content.headerLines,
    '',
    ...content.details.map((row) => `${row.label}: ${row.value}`),
    '',
    ...content.items.flatMap((item) => [
      item.name,
      `  ${item.quantityText}  ${item.total}`,
      ...item.extras.map((row) => `  ${row.label}  ${row.value}`),
    ]),
    '',
    ...content.totals.map((row) => `${row.label}: ${row.value}`),
    ...(content.statusNote ? ['', `*** ${content.statusNote} ***`] : []),
    ...(content.footer ? ['', content.footer] : []),
  ].join('\n');
}
