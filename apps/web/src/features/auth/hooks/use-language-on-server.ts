import { useEffect } from 'react';
import { useAppLanguage } from '../../../i18n/use-app-language';
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
 * once per account and browser, not on every page load.
 */
export function useLanguageOnServer(accountId: string) {
  const { language } = useAppLanguage();
  useEffect(() => {
    if (readSent(accountId) === language) return;
    let current = true;
    authApi
      .setLanguage(language)
      .then(() => {
        if (current) rememberSent(accountId, language);
      })
      // Not sent now, sent on the next page load: messages meanwhile stay in the language stored before.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [accountId, language]);
}
