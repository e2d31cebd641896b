import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SlugCheck } from '#domain/schemas/admin.ts';
import { api } from '#web/lib/api-client.ts';
import { adminKeys } from './get-admin-me.ts';

export function checkSlug(name: string, signal?: AbortSignal): Promise<SlugCheck> {
  return api.get<SlugCheck>(`/api/v1/admin/slug-check?name=${encodeURIComponent(name)}`, { signal });
}

export function slugCheckQuery(name: string) {
  return queryOptions({
    queryKey: adminKeys.slugCheck(name),
    queryFn: ({ signal }) => checkSlug(name, signal),
    staleTime: 10_000,
  });
}

/** Whether the web address of a name is free; asked only for a name that makes a valid one. */
export function useSlugCheck(name: string, isEnabled: boolean) {
  return useQuery({ ...slugCheckQuery(name), enabled: isEnabled });
}
