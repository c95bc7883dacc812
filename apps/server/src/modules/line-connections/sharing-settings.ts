import { DEFAULT_SHARING_SETTINGS, sharingSettingsSchema, type SharingSettings } from '@linedesk/shared';
import type { Db } from '../../db/client.js';
import { appSettingsRepository } from '../settings/app-settings.repository.js';

export const SHARING_SETTINGS_KEY = 'lines.sharing_detection';

/** The stored settings over the defaults (a stored value missing a newer field keeps its default). */
export async function readSharingSettings(db: Db): Promise<SharingSettings> {
  const stored = await appSettingsRepository.get<Partial<SharingSettings>>(db, SHARING_SETTINGS_KEY, {});
  const merged = sharingSettingsSchema.safeParse({ ...DEFAULT_SHARING_SETTINGS, ...stored });
  return merged.success ? merged.data : DEFAULT_SHARING_SETTINGS;
}

/** Whether a line's current and recent addresses make it look shared. */
export function looksShared(settings: SharingSettings, currentIps: number, ipsInWindow: number): boolean {
  if (settings.detect_simultaneous && currentIps >= 2) return true;
  return settings.max_ips_in_window > 0 && ipsInWindow > settings.max_ips_in_window;
}
