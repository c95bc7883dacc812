import type { Language } from '@linedesk/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { chosenLanguage } from '../../../i18n/i18n';
import { useAppLanguage } from '../../../i18n/use-app-language';
import { messageKeys } from '../../messages/api/messages-api';
import { authApi } from '../api/auth-api';

const sentKey = (accountId: string) => `app-language-sent:${accountId}`;

function readSent(accountId: string): string | null {
  try {
    return window.localStorage.getItem(sentKey(accountId));
  } catch {
    return null;
  }
}

function rememberSent(accountId: string, language: string) {
  try {
    window.localStorage.setItem(sentKey(accountId), language);
  } catch {
    // Private mode: the language is sent again on the next visit, which is harmless.
  }
}

/**
 * The server writes this account's messages and mails in the language the reader sees the panel in:
 * whenever the shown language changes (the switcher, or a choice made before signing in), it is sent
 * once per account and browser, not on every page load. A browser that has no language chosen yet
 * (a new phone, a cleared browser) takes the account's chosen one instead of sending its own guess
 * over it: the account's choice was made somewhere, the browser's language was only detected. An
 * account that never chose one (`language` null) leaves the browser its own language, which is sent
 * as not chosen: the account's texts take it, no other browser follows it.
 */
export function useLanguageOnServer(account: { id: string; language: Language | null }) {
  const { language, setLanguage } = useAppLanguage();
  const accountId = account.id;
  const queryClient = useQueryClient();
  useEffect(() => {
    const chosen = chosenLanguage();
    if (chosen === null && account.language !== null) {
      if (account.language === language) return;
      // Taken as this browser's choice (remembered), so this happens once.
      rememberSent(accountId, account.language);
      void setLanguage(account.language);
      return;
    }
    // A language chosen here whose texts are still loading: it is sent once it shows.
    if (chosen !== null && chosen !== language) return;
    // Remembered apart: a language detected and sent, then chosen here, is sent again as a choice.
    const sent = chosen === null ? `detected:${language}` : language;
    if (readSent(accountId) === sent) return;
    let current = true;
    authApi
      .setLanguage(language, chosen !== null)
      .then(({ changed }) => {
        if (current) rememberSent(accountId, sent);
        // The panel's messages are written in the language the server has for the reader: read them
        // again when it changed (this page may have opened its event stream after the server's event
        // went out; the event does the same for the account's other tabs).
        if (changed) void queryClient.invalidateQueries({ queryKey: messageKeys.all });
      })
      // Not sent now, sent on the next page load: messages meanwhile stay in the language stored before.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [accountId, account.language, language, setLanguage, queryClient]);
}
