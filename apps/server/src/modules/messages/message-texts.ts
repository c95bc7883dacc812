import type { Language } from '@linedesk/shared';
import { translate } from '../../i18n/server-texts.js';
import { noticeText, type Notice } from '../notifications/notification-texts.js';

/**
 * A message the panel writes, as a code and its values. Notices (`notify()`) are one kind each; the
 * others are messages the panel writes outside the notices. The message row keeps the code and the
 * values, and every read writes the title and content from them in the reader's language.
 */
export type PanelText = Notice | { kind: 'sign_in_guessed'; params: { failures: number; minutes: number } };

export type MessageText = { title: string; content: string };

function panelText(language: Language, text: PanelText, publicUrl: string): MessageText {
  switch (text.kind) {
    case 'sign_in_guessed':
      return {
        title: translate(language, 'signIn.guessedTitle'),
        content: translate(language, 'signIn.guessedContent', text.params),
      };
    default:
      return noticeText(language, text, publicUrl);
  }
}

/**
 * The title and content of a stored panel message in `language`; undefined for a message without a
 * code (written by a person, or stored before the codes) or whose values no longer fit its code, which
 * then shows what was stored.
 */
export function storedPanelText(
  language: Language,
  code: string | null,
  params: unknown,
  publicUrl: string,
): MessageText | undefined {
  if (code === null || typeof params !== 'object' || params === null) return undefined;
  try {
    const text = panelText(language, { kind: code, params } as PanelText, publicUrl);
    // An unknown code matches no case of the switch and writes nothing.
    return text && typeof text.title === 'string' ? text : undefined;
  } catch {
    // Values of an older shape (a field renamed since): the stored text is the best there is.
    return undefined;
  }
}
