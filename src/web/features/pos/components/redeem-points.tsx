import { GiftIcon, XIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { checkRedemption, maxRedeemablePoints, redemptionValue } from '#domain/loyalty.ts';
import { formatCedis } from '#domain/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { useCustomerLoyalty } from '#web/lib/api/loyalty.ts';

const points = (value: number) => value.toLocaleString('en-GH');

/**
 * The payment dialog's "Redeem points": with a customer who has points and the program on, the cashier takes
 * some (by default as many as the sale allows) off the sale. The server checks the balance again.
 */
export function RedeemPoints({
  customer,
  payable,
  redeemed,
  onChange,
}: {
  customer: { id: string; name: string } | null;
  /** What the points may take off: the cart's subtotal after discounts, pesewas. */
  payable: number;
  redeemed: number;
  onChange: (points: number) => void;
}) {
  const loyalty = useCustomerLoyalty(customer?.id ?? null);
  const id = useId();
  const [isOpen, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const data = loyalty.data;
  if (!customer || !data?.settings.is_enabled || (data.balance <= 0 && redeemed === 0)) return null;
  const settings = data.settings;
  const most = maxRedeemablePoints(data.balance, payable, settings);

  if (redeemed > 0) {
    return (
      <div className="flex items-center justify-between gap-2 rounded-md border border-emerald-600/40 bg-emerald-50 px-3 py-2 text-sm dark:bg-emerald-950/40">
        <span>
          <GiftIcon className="mr-1 inline size-4 text-emerald-700" aria-hidden="true" />
          {points(redeemed)} points redeemed:{' '}
          <strong className="whitespace-nowrap">-{formatCedis(redemptionValue(redeemed, settings))}</strong>
        </span>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            onChange(0);
            setOpen(false);
          }}
        >
          <XIcon aria-hidden="true" />
          Remove points
        </Button>
      </div>
    );
  }

  function apply() {
    const wanted = typed.trim() === '' ? Number.NaN : Number(typed);
    if (!Number.isInteger(wanted) || wanted <= 0) {
      setError('Enter a whole number of points');
      return;
    }
    const checked = checkRedemption(wanted, data?.balance ?? 0, payable, settings);
    if (checked.problem) {
      setError(checked.problem.message);
      return;
    }
    setError(null);
    onChange(wanted);
  }

  return (
    <div className="grid gap-2 rounded-md border px-3 py-2 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span>
          {customer.name} has <strong>{points(data.balance)} points</strong> (worth{' '}
          {formatCedis(redemptionValue(data.balance, settings))})
        </span>
        {!isOpen && (
          <Button
            variant="outline"
            size="sm"
            disabled={most <= 0 || redemptionValue(most, settings) <= 0}
            onClick={() => {
              setTyped(String(most));
              setOpen(true);
            }}
          >
            <GiftIcon aria-hidden="true" />
            Redeem points
          </Button>
        )}
      </div>
      {isOpen && (
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1">
            <Label htmlFor={`${id}-points`}>Points to redeem</Label>
            <Input
              id={`${id}-points`}
              inputMode="numeric"
              autoComplete="off"
              className="w-32 tabular-nums"
              value={typed}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-note`}
              onChange={(event) => setTyped(event.target.value)}
              onKeyDown={(event) => {
                // Enter applies the points, never completes the sale.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  apply();
                }
              }}
            />
          </div>
          <Button size="sm" onClick={apply}>
            Apply points
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <p
            id={`${id}-note`}
            role={error ? 'alert' : undefined}
            className={`basis-full ${error ? 'text-destructive' : 'text-muted-foreground'} text-xs`}
          >
            {error ??
              `At most ${points(most)} points on this sale · ${settings.points_per_cedi_redeemed} points = ₵1`}
          </p>
        </div>
      )}
    </div>
  );
}
