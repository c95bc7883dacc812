import { buyerTerms, trialsPerDay } from '../reseller-terms/buyer-terms.js';
import {
  DEFAULT_TRIAL_DAYS,
  DEFAULT_TRIAL_LINES_PER_DAY,
  type LineSettings,
  type LineSettingsBody,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { access, type Actor } from '../../platform/access.js';
import { appSettingsRepository } from '../settings/app-settings.repository.js';
import { updateSetting } from '../settings/app-settings.service.js';
import { lineOutboxRepository } from '../line-sync/line-outbox.repository.js';
import { today } from './line-scope.js';
import { BUSINESS_TIME_ZONE_KEY, businessTimeZone, useBusinessTimeZone } from './business-clock.js';
import { lineCreateRepository } from './line-create.repository.js';
import { freezeSettings, updateFreezeSettings } from './line-freeze-settings.js';
import { endedLineSettings, updateEndedLineSettings } from './line-ended-settings.js';

const TRIAL_DAYS_KEY = 'lines.trial_days';
const TRIAL_LIMIT_KEY = 'lines.trial_lines_per_day';

export async function trialLinesPerDay(ctx: AppContext): Promise<number> {
  const value = await appSettingsRepository.get<number>(ctx.db, TRIAL_LIMIT_KEY, DEFAULT_TRIAL_LINES_PER_DAY);
  return Number.isInteger(value) && value >= 0 ? value : DEFAULT_TRIAL_LINES_PER_DAY;
}

export async function trialDays(ctx: AppContext): Promise<number> {
  const value = await appSettingsRepository.get<number>(ctx.db, TRIAL_DAYS_KEY, DEFAULT_TRIAL_DAYS);
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_TRIAL_DAYS;
}

export async function getLineSettings(ctx: AppContext, actor: Actor): Promise<LineSettings> {
  const me = access.lines(actor).actor;
  return lineSettingsFor(ctx, me);
}

async function lineSettingsFor(ctx: AppContext, me: { id: string; isAdmin: boolean }): Promise<LineSettings> {
  const perDay = await trialLinesPerDay(ctx);
  // What is left is counted against the account's own daily number when it has one.
  const left = me.isAdmin
    ? null
    : Math.max(
        0,
        trialsPerDay(await buyerTerms(ctx.db, me), perDay) -
          (await lineCreateRepository.trialsUsed(ctx.db, me.id, today())),
      );
  return {
    trial_days: await trialDays(ctx),
    trial_lines_per_day: perDay,
    trial_lines_left_today: left,
    business_time_zone: businessTimeZone(),
    ...(await freezeSettings(ctx.db)),
    ...(await endedLineSettings(ctx.db)),
  };
}

export async function updateLineSettings(
  ctx: AppContext,
  actor: Actor,
  body: LineSettingsBody,
): Promise<LineSettings> {
  if (body.trial_days !== undefined) {
    await updateSetting(ctx, actor, TRIAL_DAYS_KEY, body.trial_days);
  }
  if (body.trial_lines_per_day !== undefined) {
    await updateSetting(ctx, actor, TRIAL_LIMIT_KEY, body.trial_lines_per_day);
  }
  await updateFreezeSettings(ctx, actor, {
    freezes_per_year: body.freezes_per_year,
    freeze_max_days: body.freeze_max_days,
  });
  await updateEndedLineSettings(ctx, actor, {
    ended_line_action: body.ended_line_action,
    ended_line_days: body.ended_line_days,
  });
  await ctx.bus.publish({ table: 'app_settings', action: 'update', id: TRIAL_DAYS_KEY, audience: 'all' });
  if (body.business_time_zone !== undefined && body.business_time_zone !== businessTimeZone()) {
    await setBusinessTimeZone(ctx, actor, body.business_time_zone);
  }
  return lineSettingsFor(ctx, actor);
}

/**
 * A new business time zone moves the instant every line ends, so every line on a server is queued
 * for its agent again (as a plan's new restrictions are), with the instant in the new zone.
 */
async function setBusinessTimeZone(ctx: AppContext, actor: Actor, zone: string): Promise<void> {
  await updateSetting(ctx, actor, BUSINESS_TIME_ZONE_KEY, zone);
  useBusinessTimeZone(zone);
  await ctx.bus.publish({
    table: 'app_settings',
    action: 'update',
    id: BUSINESS_TIME_ZONE_KEY,
    audience: 'all',
  });
  await ctx.db.transaction((tx) => lineOutboxRepository.enqueueEveryLine(tx));
}
