import { CheckIcon } from 'lucide-react';
import { ONBOARDING_STEPS } from '#domain/schemas/onboarding.ts';
import { cn } from '#web/lib/cn.ts';

/** platform §2: 'Step n of 3' with a progress bar, and the names of the steps. */
export function StepProgress({ step }: { step: number }) {
  const total = ONBOARDING_STEPS.length;
  const label = `Step ${step + 1} of ${total}`;
  return (
    <div className="grid gap-3">
      <div className="flex items-baseline justify-between gap-4 text-sm">
        <p className="font-medium">{label}</p>
        <p className="text-muted-foreground">{ONBOARDING_STEPS[step]}</p>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={step + 1}
        className="h-2 overflow-hidden rounded-full bg-secondary"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-300"
          style={{ width: `${((step + 1) / total) * 100}%` }}
        />
      </div>
      <ol className="hidden grid-cols-3 gap-2 sm:grid">
        {ONBOARDING_STEPS.map((name, index) => (
          <li
            key={name}
            aria-current={index === step ? 'step' : undefined}
            className={cn(
              'flex items-center gap-2 text-xs',
              index <= step ? 'text-foreground' : 'text-muted-foreground',
            )}
          >
            <span
              className={cn(
                'flex size-5 shrink-0 items-center justify-center rounded-full border font-semibold text-[11px]',
                index < step && 'border-primary bg-primary text-primary-foreground',
                index === step && 'border-primary text-primary',
              )}
            >
              {index < step ? <CheckIcon className="size-3" aria-hidden="true" /> : index + 1}
            </span>
            {name}
          </li>
        ))}
      </ol>
    </div>
  );
}
