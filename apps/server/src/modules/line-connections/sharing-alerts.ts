import type { SharingSettings } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { suspendLineForSharing } from '../lines/line-update.service.js';
import { announceNotices, notifyAdmins } from '../notifications/notify.js';

/** A line that has just started to look shared (one per episode). */
export type SharingEpisode = {
  lineId: number;
  username: string;
  ownerId: string | null;
  enabled: boolean;
  currentIps: string[];
  ipsInWindow: number;
};

/**
 * Tells the line's owner and every admin (on the channels each chose), after suspending the line first
 * when the settings ask for it, so the message can say so.
 */
export async function raiseSharingAlerts(
  ctx: AppContext,
  episodes: SharingEpisode[],
  settings: SharingSettings,
): Promise<void> {
  for (const episode of episodes) {
    let suspended = false;
    if (settings.auto_suspend && episode.enabled) {
      suspended = await suspendLineForSharing(ctx, episode.lineId).catch((error: unknown) => {
        ctx.log.error({ err: error, lineId: episode.lineId }, 'Automatic suspension failed');
        return false;
      });
    }
    const notified = await ctx.db.transaction((raw) =>
      notifyAdmins(
        ctx,
        raw,
        {
          kind: 'sharing_detected',
          params: {
            line_id: episode.lineId,
            username: episode.username,
            ips: episode.currentIps,
            ips_in_window: episode.ipsInWindow,
            window_minutes: settings.window_minutes,
            suspended,
          },
        },
        episode.ownerId ? [episode.ownerId] : [],
      ),
    );
    await announceNotices(ctx, notified);
    ctx.log.warn({ lineId: episode.lineId, ips: episode.currentIps, suspended }, 'Possible line sharing');
  }
}
