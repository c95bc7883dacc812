import { DEFAULT_ECM_SETTINGS, ecmSettingsSchema, type EcmSettings } from '@linedesk/shared';
import type { Db } from '../../db/client.js';
import { appSettingsRepository } from '../settings/app-settings.repository.js';

export const ECM_SETTINGS_KEY = 'ecm.retention';

/** The stored retention over the defaults (a stored value missing a newer field keeps its default). */
export async function readEcmSettings(db: Db): Promise<EcmSettings> {
  const stored = await appSettingsRepository.get<Partial<EcmSettings>>(db, ECM_SETTINGS_KEY, {});
  const merged = ecmSettingsSchema.safeParse({ ...DEFAULT_ECM_SETTINGS, ...stored });
  return merged.success ? merged.data : DEFAULT_ECM_SETTINGS;
}
