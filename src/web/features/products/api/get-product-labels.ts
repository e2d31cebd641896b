import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductLabel } from '#domain/schemas/catalog.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { queryKeys } from '#web/lib/query-keys.ts';

export function productLabelsQuery(slug: string, ids: string[]) {
  return queryOptions({
    queryKey: queryKeys.products.labels(slug, ids),
    queryFn: ({ signal }) =>
      api.get<{ labels: ProductLabel[] }>(`/api/v1/products/labels?ids=${ids.join(',')}`, { signal }),
    select: (data) => data.labels,
    enabled: ids.length > 0,
  });
}

export function useProductLabels(ids: string[]) {
  return useQuery(productLabelsQuery(useBusinessSlug(), ids));
}
