import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { Line, LineCreateBody, LinePatchBody, LineSettingsBody } from '@linedesk/shared';
import { authKeys } from '../../auth/api/auth-api';
import { lineKeys, linesApi, type LineListParams } from '../api/lines-api';

export function useLines(params: LineListParams) {
  return useQuery({
    queryKey: lineKeys.list(params),
    queryFn: ({ signal }) => linesApi.list(params, signal),
    placeholderData: keepPreviousData,
    // A page seen before shows from the cache without asking again: every change to a line (or to
    // who is online) reaches this tab as a live event, which marks the lists stale (`eventQueryKeys`).
    staleTime: 5 * 60_000,
  });
}

/** The line as a page of the list already holds it (the list and the line's own answer are the same shape). */
function lineFromLists(queryClient: QueryClient, id: number): Line | undefined {
  const lists = queryClient.getQueriesData<{ items: Line[] }>({ queryKey: [...lineKeys.all, 'list'] });
  for (const [, list] of lists) {
    const line = list?.items.find((item) => item.id === id);
    if (line) return line;
  }
  return undefined;
}

export function useLine(id: number) {
  const queryClient = useQueryClient();
  return useQuery<Line>({
    queryKey: lineKeys.detail(id),
    queryFn: ({ signal }) => linesApi.get(id, signal),
    enabled: Number.isInteger(id) && id > 0,
    // Opened from the list, the page shows the line's row at once instead of a skeleton while its own
    // answer comes (which then takes its place, as a live update would).
    placeholderData: () => lineFromLists(queryClient, id),
  });
}

export function useLineEvents(id: number) {
  return useQuery({
    queryKey: lineKeys.events(id),
    queryFn: ({ signal }) => linesApi.events(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/**
 * Every line write may move credits, so the balance in the header is refreshed with the lines; the
 * live `credit_ledger` event does the same for other tabs.
 */
export function useInvalidateLineWrites() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: lineKeys.all }),
      queryClient.invalidateQueries({ queryKey: authKeys.me }),
    ]);
}

export function useCreateLine() {
  const invalidate = useInvalidateLineWrites();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LineCreateBody) => linesApi.create(body),
    onSuccess: () => invalidate(),
    // A trial (or a refused one) changes the trial lines left today shown on the add-line page.
    onSettled: (_result, _error, body) =>
      body.is_trial ? queryClient.invalidateQueries({ queryKey: lineKeys.settings }) : undefined,
  });
}

export function useUpdateLine() {
  const invalidate = useInvalidateLineWrites();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: LinePatchBody }) => linesApi.update(id, body),
    onSuccess: () => invalidate(),
  });
}

export function useRenewLine() {
  const invalidate = useInvalidateLineWrites();
  return useMutation({
    mutationFn: ({ id, months, planId }: { id: number; months: number; planId?: number }) =>
      linesApi.renew(id, months, planId),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => linesApi.remove(id),
    onSuccess: (_result, id) => {
      // The deleted line's own page is being left; asking for it again would only flash "not found".
      const own = (key: readonly unknown[]) => (key[1] === 'detail' || key[1] === 'events') && key[2] === id;
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: lineKeys.all, predicate: (query) => !own(query.queryKey) }),
        queryClient.invalidateQueries({ queryKey: authKeys.me }),
      ]);
    },
  });
}

export function useRetryLineSync() {
  const invalidate = useInvalidateLineWrites();
  return useMutation({ mutationFn: (id: number) => linesApi.retrySync(id), onSettled: () => invalidate() });
}

/** `enabled` false for an account the server would refuse (one that sells no lines). */
export function useLineSettings(enabled = true) {
  return useQuery({
    queryKey: lineKeys.settings,
    queryFn: ({ signal }) => linesApi.getSettings(signal),
    staleTime: 60_000,
    enabled,
  });
}

export function useUpdateLineSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LineSettingsBody) => linesApi.putSettings(body),
    onSuccess: (settings) => queryClient.setQueryData(lineKeys.settings, settings),
  });
}

/** Servers a line may be put on, newest (the API's default) first. */
export function useActiveServers() {
  return useQuery({
    queryKey: lineKeys.activeServers,
    queryFn: ({ signal }) => linesApi.activeServers(signal),
    select: (data) => data.items,
  });
}

/** Every server as the admins' list has it (status, protocol, the file its agent writes). */
export function useAllServers(enabled: boolean) {
  return useQuery({
    queryKey: lineKeys.serverOptions,
    queryFn: ({ signal }) => linesApi.allServers(signal),
    select: (data) => data.items,
    enabled,
  });
}

/** Every server by id and name, for the admin's filter (lines stay on servers that went inactive). */
export function useServerOptions(admin: boolean) {
  const all = useQuery({
    queryKey: lineKeys.serverOptions,
    queryFn: ({ signal }) => linesApi.allServers(signal),
    select: (data) => data.items.map(({ id, server_name }) => ({ id, server_name })),
    enabled: admin,
  });
  const active = useQuery({
    queryKey: lineKeys.activeServers,
    queryFn: ({ signal }) => linesApi.activeServers(signal),
    select: (data) => data.items.map(({ id, server_name }) => ({ id, server_name })),
    enabled: !admin,
  });
  return admin ? all : active;
}

export function useClientConfig() {
  return useQuery({
    queryKey: lineKeys.clientConfig,
    queryFn: ({ signal }) => linesApi.clientConfig(signal),
    retry: false,
  });
}

export function useOwnerOptions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: lineKeys.owners(search),
    queryFn: ({ signal }) => linesApi.owners(search, signal),
    select: (data) => data.items,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useReconcileServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ serverId, confirmRemovals = false }: { serverId: number; confirmRemovals?: boolean }) =>
      linesApi.reconcile(serverId, confirmRemovals),
    onSettled: () => queryClient.invalidateQueries({ queryKey: lineKeys.all }),
  });
}
