import {
  defaultFreezeSettings,
  freezeMaxDaysSchema,
  freezesPerYearSchema,
  type FreezeSettings,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/access.js';
import { appSettingsRepository } from '../settings/app-settings.repository.js';
import { updateSetting } from '../settings/app-settings.service.js';

const FREEZE_KEY = 'lines.freeze';

/** The admin's freeze limits (docs/resellers.md, "Freezing a line"); a damaged value falls back field by field. */
export async function freezeSettings(db: Db): Promise<FreezeSettings> {
  const stored = await appSettingsRepository.get<Partial<FreezeSettings>>(db, FREEZE_KEY, {});
  const pick = <T>(
    schema: { safeParse: (v: unknown) => { success: boolean; data?: T } },
    value: unknown,
    fallback: T,
  ) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? (parsed.data as T) : fallback;
  };
  return {
    freezes_per_year: pick(
      freezesPerYearSchema,
      stored.freezes_per_year,
      defaultFreezeSettings.freezes_per_year,
    ),
    freeze_max_days: pick(freezeMaxDaysSchema, stored.freeze_max_days, defaultFreezeSettings.freeze_max_days),
  };
}

/** An admin's change of some of them (the route's access is admin-only), audited as one setting. */
export async function updateFreezeSettings(
  ctx: AppContext,
  actor: Actor,
  change: Partial<FreezeSettings>,
): Promise<void> {
  const defined = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
  if (Object.keys(defined).length === 0) return;
  await updateSetting(ctx, actor, FREEZE_KEY, { ...(await freezeSettings(ctx.db)), ...defined });
}
