import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me, UpdateProfileInput } from '#domain/schemas/auth.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusiness } from '#web/lib/business-context.tsx';
import { meQuery } from '#web/lib/session.ts';

export function updateProfile(input: UpdateProfileInput): Promise<Me> {
  return api.patch<Me>('/api/v1/me', input);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const { slug } = useBusiness();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (me) => queryClient.setQueryData(meQuery(slug).queryKey, me),
  });
}
