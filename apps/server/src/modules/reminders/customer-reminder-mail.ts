import { translate } from '../../i18n/server-texts.js';
import type { NewOutboxRow } from '../notifications/notifications.repository.js';
import { customerMailRow } from './customer-mail.js';
import type { DueCustomerLine } from './reminders.repository.js';

/** The outbox kind of a customer's own expiry reminder (not an account's notice: nobody switches it). */
export const CUSTOMER_REMINDER_KIND = 'customer_expiry_reminder';

/** A customer's expiry reminder: the line and its expiry date, and whom to ask to renew it. */
export function customerReminderRow(line: DueCustomerLine, publicUrl: string): NewOutboxRow {
  return customerMailRow(line, CUSTOMER_REMINDER_KIND, publicUrl, (language, params) => ({
    subject: translate(language, 'customerReminder.subject', params),
    text: translate(language, 'customerReminder.content', params),
  }));
}
