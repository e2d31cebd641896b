import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CashMovementInput,
  CloseShiftInput,
  CurrentShiftResponse,
  OpenShiftInput,
  ShiftDetail,
  ShiftDifferencesResponse,
  ShiftListResponse,
} from '#domain/schemas/shifts.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { CACHE_TIMES, invalidateAfter, queryKeys } from '#web/lib/query-keys.ts';

// Shifts, for the till (open, cash in/out, close) and the shifts page alike.

const shiftPath = (id: string) => `/api/v1/shifts/${encodeURIComponent(id)}`;

/** The signed-in person's open shift, and who else (if anyone) has this till. */
export function useCurrentShift(tillId: string) {
  const slug = useBusinessSlug();
  return useQuery({
    queryKey: queryKeys.sales.currentShift(slug, tillId),
    queryFn: ({ signal }) =>
      api.get<CurrentShiftResponse>(`/api/v1/shifts/current?till=${encodeURIComponent(tillId)}`, { signal }),
    staleTime: CACHE_TIMES.transactions,
  });
}

export type ShiftStatusFilter = 'all' | 'open' | 'closed';

export function useShifts(status: ShiftStatusFilter) {
  const slug = useBusinessSlug();
  return useQuery({
    queryKey: queryKeys.sales.shiftList(slug, status),
    queryFn: ({ signal }) =>
      api.get<ShiftListResponse>(`/api/v1/shifts${status === 'all' ? '' : `?status=${status}`}`, { signal }),
    staleTime: CACHE_TIMES.transactions,
  });
}

export function useShift(id: string | null) {
  const slug = useBusinessSlug();
  return useQuery({
    queryKey: queryKeys.sales.shift(slug, id ?? ''),
    queryFn: ({ signal }) =>
      api.get<{ shift: ShiftDetail }>(shiftPath(id ?? ''), { signal }).then((body) => body.shift),
    enabled: id !== null,
    staleTime: CACHE_TIMES.transactions,
  });
}

/** Each cashier's overs and shorts over the last `days` (null: all time). */
export function useShiftDifferences(days: number | null) {
  const slug = useBusinessSlug();
  return useQuery({
    queryKey: queryKeys.sales.shiftDifferences(slug, days),
    queryFn: ({ signal }) =>
      api.get<ShiftDifferencesResponse>(`/api/v1/shifts/differences${days ? `?days=${days}` : ''}`, {
        signal,
      }),
    staleTime: CACHE_TIMES.transactions,
  });
}

function useShiftMutation<Input>(request: (input: Input) => Promise<{ shift: ShiftDetail }>) {
  const queryClient = useQueryClient();
  const slug = useBusinessSlug();
  return useMutation({
    mutationFn: (input: Input) => request(input).then((body) => body.shift),
    onSuccess: () => invalidateAfter.shiftChange(queryClient, slug),
  });
}

export function useOpenShift() {
  return useShiftMutation((input: OpenShiftInput) =>
    api.post<{ shift: ShiftDetail }>('/api/v1/shifts', input),
  );
}

export function useCashMovement(shiftId: string) {
  return useShiftMutation((input: CashMovementInput) =>
    api.post<{ shift: ShiftDetail }>(`${shiftPath(shiftId)}/cash-movements`, input),
  );
}

export function useCloseShift(shiftId: string) {
  return useShiftMutation((input: CloseShiftInput) =>
    api.post<{ shift: ShiftDetail }>(`${shiftPath(shiftId)}/close`, input),
  );
}
