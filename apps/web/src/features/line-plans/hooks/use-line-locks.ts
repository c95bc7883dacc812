import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LockBody } from '@linedesk/shared';
import { lineLockKeys, lineLocksApi } from '../api/line-locks-api';

export function usePlanLock(id: number | null) {
  return useQuery({
    queryKey: lineLockKeys.plan(id ?? 0),
    queryFn: ({ signal }) => lineLocksApi.plan(id!, signal),
    enabled: id !== null,
  });
}

export function useSetPlanLock(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LockBody) => lineLocksApi.setPlan(id, body),
    onSuccess: (answer) => queryClient.setQueryData(lineLockKeys.plan(id), answer),
  });
}

export function useLineLock(id: number) {
  return useQuery({
    queryKey: lineLockKeys.line(id),
    queryFn: ({ signal }) => lineLocksApi.line(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useSetLineLock(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LockBody) => lineLocksApi.setLine(id, body),
    onSuccess: (answer) => queryClient.setQueryData(lineLockKeys.line(id), answer),
  });
}
