import { TableIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCedis } from '#domain/money.ts';
import type { TableView } from '#domain/report-tables.ts';
import { Button } from '#web/components/ui/button.tsx';
import { CsvLink, ReportSection, ReportTable } from './report-table.tsx';

export type ChartPoint = { label: string; value: number };

// Axis ticks in whole cedis, short: ₵1.2k, ₵35.
function shortCedis(pesewas: number): string {
  const cedis = pesewas / 100;
  if (Math.abs(cedis) >= 1_000_000) return `₵${(cedis / 1_000_000).toFixed(1)}M`;
  if (Math.abs(cedis) >= 1000) return `₵${(cedis / 1000).toFixed(1)}k`;
  return `₵${Math.round(cedis)}`;
}

/**
 * A bar chart with its title, a text summary for screen readers, and its numbers as a table behind "Show as
 * table" (the same table the CSV holds). `horizontal` lays bars out sideways, for long names.
 */
export function ReportChart({
  id,
  title,
  description,
  points,
  view,
  csvHref,
  horizontal = false,
  valueLabel = 'Net sales',
}: {
  id: string;
  title: string;
  description?: string;
  points: ChartPoint[];
  view: TableView;
  csvHref: string;
  horizontal?: boolean;
  /** What a bar's figure is, in the tooltip. */
  valueLabel?: string;
}) {
  const [isTable, setIsTable] = useState(false);
  const tableId = useId();
  const isEmpty = points.every((point) => point.value === 0);
  const best = points.reduce<ChartPoint | null>(
    (top, point) => (!top || point.value > top.value ? point : top),
    null,
  );
  const summary = isEmpty
    ? `${title}: nothing in this period.`
    : `${title}: ${points.length} bars; the highest is ${best?.label} at ${formatCedis(best?.value ?? 0)}.`;
  const height = horizontal ? Math.max(160, points.length * 36 + 40) : 260;
  return (
    <ReportSection
      id={id}
      title={title}
      description={description}
      actions={
        <>
          <Button
            variant="outline"
            size="sm"
            aria-expanded={isTable}
            aria-controls={tableId}
            onClick={() => setIsTable((shown) => !shown)}
            className="print:hidden"
          >
            <TableIcon aria-hidden="true" />
            {isTable ? 'Show as chart' : 'Show as table'}
          </Button>
          <CsvLink href={csvHref} title={title} />
        </>
      }
    >
      <div id={tableId}>
        {isTable ? (
          <ReportTable view={view} />
        ) : isEmpty ? (
          <p className="py-10 text-center text-muted-foreground text-sm">No sales in this period</p>
        ) : (
          <figure className="m-0 text-primary">
            <div role="img" aria-label={summary} style={{ height }}>
              <ResponsiveContainer width="100%" height="100%">
                <BarChart
                  data={points}
                  layout={horizontal ? 'vertical' : 'horizontal'}
                  margin={{ top: 4, right: 8, bottom: 4, left: 4 }}
                  accessibilityLayer={false}
                >
                  <CartesianGrid
                    strokeDasharray="3 3"
                    className="stroke-border"
                    vertical={horizontal}
                    horizontal={!horizontal}
                  />
                  {horizontal ? (
                    <>
                      <XAxis
                        type="number"
                        tickFormatter={shortCedis}
                        fontSize={12}
                        stroke="currentColor"
                        className="text-muted-foreground"
                      />
                      <YAxis
                        type="category"
                        dataKey="label"
                        width={96}
                        fontSize={12}
                        stroke="currentColor"
                        className="text-muted-foreground"
                      />
                    </>
                  ) : (
                    <>
                      <XAxis
                        dataKey="label"
                        fontSize={12}
                        minTickGap={8}
                        stroke="currentColor"
                        className="text-muted-foreground"
                      />
                      <YAxis
                        tickFormatter={shortCedis}
                        width={52}
                        fontSize={12}
                        stroke="currentColor"
                        className="text-muted-foreground"
                      />
                    </>
                  )}
                  <Tooltip
                    formatter={(value) => [formatCedis(Number(value)), valueLabel]}
                    cursor={{ fillOpacity: 0.08 }}
                    contentStyle={{ fontSize: 12 }}
                  />
                  <Bar
                    dataKey="value"
                    fill="currentColor"
                    radius={3}
                    maxBarSize={40}
                    isAnimationActive={false}
                  />
                </BarChart>
              </ResponsiveContainer>
            </div>
            <figcaption className="sr-only">{summary}</figcaption>
          </figure>
        )}
      </div>
    </ReportSection>
  );
}
