import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput } from '#domain/schemas/auth.ts';
import { api } from '#web/lib/api-client.ts';

export function requestPasswordReset(input: ForgotPasswordInput): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/v1/auth/password-reset-requests', input);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset, retry: false });
}
