import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChooseOwnPinInput } from '#domain/schemas/employees.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusiness } from '#web/lib/business-context.tsx';
import { invalidateAfter } from '#web/lib/query-keys.ts';

export function changePin(input: ChooseOwnPinInput): Promise<{ ok: true; has_password: boolean }> {
  return api.put<{ ok: true; has_password: boolean }>('/api/v1/me/pin', input);
}

export function useChangePin() {
  const queryClient = useQueryClient();
  const { slug } = useBusiness();
  return useMutation({
    mutationFn: changePin,
    retry: false,
    onSuccess: () => invalidateAfter.ownPinChange(queryClient, slug),
  });
}
