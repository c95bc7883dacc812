import { twoFactorRequiredFor, type SecuritySettings, type SecuritySettingsBody } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { access, type Actor } from '../../platform/access.js';
import { appSettingsRepository } from '../settings/app-settings.repository.js';

const SETTINGS_KEY = 'security';
const DEFAULTS: SecuritySettings = { require_two_factor_admins: false, require_two_factor_resellers: false };

/**
 * Read on every signed-in request (the two-factor requirement), so each instance keeps the value and
 * drops it when any instance publishes `security_settings_changed` (or its LISTEN restarts).
 */
const cached = new WeakMap<AppContext, Promise<SecuritySettings>>();
const watching = new WeakSet<AppContext>();

export function securitySettings(ctx: AppContext): Promise<SecuritySettings> {
  if (!watching.has(ctx)) {
    watching.add(ctx);
    ctx.bus.watchInternal((event) => {
      if (event.type !== 'callers_changed') cached.delete(ctx);
    });
  }
  let pending = cached.get(ctx);
  if (!pending || !ctx.bus.healthy()) {
    pending = appSettingsRepository
      .get<Partial<SecuritySettings>>(ctx.db, SETTINGS_KEY, {})
      .then((stored) => ({ ...DEFAULTS, ...stored }));
    pending.catch(() => cached.delete(ctx));
    cached.set(ctx, pending);
  }
  return pending;
}

export function getSecuritySettings(ctx: AppContext): Promise<SecuritySettings> {
  return securitySettings(ctx);
}

export async function updateSecuritySettings(
  ctx: AppContext,
  actor: Actor,
  body: SecuritySettingsBody,
): Promise<SecuritySettings> {
  // The route lets only browser sessions in (a leaked key must not lift the requirement); of those, admins.
  access.admin(actor);
  const next = { ...(await securitySettings(ctx)), ...body };
  await appSettingsRepository.set(ctx.db, SETTINGS_KEY, next);
  cached.delete(ctx);
  await ctx.bus.publishInternal({ type: 'security_settings_changed' });
  return next;
}

/** The account must turn two-factor sign-in on (by the admin's setting) and has not yet. */
export async function twoFactorSetupRequired(
  ctx: AppContext,
  account: { isAdmin: boolean; groupId: number; twoFactorEnabled?: boolean },
): Promise<boolean> {
  if (account.twoFactorEnabled) return false;
  return twoFactorRequiredFor(account, await securitySettings(ctx));
}
