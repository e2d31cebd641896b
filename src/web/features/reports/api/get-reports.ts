import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DayRange } from '#domain/report-range.ts';
import type { ReportSummary, ReportTable, SlowMovers, StockValuation } from '#domain/schemas/reports.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { CACHE_TIMES, queryKeys } from '#web/lib/query-keys.ts';
import { getBusinessSlug } from '#web/lib/tenancy.ts';

// The reports page's reads. Every key is under `stats`, so a sale, refund, void or product change made in this
// browser marks them out of date (invalidateAfter).

export function useReportSummary(range: DayRange) {
  const slug = useBusinessSlug();
  return useQuery({
    queryKey: queryKeys.reports.summary(slug, range.from, range.to),
    queryFn: ({ signal }) =>
      api.get<ReportSummary>(`/api/v1/reports/summary?from=${range.from}&to=${range.to}`, { signal }),
    staleTime: CACHE_TIMES.stats,
    // The last period stays on screen, dimmed, while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useSlowMovers(page: number) {
  const slug = useBusinessSlug();
  return useQuery({
    queryKey: queryKeys.reports.slowMovers(slug, page),
    queryFn: ({ signal }) => api.get<SlowMovers>(`/api/v1/reports/slow-movers?page=${page}`, { signal }),
    staleTime: CACHE_TIMES.stats,
    placeholderData: keepPreviousData,
  });
}

export function useStockValuation(page: number) {
  const slug = useBusinessSlug();
  return useQuery({
    queryKey: queryKeys.reports.stockValuation(slug, page),
    queryFn: ({ signal }) =>
      api.get<StockValuation>(`/api/v1/reports/stock-valuation?page=${page}`, { signal }),
    staleTime: CACHE_TIMES.stats,
    placeholderData: keepPreviousData,
  });
}

/**
 * A table's CSV: a plain download link (same origin, with the session cookie). On localhost the business
 * travels in ?business=, which the server ignores on a real subdomain.
 */
export function exportHref(table: ReportTable, range: DayRange): string {
  const params = new URLSearchParams({ table, from: range.from, to: range.to });
  const slug = getBusinessSlug();
  if (slug) params.set('business', slug);
  return `/api/v1/reports/export.csv?${params}`;
}
