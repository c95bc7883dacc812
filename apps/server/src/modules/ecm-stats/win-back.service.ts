import { toDisplayDate, WIN_BACK_COOLDOWN_DAYS, type WinBackResult } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { access, type Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { lineHistoryRepository } from '../lines/line-history.repository.js';
import { inTransaction } from '../lines/line-scope.js';
import { lockLineInTree } from '../lines/line-tree.js';
import { notificationsRepository } from '../notifications/notifications.repository.js';
import { winBackRow } from './win-back-mail.js';
import { WIN_BACK_ACTION, winBackRepository } from './win-back.repository.js';

const DAY_MS = 86_400_000;

/**
 * The churn radar's one click: mails the line's customer, in their language, that their line is not
 * being watched and their reseller can help. The owner, anyone above them and admins may; once a week
 * per line, counted under the line's lock so two clicks at once send one mail. The mail is an outbox
 * row written with the line's history entry, and delivered (with retries) after the commit.
 */
export async function sendWinBack(ctx: AppContext, actor: Actor, id: number): Promise<WinBackResult> {
  const me = access.lines(actor).actor;
  return inTransaction(ctx, async (tx) => {
    const line = await lockLineInTree(tx, me, id);
    const mail = await winBackRepository.mailOf(tx, id);
    if (!mail) throw new AppError('LINE_NO_CUSTOMER_EMAIL');
    const now = new Date();
    const last = await winBackRepository.lastSent(tx, id);
    if (last && now.getTime() - last.getTime() < WIN_BACK_COOLDOWN_DAYS * DAY_MS) {
      throw new AppError('LINE_WIN_BACK_TOO_SOON', {
        params: { sent: toDisplayDate(last.toISOString().slice(0, 10)), days: WIN_BACK_COOLDOWN_DAYS },
      });
    }
    await notificationsRepository.insert(tx, [winBackRow(mail, ctx.config.publicUrl)], false);
    await lineHistoryRepository.insert(tx, {
      lineId: id,
      ownerId: line.ownerId,
      actorId: me.id,
      action: WIN_BACK_ACTION,
      details: { email: mail.customerEmail },
    });
    return { sent_to: mail.customerEmail, sent_at: now.toISOString() };
  });
}
