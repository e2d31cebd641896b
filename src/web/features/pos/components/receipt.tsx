import { formatCedis } from '#domain/money.ts';
import type { Sale } from '#domain/schemas/sales.ts';
import { cn } from '#web/lib/cn.ts';
import {
  cashierName,
  formatReceiptDateTime,
  itemQuantityText,
  type PaperWidth,
  receiptTotals,
} from '../lib/receipt-format.ts';
import { ReceiptBarcode } from './receipt-barcode.tsx';

const STATUS_NOTE: Partial<Record<Sale['payment_status'], string>> = {
  pending: 'PAYMENT PENDING',
  failed: 'PAYMENT FAILED',
  refunded: 'REFUNDED',
  cancelled: 'VOIDED',
};

/** A till receipt (80 mm or 58 mm thermal paper), the same on screen and on paper. */
export function Receipt({ sale, paper, className }: { sale: Sale; paper: PaperWidth; className?: string }) {
  const { business } = sale;
  const statusNote = STATUS_NOTE[sale.payment_status];
  return (
    <article
      aria-label={`Receipt ${sale.receipt_number}`}
      data-paper={paper}
      className={cn(
        'pos-receipt mx-auto grid gap-2 bg-white p-3 font-mono text-black leading-snug',
        paper === '58' ? 'w-[58mm] text-[10px]' : 'w-[80mm] text-[11px]',
        className,
      )}
    >
      <header className="grid justify-items-center gap-0.5 text-center">
        <h3 className="font-bold text-[1.35em] uppercase">{business.name}</h3>
        {business.address && <p>{business.address}</p>}
        {business.phone && <p>Tel: {business.phone}</p>}
        {business.tax_id && <p>Tax ID: {business.tax_id}</p>}
      </header>
      <hr className="border-black border-dashed" />
      <dl className="grid grid-cols-[auto_1fr] gap-x-2">
        <dt>Receipt</dt>
        <dd className="text-right" data-testid="receipt-number">
          {sale.receipt_number}
        </dd>
        <dt>Date</dt>
        <dd className="text-right">{formatReceiptDateTime(sale.created_at, business.timezone)}</dd>
        <dt>Cashier</dt>
        <dd className="text-right">{cashierName(sale)}</dd>
        {sale.customer && (
          <>
            <dt>Customer</dt>
            <dd className="text-right">{sale.customer.name}</dd>
          </>
        )}
      </dl>
      <hr className="border-black border-dashed" />
      <ul className="grid gap-1.5" aria-label="Items">
        {sale.items.map((item) => (
          <li key={item.id}>
            <p className="font-semibold">{item.product_name}</p>
            <p className="flex justify-between gap-2">
              <span>{itemQuantityText(item.quantity, item.unit_price)}</span>
              <span>{formatCedis(item.total_price)}</span>
            </p>
            {item.tax_amount > 0 && (
              <p className="flex justify-between gap-2 text-[0.9em]">
                <span>Tax {item.tax_rate}%</span>
                <span>{formatCedis(item.tax_amount)}</span>
              </p>
            )}
            {item.discount_amount > 0 && (
              <p className="flex justify-between gap-2 text-[0.9em]">
                <span>Discount</span>
                <span>-{formatCedis(item.discount_amount)}</span>
              </p>
            )}
          </li>
        ))}
      </ul>
      <hr className="border-black border-dashed" />
      <dl className="grid grid-cols-[1fr_auto] gap-x-2" aria-label="Receipt totals">
        {receiptTotals(sale).map((row) => (
          <div key={row.label} className={cn('contents', row.isStrong && 'font-bold text-[1.2em]')}>
            <dt>{row.label}</dt>
            <dd className="text-right">{row.value}</dd>
          </div>
        ))}
      </dl>
      {statusNote && <p className="text-center font-bold">*** {statusNote} ***</p>}
      {business.receipt_footer && (
        <>
          <hr className="border-black border-dashed" />
          <p className="whitespace-pre-line text-center">{business.receipt_footer}</p>
        </>
      )}
      <ReceiptBarcode value={sale.receipt_number} className="mt-1 h-12 w-full" />
    </article>
  );
}
