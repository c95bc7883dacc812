import {
  defaultEndedLineSettings,
  endedLineActionSchema,
  endedLineDaysSchema,
  type EndedLineSettings,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/access.js';
import { appSettingsRepository } from '../settings/app-settings.repository.js';
import { updateSetting } from '../settings/app-settings.service.js';

const ENDED_KEY = 'lines.ended';

/**
 * The admin's "Lines that ended" setting (docs/resellers.md): off, archive or delete, after how many
 * days. A damaged value falls back field by field, the action to off.
 */
export async function endedLineSettings(db: Db): Promise<EndedLineSettings> {
  const stored = await appSettingsRepository.get<Partial<EndedLineSettings>>(db, ENDED_KEY, {});
  const action = endedLineActionSchema.safeParse(stored.ended_line_action);
  const days = endedLineDaysSchema.safeParse(stored.ended_line_days);
  return {
    ended_line_action: action.success ? action.data : defaultEndedLineSettings.ended_line_action,
    ended_line_days: days.success ? days.data : defaultEndedLineSettings.ended_line_days,
  };
}

/** An admin's change of either field (the route's access is admin-only), audited as one setting. */
export async function updateEndedLineSettings(
  ctx: AppContext,
  actor: Actor,
  change: Partial<EndedLineSettings>,
): Promise<void> {
  const defined = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
  if (Object.keys(defined).length === 0) return;
  await updateSetting(ctx, actor, ENDED_KEY, { ...(await endedLineSettings(ctx.db)), ...defined });
}
