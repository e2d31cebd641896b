import { useMutation } from '@tanstack/react-query';
import type { ChooseOwnPinInput } from '#domain/schemas/employees.ts';
import { api } from '#web/lib/api-client.ts';

export function useChooseOwnPin() {
  return useMutation({
    mutationFn: (input: ChooseOwnPinInput) =>
      api.put<{ ok: true; has_password: boolean }>('/api/v1/me/pin', input),
  });
}
