import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PercentIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { DEFAULT_DISCOUNT_LIMIT_PERCENT } from '#domain/discount-limit.ts';
import { discountLimitInput } from '#domain/schemas/transactions.ts';
import { ErrorState } from '#web/components/list-states.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { invalidateAfter, queryKeys } from '#web/lib/query-keys.ts';
import { toast } from '#web/lib/toast.ts';

type DiscountLimit = { discount_limit_percent: number };

/** Settings → Roles: the largest discount a cashier gives without a manager's or owner's PIN. */
export function DiscountLimitCard() {
  const slug = useBusinessSlug();
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: queryKeys.settings(slug),
    queryFn: ({ signal }) => api.get<DiscountLimit>('/api/v1/settings/discount-limit', { signal }),
  });
  const save = useMutation({
    mutationFn: (input: DiscountLimit) => api.put<DiscountLimit>('/api/v1/settings/discount-limit', input),
    onSuccess: () => invalidateAfter.settingsChange(queryClient, slug),
  });
  return (
    <Card className="grid gap-4 p-4 sm:p-6">
      <div className="flex items-start gap-3">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
          <PercentIcon className="size-5" aria-hidden="true" />
        </div>
        <div className="grid gap-1">
          <h2 className="font-semibold text-lg">Discount limit at the till</h2>
          <p className="text-muted-foreground text-sm">
            The largest discount a cashier may give without approval, as a percent of a line and of the whole
            sale. Above it, a manager or owner approves on the till with their PIN, and it is written to the
            audit log.
          </p>
        </div>
      </div>
      {current.isError ? (
        <ErrorState title="Error Loading Settings" message={current.error.message} />
      ) : current.data ? (
        <DiscountLimitForm
          key={current.data.discount_limit_percent}
          initial={current.data.discount_limit_percent}
          isSaving={save.isPending}
          onSave={(value, onError) =>
            save.mutate(
              { discount_limit_percent: value },
              {
                onSuccess: (saved) =>
                  toast.success('Discount limit saved', {
                    description: `Cashiers may give up to ${saved.discount_limit_percent}% off without approval.`,
                  }),
                onError: (error) => onError(error.message),
              },
            )
          }
        />
      ) : (
        <Skeleton className="h-10 w-64" />
      )}
    </Card>
  );
}

function DiscountLimitForm({
  initial,
  isSaving,
  onSave,
}: {
  initial: number;
  isSaving: boolean;
  onSave: (value: number, onError: (message: string) => void) => void;
}) {
  const [typed, setTyped] = useState(String(initial));
  const [error, setError] = useState<string | null>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = discountLimitInput.safeParse({
      discount_limit_percent: typed.trim() === '' ? Number.NaN : Number(typed),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Discount limit must be between 0 and 100');
      return;
    }
    setError(null);
    onSave(parsed.data.discount_limit_percent, setError);
  }
  return (
    <form className="flex flex-wrap items-end gap-3" noValidate onSubmit={submit}>
      <div className="grid gap-1.5">
        <Label htmlFor="discount-limit">Discount limit (%)</Label>
        <Input
          id="discount-limit"
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          className="w-32"
          value={typed}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'discount-limit-error' : 'discount-limit-hint'}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
      <Button type="submit" disabled={isSaving}>
        {isSaving ? 'Saving…' : 'Save'}
      </Button>
      {error ? (
        <p id="discount-limit-error" role="alert" className="basis-full text-destructive text-sm">
          {error}
        </p>
      ) : (
        <p id="discount-limit-hint" className="basis-full text-muted-foreground text-xs">
          Default {DEFAULT_DISCOUNT_LIMIT_PERCENT}%. 0 means every discount needs approval.
        </p>
      )}
    </form>
  );
}
