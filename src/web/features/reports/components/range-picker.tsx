import { type FormEvent, useState } from 'react';
import {
  type DayRange,
  REPORT_PRESET_LABELS,
  REPORT_PRESETS,
  type ReportPreset,
  rangeProblem,
} from '#domain/report-range.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';

/** The period buttons, and for "Custom" two days and Apply (a bad pair is explained, not sent). */
export function RangePicker({
  preset,
  range,
  onPreset,
  onCustom,
}: {
  preset: ReportPreset;
  range: DayRange;
  onPreset: (preset: Exclude<ReportPreset, 'custom'>) => void;
  onCustom: (range: DayRange) => void;
}) {
  const [isCustomOpen, setIsCustomOpen] = useState(preset === 'custom');
  const [draft, setDraft] = useState<DayRange>(range);
  const [problem, setProblem] = useState<string | null>(null);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const found = rangeProblem(draft);
    setProblem(found);
    if (!found) onCustom(draft);
  };
  return (
    <div className="grid gap-3 print:hidden">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Period</legend>
        {REPORT_PRESETS.map((name) => {
          const isChosen =
            name === 'custom' ? isCustomOpen || preset === 'custom' : preset === name && !isCustomOpen;
          return (
            <Button
              key={name}
              type="button"
              size="sm"
              variant={isChosen ? 'default' : 'outline'}
              aria-pressed={isChosen}
              onClick={() => {
                if (name === 'custom') {
                  setDraft(range);
                  setIsCustomOpen(true);
                  return;
                }
                setIsCustomOpen(false);
                setProblem(null);
                onPreset(name);
              }}
            >
              {REPORT_PRESET_LABELS[name]}
            </Button>
          );
        })}
      </fieldset>
      {isCustomOpen && (
        <form className="flex flex-wrap items-end gap-3" onSubmit={apply} noValidate>
          <div className="grid gap-1">
            <Label htmlFor="report-from">From</Label>
            <Input
              id="report-from"
              type="date"
              value={draft.from}
              max={draft.to || undefined}
              aria-invalid={problem ? true : undefined}
              onChange={(event) => setDraft({ ...draft, from: event.target.value })}
              className="w-40"
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="report-to">To</Label>
            <Input
              id="report-to"
              type="date"
              value={draft.to}
              min={draft.from || undefined}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'report-range-problem' : undefined}
              onChange={(event) => setDraft({ ...draft, to: event.target.value })}
              className="w-40"
            />
          </div>
          <Button type="submit">Apply</Button>
          {problem && (
            <p id="report-range-problem" role="alert" className="basis-full text-destructive text-sm">
              {problem}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
