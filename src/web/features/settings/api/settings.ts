import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BusinessProfileInput,
  ReceiptSettingsInput,
  RolePermissionsInput,
  SettingsResponse,
  TaxSettings,
} from '#domain/schemas/settings.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { invalidateAfter, queryKeys } from '#web/lib/query-keys.ts';

// GET /api/v1/settings and the four PUTs of the settings screen. Each save refreshes every screen that shows
// what it changed (the shell's name and colours, the till's tax mode, receipts, permissions).

export function settingsQuery(slug: string) {
  return queryOptions({
    queryKey: [...queryKeys.settings(slug), 'all'] as const,
    queryFn: ({ signal }) => api.get<SettingsResponse>('/api/v1/settings', { signal }),
  });
}

export function useSettings() {
  return useQuery(settingsQuery(useBusinessSlug()));
}

type SettingsSection = {
  profile: BusinessProfileInput;
  tax: TaxSettings;
  receipt: ReceiptSettingsInput;
  roles: RolePermissionsInput;
};

export function useSaveSettings<S extends keyof SettingsSection>(section: S) {
  const queryClient = useQueryClient();
  const slug = useBusinessSlug();
  return useMutation({
    mutationFn: (input: SettingsSection[S]) =>
      api.put<SettingsResponse>(`/api/v1/settings/${section}`, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsQuery(slug).queryKey, saved);
      return invalidateAfter.businessSettingsChange(queryClient, slug);
    },
  });
}
