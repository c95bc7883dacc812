import type { EcmRange, EcmSettingsBody, LoadAlertOverrides, LoadAlertSettingsBody } from '@linedesk/shared';
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

/** A server machine's load (admins); read again each minute, as the poll brings new readings. */
export function useServerLoad(id: number | null) {
  return useQuery({
    queryKey: ecmStatsKeys.load(id ?? 0),
    queryFn: ({ signal }) => ecmStatsApi.load(id ?? 0, signal),
    enabled: id !== null,
    refetchInterval: REFRESH_MS,
  });
}

export function useLoadAlertSettings(enabled: boolean) {
  return useQuery({
    queryKey: ecmStatsKeys.loadSettings,
    queryFn: ({ signal }) => ecmStatsApi.loadSettings(signal),
    enabled,
  });
}

export function useUpdateLoadAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoadAlertSettingsBody) => ecmStatsApi.updateLoadSettings(body),
    onSuccess: (settings) => {
      queryClient.setQueryData(ecmStatsKeys.loadSettings, settings);
      // Every server without its own thresholds now shows the new ones.
      return queryClient.invalidateQueries({ queryKey: ['servers', 'load'] });
    },
  });
}

export function useUpdateServerThresholds(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoadAlertOverrides) => ecmStatsApi.updateServerThresholds(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ecmStatsKeys.load(id) }),
  });
}
