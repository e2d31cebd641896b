import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportPreview, ImportResult } from '#domain/schemas/catalog.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { invalidateAfter } from '#web/lib/query-keys.ts';
import { getBusinessSlug } from '#web/lib/tenancy.ts';

export function previewImport(csv: string): Promise<ImportPreview> {
  return api.post<ImportPreview>('/api/v1/products/import/preview', { csv }, { timeoutMs: 120_000 });
}

export function applyImport(csv: string): Promise<ImportResult> {
  return api.post<ImportResult>('/api/v1/products/import', { csv }, { timeoutMs: 120_000 });
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}

export function useApplyImport() {
  const queryClient = useQueryClient();
  const slug = useBusinessSlug();
  return useMutation({
    mutationFn: applyImport,
    // An import may also create categories; productChange refreshes those too.
    onSuccess: () => invalidateAfter.productChange(queryClient, slug),
  });
}

/**
 * The export is a plain download link (the browser streams it to a file). On localhost the business travels
 * in ?business=, which the server ignores on a real subdomain.
 */
export function exportUrl(): string {
  const slug = getBusinessSlug();
  return slug
    ? `/api/v1/products/export.csv?business=${encodeURIComponent(slug)}`
    : '/api/v1/products/export.csv';
}
