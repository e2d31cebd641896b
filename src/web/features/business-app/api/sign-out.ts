import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '#web/lib/api-client.ts';
import { clearPinSession } from '#web/lib/pin-session.ts';

export function signOut(): Promise<void> {
  return api.post<void>('/api/v1/auth/sign-out');
}

export function signOutEverywhere(): Promise<void> {
  return api.post<void>('/api/v1/me/sessions/sign-out-everywhere');
}

/**
 * platform §4: sign-out removes the PIN session, makes the sign-out call and clears the whole cache. The
 * browser forgets everything even when the call fails (the session may already be gone on the server).
 */
export function useSignOut({ everywhere = false } = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: everywhere ? signOutEverywhere : signOut,
    retry: false,
    onSettled: () => {
      clearPinSession();
      queryClient.clear();
      navigate('/app/auth', { replace: true });
    },
  });
}
