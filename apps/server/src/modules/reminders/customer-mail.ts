import { toDisplayDate, type Language } from '@linedesk/shared';
import { toLanguage, translate } from '../../i18n/server-texts.js';
import type { NewOutboxRow } from '../notifications/notifications.repository.js';
import { resellerCard } from '../portal/portal-mapper.js';
import type { DueCustomerLine } from './reminders.repository.js';

/** What a mail to a line's customer says before the portal and the reseller's contact. */
export type CustomerMailText = { subject: string; text: string };

/**
 * A mail to a line's customer (an expiry reminder, a win-back message) as an email row of the
 * outbox, in the customer's language: what `say` writes for the line (its expiry date given as
 * DD-MM-YYYY, as every language writes a line's expiry), the portal's address when the reseller lets
 * customers in, and how to reach the reseller. The row's recipient is the line's owner, so a mail
 * that cannot be delivered shows among the owner's failed deliveries.
 */
export function customerMailRow(
  line: DueCustomerLine,
  kind: string,
  publicUrl: string,
  say: (language: Language, params: { username: string; expiry: string }) => CustomerMailText,
): NewOutboxRow {
  const language = toLanguage(line.language);
  const said = say(language, { username: line.username, expiry: toDisplayDate(line.expiryDate) });
  const link = line.owner.portalEnabled ? `${publicUrl}/my` : '';
  const content = [
    said.text,
    link ? translate(language, 'customerReminder.portal', { link }) : null,
    translate(language, 'customerReminder.contact', { contact: resellerCard(line.owner).contact }),
  ]
    .filter((part) => part !== null)
    .join('\n\n');
  return {
    recipientId: line.ownerId,
    kind,
    channel: 'email',
    payload: {
      title: said.subject,
      content,
      link,
      data: { line_id: line.lineId, username: line.username, expiry_date: line.expiryDate },
      to: line.customerEmail,
    },
  };
}
