import {
  DEFAULT_LOAD_ALERT_SETTINGS,
  loadAlertSettingsSchema,
  type LoadAlertSettings,
} from '@linedesk/shared';
import type { Db } from '../../db/client.js';
import { appSettingsRepository } from '../settings/app-settings.repository.js';

export const LOAD_ALERT_SETTINGS_KEY = 'load.alerts';

/** The stored thresholds over the defaults (a stored value missing a newer field keeps its default). */
export async function readLoadAlertSettings(db: Db): Promise<LoadAlertSettings> {
  const stored = await appSettingsRepository.get<Partial<LoadAlertSettings>>(db, LOAD_ALERT_SETTINGS_KEY, {});
  const merged = loadAlertSettingsSchema.safeParse({ ...DEFAULT_LOAD_ALERT_SETTINGS, ...stored });
  return merged.success ? merged.data : DEFAULT_LOAD_ALERT_SETTINGS;
}
