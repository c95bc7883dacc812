import { translate } from '../../i18n/server-texts.js';
import type { NewOutboxRow } from '../notifications/notifications.repository.js';
import { customerMailRow } from '../reminders/customer-mail.js';
import type { WinBackLine } from './win-back.repository.js';

/** The outbox kind of a win-back mail (a customer's, not an account's notice: nobody switches it). */
export const WIN_BACK_KIND = 'customer_win_back';

/**
 * A win-back mail to the line's customer: the line is not being watched (or a trial not used yet),
 * the reseller helps to set it up, and until when it runs.
 */
export function winBackRow(line: WinBackLine, publicUrl: string): NewOutboxRow {
  return customerMailRow(line, WIN_BACK_KIND, publicUrl, (language, params) => ({
    subject: translate(language, 'winBack.subject', params),
    text: translate(language, line.isTrial ? 'winBack.trial' : 'winBack.content', params),
  }));
}
