import { toDisplayDate } from '@linedesk/shared';
import { toLanguage, translate } from '../../i18n/server-texts.js';
import type { NewOutboxRow } from '../notifications/notifications.repository.js';
import { resellerCard } from '../portal/portal-mapper.js';
import type { DueCustomerLine } from './reminders.repository.js';

/** The outbox kind of a customer's own expiry reminder (not an account's notice: nobody switches it). */
export const CUSTOMER_REMINDER_KIND = 'customer_expiry_reminder';

/**
 * A customer's expiry reminder as an email row of the outbox, in the customer's language: the line,
 * its expiry date (DD-MM-YYYY, as every language writes a line's expiry), the portal's address when
 * the reseller lets customers in, and how to reach the reseller. The row's recipient is the line's
 * owner, so a mail that cannot be delivered shows among the owner's failed deliveries.
 */
export function customerReminderRow(line: DueCustomerLine, publicUrl: string): NewOutboxRow {
  const language = toLanguage(line.language);
  const expiry = toDisplayDate(line.expiryDate);
  const link = line.owner.portalEnabled ? `${publicUrl}/my` : '';
  const content = [
    translate(language, 'customerReminder.content', { username: line.username, expiry }),
    link ? translate(language, 'customerReminder.portal', { link }) : null,
    translate(language, 'customerReminder.contact', { contact: resellerCard(line.owner).contact }),
  ]
    .filter((part) => part !== null)
    .join('\n\n');
  return {
    recipientId: line.ownerId,
    kind: CUSTOMER_REMINDER_KIND,
    channel: 'email',
    payload: {
      title: translate(language, 'customerReminder.subject', { username: line.username, expiry }),
      content,
      link,
      data: { line_id: line.lineId, username: line.username, expiry_date: line.expiryDate },
      to: line.customerEmail,
    },
  };
}
