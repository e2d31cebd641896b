import { PAYMENT_METHOD_LABELS, type SalePaymentMethod } from '#domain/payment-methods.ts';
import type { HistorySale } from '#domain/schemas/transactions.ts';
import { type BadgeTone, isPartlyRefunded, statusBadge } from '#domain/transaction-badges.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { cn } from '#web/lib/cn.ts';

const TONES: Record<BadgeTone, string> = {
  success: 'border-transparent bg-emerald-600/15 text-emerald-800 dark:text-emerald-300',
  warning: 'border-transparent bg-amber-500/20 text-amber-900 dark:text-amber-300',
  danger: 'border-transparent bg-destructive/15 text-destructive',
  info: 'border-transparent bg-sky-600/15 text-sky-900 dark:text-sky-300',
  muted: 'border-transparent bg-muted text-muted-foreground',
};

/**
 * operations §4: the status badge (Refund and Void override it), plus 'Partly refunded' where it applies; a sale
 * made offline says so, and one that sold more than the stock had when it reached the server is flagged
 * 'Stock short' for the manager (issue 15).
 */
export function StatusBadges({ sale }: { sale: HistorySale }) {
  const badge = statusBadge(sale);
  return (
    <span className="flex flex-wrap gap-1">
      <Badge variant="outline" className={cn(TONES[badge.tone])}>
        {badge.label}
      </Badge>
      {isPartlyRefunded(sale) && (
        <Badge variant="outline" className={TONES.info}>
          Partly refunded
        </Badge>
      )}
      {sale.offline && (
        <Badge
          variant="outline"
          className={TONES.muted}
          title="Made at a till with no connection, sent later"
        >
          Offline sale
        </Badge>
      )}
      {sale.offline?.stock_shortfall && (
        <Badge variant="outline" className={TONES.warning}>
          Stock short
        </Badge>
      )}
    </span>
  );
}

export function MethodBadge({ method }: { method: SalePaymentMethod }) {
  return <Badge variant="outline">{PAYMENT_METHOD_LABELS[method]}</Badge>;
}
