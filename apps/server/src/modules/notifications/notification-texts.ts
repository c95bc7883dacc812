import type { Language, NotificationKind } from '@linedesk/shared';
import { translate } from '../../i18n/server-texts.js';
import { accountNoticeTexts } from './account-notice-texts.js';
import { creditNoticeTexts } from './credit-notice-texts.js';
import { lineNoticeTexts } from './line-notice-texts.js';
import type { Notice, NoticeKind, NoticeParams, NoticeText, NoticeWriters } from './notice-types.js';
import { serverNoticeTexts } from './server-notice-texts.js';

export { LISTED_LINES } from './line-notice-texts.js';
export { outageDuration } from './server-notice-texts.js';
export { type Notice, type NoticeKind, type NoticeParams, type NoticeText } from './notice-types.js';

/** Every kind's writer, one family a file; a kind without one does not compile. */
const writers: NoticeWriters = {
  ...lineNoticeTexts,
  ...serverNoticeTexts,
  ...creditNoticeTexts,
  ...accountNoticeTexts,
};

/** A notice's title, text and the panel page it is about, in the recipient's language. */
export function noticeText(language: Language, notice: Notice, publicUrl: string): NoticeText {
  const write = <K extends NoticeKind>(kind: K, params: NoticeParams[K]): NoticeText =>
    writers[kind](params, (key, values) => translate(language, key, values), publicUrl);
  return write(notice.kind, notice.params);
}

/** Kinds an account can switch; `test` always goes to every channel that can deliver. */
export function isSwitchable(kind: NoticeKind): kind is NotificationKind {
  return kind !== 'test';
}
