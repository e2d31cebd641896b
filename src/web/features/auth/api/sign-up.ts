import { useMutation } from '@tanstack/react-query';
import type { SignUpInput, SignUpResult } from '#domain/schemas/auth.ts';
import { api } from '#web/lib/api-client.ts';

export function signUp(input: SignUpInput): Promise<SignUpResult> {
  return api.post<SignUpResult>('/api/v1/auth/sign-up', input);
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp, retry: false });
}
