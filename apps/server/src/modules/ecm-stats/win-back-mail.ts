import { toDisplayDate } from '@linedesk/shared';
import { toLanguage, translate } from '../../i18n/server-texts.js';
import type { NewOutboxRow } from '../notifications/notifications.repository.js';
import { resellerCard } from '../portal/portal-mapper.js';
import type { WinBackLine } from './win-back.repository.js';

/** The outbox kind of a win-back mail (a customer's, not an account's notice: nobody switches it). */
export const WIN_BACK_KIND = 'customer_win_back';

/**
 * A win-back mail as an email row of the outbox, in the customer's language: the line is not being
 * watched (or a trial not used), the reseller helps, until when it runs, the portal when the reseller
 * lets customers in, and how to reach the reseller. The row's recipient is the line's owner, as for
 * the customer's expiry reminder, so a mail that cannot be delivered shows among the owner's failures.
 */
export function winBackRow(line: WinBackLine, publicUrl: string): NewOutboxRow {
  const language = toLanguage(line.language);
  const params = { username: line.username, expiry: toDisplayDate(line.expiryDate) };
  const link = line.owner.portalEnabled ? `${publicUrl}/my` : '';
  const content = [
    translate(language, line.isTrial ? 'winBack.trial' : 'winBack.content', params),
    link ? translate(language, 'customerReminder.portal', { link }) : null,
    translate(language, 'customerReminder.contact', { contact: resellerCard(line.owner).contact }),
  ]
    .filter((part) => part !== null)
    .join('\n\n');
  return {
    recipientId: line.ownerId,
    kind: WIN_BACK_KIND,
    channel: 'email',
    payload: {
      title: translate(language, 'winBack.subject', params),
      content,
      link,
      data: { line_id: line.lineId, username: line.username, expiry_date: line.expiryDate },
      to: line.customerEmail,
    },
  };
}
