import type { SharingSettings } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { suspendLineForSharing } from '../lines/line-update.service.js';
import { announceDirectMessage, insertDirectMessage } from '../messages/message-sender.js';
import { lineConnectionsRepository } from './line-connections.repository.js';

/** A line that has just started to look shared (one per episode). */
export type SharingEpisode = {
  lineId: number;
  username: string;
  ownerId: string | null;
  enabled: boolean;
  currentIps: string[];
  ipsInWindow: number;
};

function alertText(episode: SharingEpisode, settings: SharingSettings, suspended: boolean) {
  const seen =
    episode.currentIps.length >= 2
      ? `was connected from ${episode.currentIps.length} IP addresses at the same time (${episode.currentIps.join(', ')})`
      : `used ${episode.ipsInWindow} IP addresses within ${settings.window_minutes} minutes`;
  return {
    title: `Possible line sharing: ${episode.username}`,
    content:
      `The line ${episode.username} ${seen}. It may be shared with other people.` +
      (suspended
        ? ' It was suspended automatically; enable it again once it is sorted out.'
        : ' Check its connections and IP history on the line page.'),
  };
}

/**
 * Tells the line's owner and every admin (a message and the bell), after suspending the line first
 * when the settings ask for it, so the message can say so.
 */
export async function raiseSharingAlerts(
  ctx: AppContext,
  episodes: SharingEpisode[],
  settings: SharingSettings,
): Promise<void> {
  const admins = await lineConnectionsRepository.adminIds(ctx.db);
  for (const episode of episodes) {
    let suspended = false;
    if (settings.auto_suspend && episode.enabled) {
      suspended = await suspendLineForSharing(ctx, episode.lineId).catch((error: unknown) => {
        ctx.log.error({ err: error, lineId: episode.lineId }, 'Automatic suspension failed');
        return false;
      });
    }
    const { title, content } = alertText(episode, settings, suspended);
    const recipients = [...new Set([...(episode.ownerId ? [episode.ownerId] : []), ...admins])];
    const sent = await ctx.db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      const ids: { id: number; recipientId: string }[] = [];
      for (const recipientId of recipients) {
        ids.push({
          id: await insertDirectMessage(tx, { recipientId, title, content, createdBy: null }),
          recipientId,
        });
      }
      return ids;
    });
    for (const message of sent) await announceDirectMessage(ctx.bus, message.id, message.recipientId);
    ctx.log.warn({ lineId: episode.lineId, ips: episode.currentIps, suspended }, 'Possible line sharing');
  }
}
