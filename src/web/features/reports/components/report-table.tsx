import { DownloadIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { type Cell, formatCell, type TableView } from '#domain/report-tables.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#web/components/ui/table.tsx';
import { cn } from '#web/lib/cn.ts';

const isNumeric = (cell: Cell | undefined) => cell !== undefined && cell.kind !== 'text';

/** One report table as the screen shows it: the same columns and cells as its CSV (src/domain/report-tables). */
export function ReportTable({ view, empty = 'Nothing in this period' }: { view: TableView; empty?: string }) {
  if (view.rows.length === 0)
    return <p className="py-6 text-center text-muted-foreground text-sm">{empty}</p>;
  const numeric = view.columns.map((_, index) => isNumeric(view.rows[0]?.[index]));
  return (
    <Table aria-label={view.title}>
      <TableHeader>
        <TableRow>
          {view.columns.map((column, index) => (
            <TableHead key={column} className={cn(numeric[index] && 'text-right')}>
              {column}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {view.rows.map((row, rowIndex) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows of a report have no identity of their own
          <TableRow key={rowIndex}>
            {row.map((cell, index) => (
              <TableCell
                key={view.columns[index]}
                className={cn(
                  numeric[index] ? 'text-right tabular-nums' : 'max-w-56 truncate',
                  index === 0 && 'font-medium',
                )}
              >
                {formatCell(cell)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The download link of a table's CSV, named for the table. */
export function CsvLink({ href, title }: { href: string; title: string }) {
  return (
    <Button asChild variant="outline" size="sm" className="print:hidden">
      <a href={href} download aria-label={`Export ${title} as CSV`}>
        <DownloadIcon aria-hidden="true" />
        CSV
      </a>
    </Button>
  );
}

/** A titled section of the page: heading, what it counts, its actions. */
export function ReportSection({
  id,
  title,
  description,
  actions,
  children,
  className,
}: {
  id: string;
  title: string;
  description?: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn(
        'grid min-w-0 content-start gap-3 rounded-xl border bg-card p-4 text-card-foreground',
        className,
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <h2 id={id} className="font-semibold text-lg leading-tight">
            {title}
          </h2>
          {description && <p className="text-muted-foreground text-sm">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  );
}
