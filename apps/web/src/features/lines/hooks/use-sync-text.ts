import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../lib/error-key';
import { parseSyncText } from '../lib/sync-text';

/** A delivery failure text from the API (`sync.message`, `sync_error`) in the reader's language. */
export function useSyncText() {
  const { t } = useTranslation();
  return useCallback(
    (text: string): string => {
      const parsed = parseSyncText(text);
      if (parsed.code === null) return parsed.text;
      return t(errorKey(parsed.code), { reason: parsed.reason ?? '' });
    },
    [t],
  );
}
