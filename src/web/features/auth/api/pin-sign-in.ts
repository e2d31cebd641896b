import { useMutation } from '@tanstack/react-query';
import type { PinSignInInput, PinSignInResult } from '#domain/schemas/auth.ts';
import { api } from '#web/lib/api-client.ts';

export function pinSignIn(input: PinSignInInput): Promise<PinSignInResult> {
  return api.post<PinSignInResult>('/api/v1/auth/pin-sign-in', input);
}

export function usePinSignIn() {
  return useMutation({ mutationFn: pinSignIn, retry: false });
}
