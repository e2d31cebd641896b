import { receiptContent } from '#domain/receipt.ts';
import type { Sale } from '#domain/schemas/sales.ts';
import { cn } from '#web/lib/cn.ts';
import type { PaperWidth } from '#web/lib/receipt-format.ts';
import { ReceiptBarcode } from './receipt-barcode.tsx';

/** A till receipt (80 mm or 58 mm thermal paper), the same on screen, on paper and in the emailed copy. */
export function Receipt({ sale, paper, className }: { sale: Sale; paper: PaperWidth; className?: string }) {
  const content = receiptContent(sale);
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
        {content.logoUrl && (
          <img
            src={content.logoUrl}
            alt={`${content.businessName} logo`}
            className="mb-1 max-h-12 max-w-[60%]"
          />
        )}
        <h3 className="font-bold text-[1.35em] uppercase">{content.businessName}</h3>
        {content.headerLines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </header>
      <hr className="border-black border-dashed" />
      <dl className="grid grid-cols-[auto_1fr] gap-x-2">
        {content.details.map((row) => (
          <div key={row.label} className="contents">
            <dt>{row.label}</dt>
            <dd className="text-right" data-testid={row.label === 'Receipt' ? 'receipt-number' : undefined}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
      <hr className="border-black border-dashed" />
      <ul className="grid gap-1.5" aria-label="Items">
        {content.items.map((item) => (
          <li key={item.id}>
            <p className="font-semibold">{item.name}</p>
            <p className="flex justify-between gap-2">
              <span>{item.quantityText}</span>
              <span>{item.total}</span>
            </p>
            {item.extras.map((row) => (
              <p key={row.label} className="flex justify-between gap-2 text-[0.9em]">
                <span>{row.label}</span>
                <span>{row.value}</span>
              </p>
            ))}
          </li>
        ))}
      </ul>
      <hr className="border-black border-dashed" />
      <dl className="grid grid-cols-[1fr_auto] gap-x-2" aria-label="Receipt totals">
        {content.totals.map((row, index) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: two payments may share a label (two card parts); the rows never reorder
            key={index}
            className={cn('contents', row.isStrong && 'font-bold text-[1.2em]')}
          >
            <dt>{row.label}</dt>
            <dd className="text-right">{row.value}</dd>
          </div>
        ))}
      </dl>
      {content.statusNote && <p className="text-center font-bold">*** {content.statusNote} ***</p>}
      {content.footer && (
        <>
          <hr className="border-black border-dashed" />
          <p className="whitespace-pre-line text-center">{content.footer}</p>
        </>
      )}
      {content.showBarcode && <ReceiptBarcode value={sale.receipt_number} className="mt-1 h-12 w-full" />}
    </article>
  );
}
