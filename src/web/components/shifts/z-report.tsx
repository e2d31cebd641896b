import type { ShiftDetail } from '#domain/schemas/shifts.ts';
import { zReportContent } from '#domain/z-report.ts';
import { cn } from '#web/lib/cn.ts';
import type { PaperWidth } from '#web/lib/receipt-format.ts';

/** A shift's Z report on till paper (80 mm or 58 mm), the same on screen and on paper. */
export function ZReport({
  shift,
  paper,
  className,
}: {
  shift: ShiftDetail;
  paper: PaperWidth;
  className?: string;
}) {
  const content = zReportContent(shift);
  return (
    <article
      aria-label={`${content.title === 'Z REPORT' ? 'Z report' : 'X report'} ${shift.till_name}`}
      data-paper={paper}
      className={cn(
        // On a phone the paper shrinks to the screen; on paper the print styles set its width.
        'pos-receipt mx-auto grid max-w-full gap-2 bg-white p-3 font-mono text-black leading-snug',
        paper === '58' ? 'w-[58mm] text-[10px]' : 'w-[80mm] text-[11px]',
        className,
      )}
    >
      <header className="grid justify-items-center gap-0.5 text-center">
        <h3 className="font-bold text-[1.35em] uppercase">{content.businessName}</h3>
        {content.headerLines.map((line) => (
          <p key={line}>{line}</p>
        ))}
        <p className="mt-1 font-bold text-[1.2em]">{content.title}</p>
      </header>
      <hr className="border-black border-dashed" />
      <dl className="grid grid-cols-[auto_1fr] gap-x-2">
        {content.details.map((row) => (
          <div key={row.label} className="contents">
            <dt>{row.label}</dt>
            <dd className="break-words text-right">{row.value}</dd>
          </div>
        ))}
      </dl>
      {content.sections.map((section) => (
        <section key={section.title} aria-label={section.title} className="grid gap-1">
          <hr className="border-black border-dashed" />
          <h4 className="font-bold uppercase">{section.title}</h4>
          <dl className="grid grid-cols-[1fr_auto] gap-x-2">
            {section.rows.map((row, index) => (
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: two cash movements may share a reason; rows never reorder
                key={index}
                className={cn('contents', row.isStrong && 'font-bold')}
              >
                <dt className="break-words">{row.label}</dt>
                <dd className="text-right">{row.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <hr className="border-black border-dashed" />
      <div className="mt-4 grid gap-6">
        {content.signatures.map((who) => (
          <p key={who} className="flex items-end gap-2">
            <span>{who} signature:</span>
            <span className="flex-1 border-black border-b" />
          </p>
        ))}
      </div>
    </article>
  );
}
