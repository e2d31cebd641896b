import { useMutation } from '@tanstack/react-query';
import type { SignInInput } from '#domain/schemas/auth.ts';
import { api } from '#web/lib/api-client.ts';

export function signIn(input: SignInInput): Promise<{ ok: true }> {
  return api.post<{ ok: true }>('/api/v1/auth/sign-in', input);
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn, retry: false });
}
