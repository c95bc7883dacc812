import type { Language, SharingSettings } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { translate } from '../../i18n/server-texts.js';
import { suspendLineForSharing } from '../lines/line-update.service.js';
import { recipientLanguages } from '../locale/account-language.service.js';
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

function alertText(
  language: Language,
  episode: SharingEpisode,
  settings: SharingSettings,
  suspended: boolean,
) {
  const username = episode.username;
  const seen =
    episode.currentIps.length >= 2
      ? translate(language, 'sharing.atOnce', {
          username,
          count: episode.currentIps.length,
          ips: episode.currentIps.join(', '),
        })
      : translate(language, 'sharing.inWindow', {
          username,
          count: episode.ipsInWindow,
          minutes: settings.window_minutes,
        });
  return {
    title: translate(language, 'sharing.title', { username }),
    content: `${seen} ${translate(language, suspended ? 'sharing.suspended' : 'sharing.check')}`,
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
    const recipients = [...new Set([...(episode.ownerId ? [episode.ownerId] : []), ...admins])];
    const languageOf = await recipientLanguages(ctx.db, recipients);
    const sent = await ctx.db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      const ids: { id: number; recipientId: string }[] = [];
      for (const recipientId of recipients) {
        ids.push({
          id: await insertDirectMessage(tx, {
            recipientId,
            ...alertText(languageOf(recipientId), episode, settings, suspended),
            createdBy: null,
          }),
          recipientId,
        });
      }
      return ids;
    });
    for (const message of sent) await announceDirectMessage(ctx.bus, message.id, message.recipientId);
    ctx.log.warn({ lineId: episode.lineId, ips: episode.currentIps, suspended }, 'Possible line sharing');
  }
}
