import { DEFAULT_SIGN_UP_SETTINGS, type SignUpSettings } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { access, type Actor } from '../../platform/access.js';
import { appSettingsRepository } from '../settings/app-settings.repository.js';
import { updateSetting } from '../settings/app-settings.service.js';

const SIGN_UP_SETTINGS_KEY = 'sign_up_settings';

/** The stored choice over the default (open, as a fresh panel has always been). */
export async function readSignUpSettings(db: Db): Promise<SignUpSettings> {
  const stored = await appSettingsRepository.get<Partial<SignUpSettings>>(db, SIGN_UP_SETTINGS_KEY, {});
  return { ...DEFAULT_SIGN_UP_SETTINGS, ...stored };
}

/**
 * Whether an admin has answered the setup guide's question (open or closed): a fresh panel is open
 * only because nobody chose yet, and the guide asks until someone does.
 */
export async function signUpChosen(db: Db): Promise<boolean> {
  return (await appSettingsRepository.get<unknown>(db, SIGN_UP_SETTINGS_KEY, undefined)) !== undefined;
}

/** Anyone may ask: the sign-in page shows its sign-up link only while sign-up is open. */
export function getSignUpSettings(ctx: AppContext): Promise<SignUpSettings> {
  return readSignUpSettings(ctx.db);
}

export async function updateSignUpSettings(
  ctx: AppContext,
  actor: Actor,
  body: SignUpSettings,
): Promise<SignUpSettings> {
  const admin = access.admin(actor);
  const next = { ...(await readSignUpSettings(ctx.db)), ...body };
  await updateSetting(ctx, admin, SIGN_UP_SETTINGS_KEY, next);
  await ctx.bus.publish({ table: 'app_settings', action: 'update', id: SIGN_UP_SETTINGS_KEY, audience: [] });
  return next;
}
