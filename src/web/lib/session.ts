import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { PosFeature } from '#domain/business.ts';
import type { Permission } from '#domain/permissions.ts';
import type { Me } from '#domain/schemas/auth.ts';
import { api } from './api-client.ts';
import { useBusiness } from './business-context.tsx';
import { clearCatalog } from './offline/local-db.ts';
import { clearPinSession } from './pin-session.ts';
import { meQuery } from './session-query.ts';
import { signedOutPath } from './sign-in-mode.ts';

export { meQuery, readMeAgain, sessionQueryKey } from './session-query.ts';

/** The signed-in person of the business of this page (null: signed out). */
export function useMe() {
  return useQuery(meQuery(useBusiness().slug));
}

/** Whether the signed-in person holds a permission; false while nobody is signed in. */
export function canDo(me: Me | null | undefined, permission: Permission): boolean {
  return me?.permissions.includes(permission) ?? false;
}

/**
 * Whether the business has a POS feature turned on (Settings → Business); true when the answer does not say
 * (an older server), so nothing disappears by accident.
 */
export function hasFeature(me: Me | null | undefined, feature: PosFeature): boolean {
  return me?.business.pos_features?.includes(feature) ?? true;
}

export function signOut(): Promise<{ ok: true }> {
  return api.post<{ ok: true }>('/api/v1/auth/sign-out');
}

export function signOutEverywhere(): Promise<{ ok: true }> {
  return api.post<{ ok: true }>('/api/v1/me/sessions/sign-out-everywhere');
}

/**
 * platform §4: sign-out removes the PIN session, makes the sign-out call and clears the whole cache. The
 * browser forgets everything even when the call fails (the session may already be gone on the server).
 */
export function useSignOut({ everywhere = false } = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { slug } = useBusiness();
  return useMutation({
    mutationFn: everywhere ? signOutEverywhere : signOut,
    retry: false,
    onSettled: () => {
      // Back to the screen this person signed in on: a till's PIN screen stays the PIN screen.
      const me = queryClient.getQueryData(meQuery(slug).queryKey);
      clearPinSession(slug);
      // The till's copy of the catalog and customers goes; its outbox of unsent sales stays (issue 15).
      void clearCatalog(slug).catch(() => undefined);
      queryClient.clear();
      navigate(signedOutPath(slug, me?.session.auth_method), { replace: true });
    },
  });
}
