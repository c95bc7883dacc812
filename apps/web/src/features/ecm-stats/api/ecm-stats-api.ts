import {
  ecmStatsContracts,
  serverLoadContracts,
  type EcmRange,
  type EcmSettingsBody,
  type LoadAlertOverrides,
  type LoadAlertSettingsBody,
} from '@linedesk/shared';
import { callApi } from '../../../lib/api-client';

/** Under ['lines'] and ['servers'], so a change of the line or server refreshes its figures too. */
export const ecmStatsKeys = {
  line: (id: number, range: EcmRange) => ['lines', 'ecm-stats', id, range] as const,
  server: (id: number, range: EcmRange) => ['servers', 'ecm-stats', id, range] as const,
  summary: ['dashboard-ecm'] as const,
  /** Under ['settings']: an `app_settings` event refreshes it. */
  settings: ['settings', 'ecm'] as const,
  /** Under ['servers']: a change of the server (its own thresholds too) refreshes it. */
  load: (id: number) => ['servers', 'load', id] as const,
  loadSettings: ['settings', 'load-alerts'] as const,
};

export const ecmStatsApi = {
  line: (id: number, range: EcmRange, signal?: AbortSignal) =>
    callApi(ecmStatsContracts.line, { params: { id }, query: { range } }, { signal }),
  server: (id: number, range: EcmRange, signal?: AbortSignal) =>
    callApi(ecmStatsContracts.server, { params: { id }, query: { range } }, { signal }),
  summary: (signal?: AbortSignal) => callApi(ecmStatsContracts.summary, {}, { signal }),
  settings: (signal?: AbortSignal) => callApi(ecmStatsContracts.getSettings, {}, { signal }),
  updateSettings: (body: EcmSettingsBody) => callApi(ecmStatsContracts.updateSettings, { body }),
  load: (id: number, signal?: AbortSignal) =>
    callApi(serverLoadContracts.server, { params: { id } }, { signal }),
  loadSettings: (signal?: AbortSignal) => callApi(serverLoadContracts.getSettings, {}, { signal }),
  updateLoadSettings: (body: LoadAlertSettingsBody) => callApi(serverLoadContracts.updateSettings, { body }),
  updateServerThresholds: (id: number, body: LoadAlertOverrides) =>
    callApi(serverLoadContracts.updateServerThresholds, { params: { id }, body }),
};
