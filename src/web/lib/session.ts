import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Permission } from '#domain/permissions.ts';
import type { Me } from '#domain/schemas/auth.ts';
import { api, isApiError } from './api-client.ts';
import { useBusiness } from './business-context.tsx';

// The signed-in person of this business, shared by every feature of the business app (who may do what).
// A 401 is an answer, not a failure: it means nobody is signed in here.

export const sessionQueryKey = (slug: string) => ['session', slug] as const;

export function meQuery(slug: string) {
  return queryOptions({
    queryKey: [...sessionQueryKey(slug), 'me'] as const,
    queryFn: async ({ signal }): Promise<Me | null> => {
      try {
        return await api.get<Me>('/api/v1/me', { signal });
      } catch (error) {
        if (isApiError(error) && error.status === 401) return null;
        throw error;
      }
    },
    // Who is signed in is checked again whenever a page mounts; the cached answer shows meanwhile.
    staleTime: 0,
  });
}

/** The signed-in person of the business of this page (null: signed out). */
export function useMe() {
  return useQuery(meQuery(useBusiness().slug));
}

/** Whether the signed-in person holds a permission; false while nobody is signed in. */
export function canDo(me: Me | null | undefined, permission: Permission): boolean {
  return me?.permissions.includes(permission) ?? false;
}
