import type { EcmRange, EcmSettingsBody } from '@linedesk/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ecmStatsApi, ecmStatsKeys } from '../api/ecm-stats-api';

/**
 * New figures arrive with every poll of the servers (ECM_STATS_POLL_SECONDS), not with a change
 * anyone makes, so no change event announces them: the charts read again each minute.
 */
const REFRESH_MS = 60_000;

export function useLineEcmStats(id: number, range: EcmRange) {
  return useQuery({
    queryKey: ecmStatsKeys.line(id, range),
    queryFn: ({ signal }) => ecmStatsApi.line(id, range, signal),
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: REFRESH_MS,
  });
}

export function useServerEcmStats(id: number | null, range: EcmRange) {
  return useQuery({
    queryKey: ecmStatsKeys.server(id ?? 0, range),
    queryFn: ({ signal }) => ecmStatsApi.server(id ?? 0, range, signal),
    enabled: id !== null,
    refetchInterval: REFRESH_MS,
  });
}

export function useEcmSummary(enabled = true) {
  return useQuery({
    queryKey: ecmStatsKeys.summary,
    queryFn: ({ signal }) => ecmStatsApi.summary(signal),
    enabled,
    refetchInterval: REFRESH_MS,
  });
}

/** The retention and the churn radar's days (admins only; the server refuses anyone else). */
export function useEcmSettings(enabled: boolean) {
  return useQuery({
    queryKey: ecmStatsKeys.settings,
    queryFn: ({ signal }) => ecmStatsApi.settings(signal),
    enabled,
  });
}

export function useUpdateEcmSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EcmSettingsBody) => ecmStatsApi.updateSettings(body),
    onSuccess: (settings) => {
      queryClient.setQueryData(ecmStatsKeys.settings, settings);
      // Which lines the churn radar names follows the days.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
        queryClient.invalidateQueries({ queryKey: ['lines', 'list'] }),
      ]);
    },
  });
}
