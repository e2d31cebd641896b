import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChooseOwnPinInput } from '#domain/schemas/employees.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusiness } from '#web/lib/business-context.tsx';
import { invalidateAfter } from '#web/lib/query-keys.ts';

export function useChooseOwnPin() {
  const queryClient = useQueryClient();
  const { slug } = useBusiness();
  return useMutation({
    mutationFn: (input: ChooseOwnPinInput) =>
      api.put<{ ok: true; has_password: boolean }>('/api/v1/me/pin', input),
    retry: false,
    // No choice is due any more, and the staff lists show the person's own PIN.
    onSuccess: () => invalidateAfter.ownPinChange(queryClient, slug),
  });
}
