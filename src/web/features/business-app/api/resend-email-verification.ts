import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';

/** Mails the signed-in person a new verification link. */
export function useResendEmailVerification() {
  return useMutation({
    mutationFn: () => api.post<{ message: string }>('/api/v1/auth/email-verification-requests'),
    retry: false,
  });
}
