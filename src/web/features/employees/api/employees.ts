import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role } from '#domain/permissions.ts';
import type { Employee, EmployeeCreateInput, EmployeeList, PinIssued } from '#domain/schemas/employees.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { invalidateAfter, queryKeys } from '#web/lib/query-keys.ts';

export function employeesQuery(slug: string) {
  return queryOptions({
    queryKey: queryKeys.employees(slug),
    queryFn: ({ signal }) => api.get<EmployeeList>('/api/v1/employees', { signal }),
  });
}

export function useEmployees() {
  return useQuery(employeesQuery(useBusinessSlug()));
}

function useInvalidate() {
  const queryClient = useQueryClient();
  const slug = useBusinessSlug();
  return () => invalidateAfter.employeeChange(queryClient, slug);
}

export function useCreateEmployee() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (input: EmployeeCreateInput) => api.post<PinIssued>('/api/v1/employees', input),
    onSuccess,
  });
}

export function useRegeneratePin() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.post<PinIssued>(`/api/v1/employees/${id}/pin`),
    onSuccess,
  });
}

export function useSetActive() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      api.post<{ employee: Employee }>(`/api/v1/employees/${id}/${active ? 'reactivate' : 'deactivate'}`),
    onSuccess,
  });
}

export function useChangeRole() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) =>
      api.patch<{ employee: Employee }>(`/api/v1/employees/${id}/role`, { role }),
    onSuccess,
  });
}

export function useRemovePending() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/api/v1/employees/${id}`),
    onSuccess,
  });
}
