import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';

/** After sign-up on another address, trade the one-time token for this address's session cookie. */
export function redeemHandoff(token: string): Promise<{ ok: true }> {
  return api.post<{ ok: true }>('/api/v1/auth/handoff', { token });
}

export function useRedeemHandoff() {
  return useMutation({ mutationFn: redeemHandoff, retry: false });
}

/** The hand-off token in the address fragment (#handoff=…), if any. */
export function handoffTokenFrom(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('handoff');
}
