import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dashboardApi, dashboardKeys } from '../api/dashboard-api';

/** What needs doing now; also asked for before the page renders (`first-page-data.ts`). */
export const dashboardTodoQuery = queryOptions({
  queryKey: dashboardKeys.todo,
  queryFn: ({ signal }) => dashboardApi.todo(signal),
});

/** Refreshed by the event stream (lines, servers, presence, top-ups), never polled. */
export function useDashboardTodo(enabled: boolean) {
  return useQuery({ ...dashboardTodoQuery, enabled });
}

/**
 * Delivers a failing line to its server again. The lines' and the figures' caches are refreshed
 * whatever the outcome: a retry that fails again has still moved the line's sync error.
 */
export function useRetryTodoSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => dashboardApi.retrySync(id),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['lines'] }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]),
  });
}

/** Takes a customer's ask to renew off the to-do list (the reseller dealt with it another way). */
export function useDismissRenewalRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => dashboardApi.dismissRenewalRequest(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.todo }),
  });
}

/** Mails a line's customer a win-back message; the line's history (under ['lines']) gains its entry. */
export function useWinBack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => dashboardApi.winBack(id),
    onSuccess: (_result, id) => queryClient.invalidateQueries({ queryKey: ['lines', 'events', id] }),
  });
}

/**
 * Answers a customer's ask to freeze their line: approving freezes it (its server, the lists and the
 * figures change); either way the ask leaves the to-do list.
 */
export function useAnswerFreezeRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, approve }: { id: number; approve: boolean }): Promise<void> => {
      if (approve) await dashboardApi.approveFreezeRequest(id);
      else await dashboardApi.refuseFreezeRequest(id);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['lines'] }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]),
  });
}
