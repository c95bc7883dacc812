import { DEFAULT_TOPUP_SETTINGS, type TopUpSettings } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { access, type Actor } from '../../platform/access.js';
import { appSettingsRepository } from '../settings/app-settings.repository.js';
import { updateSetting } from '../settings/app-settings.service.js';

const TOPUP_SETTINGS_KEY = 'topup_settings';

/** The stored settings over the defaults, so a setting added later has its default until changed. */
export async function readTopUpSettings(db: Db): Promise<TopUpSettings> {
  const stored = await appSettingsRepository.get<Partial<TopUpSettings>>(db, TOPUP_SETTINGS_KEY, {});
  return { ...DEFAULT_TOPUP_SETTINGS, ...stored };
}

export async function getTopUpSettings(ctx: AppContext, actor: Actor): Promise<TopUpSettings> {
  access.admin(actor);
  return readTopUpSettings(ctx.db);
}

export async function updateTopUpSettings(
  ctx: AppContext,
  actor: Actor,
  body: TopUpSettings,
): Promise<TopUpSettings> {
  const admin = access.admin(actor);
  const next = { ...(await readTopUpSettings(ctx.db)), ...body };
  await updateSetting(ctx, admin, TOPUP_SETTINGS_KEY, next);
  await ctx.bus.publish({ table: 'app_settings', action: 'update', id: TOPUP_SETTINGS_KEY, audience: [] });
  return next;
}
