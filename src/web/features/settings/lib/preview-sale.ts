import { priceCart } from '#domain/pricing.ts';
import type { Sale } from '#domain/schemas/sales.ts';
import type { BusinessProfileBody, ReceiptSettingsInput } from '#domain/schemas/settings.ts';

// A made-up sale for the receipt preview in Settings → Receipts: priced by the same domain code as a real sale,
// with the business's own details, so the preview shows exactly what the till would print.

const SAMPLE_LINES = [
  {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Milo 400g Tin',
    unit_price: 5500,
    quantity: 2,
    tax_rate: 12.5,
  },
  {
    id: '00000000-0000-4000-8000-000000000002',
    name: 'Voltic Water 1.5L',
    unit_price: 600,
    quantity: 3,
    tax_rate: 0,
  },
];

export function previewSale(
  profile: BusinessProfileBody,
  receipt: ReceiptSettingsInput,
  pricesIncludeTax: boolean,
  cashierName: { first_name: string; last_name: string },
): Sale {
  const totals = priceCart({ lines: SAMPLE_LINES, pricesIncludeTax });
  const tendered = Math.ceil(totals.total_amount / 5000) * 5000;
  return {
    id: '00000000-0000-4000-8000-0000000000aa',
    receipt_number: 'RCP-PREVIEW-000001',
    transaction_type: 'sale',
    payment_status: 'completed',
    payment_method: 'cash',
    subtotal: totals.subtotal,
    tax_amount: totals.tax_amount,
    discount_amount: totals.discount_amount,
    total_amount: totals.total_amount,
    amount_paid: tendered,
    change_given: tendered - totals.total_amount,
    payments: [
      {
        id: '00000000-0000-4000-8000-0000000000bb',
        method: 'cash',
        amount: totals.total_amount,
        amount_tendered: tendered,
        status: 'completed',
        reference: null,
      },
    ],
    items: totals.lines.map((line) => ({
      id: line.id,
      product_id: null,
      product_name: line.name,
      quantity: line.quantity,
      unit_price: line.unit_price,
      tax_rate: line.tax_rate,
      tax_amount: line.tax_amount,
      discount_amount: line.discount_amount,
      total_price: line.total_price,
    })),
    customer: {
      id: '00000000-0000-4000-8000-0000000000cc',
      name: 'Akosua Boateng',
      phone: null,
      email: null,
    },
    cashier: { id: '00000000-0000-4000-8000-0000000000dd', ...cashierName },
    business: {
      name: profile.name,
      address: profile.address,
      phone: profile.phone,
      tax_id: profile.tax_id,
      receipt_footer: profile.receipt_footer,
      timezone: profile.timezone,
      currency: profile.currency,
      logo_url: profile.logo_url,
      receipt,
    },
    notes: null,
    created_at: new Date().toISOString(),
  };
}
