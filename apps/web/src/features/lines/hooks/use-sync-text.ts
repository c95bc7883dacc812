import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../lib/error-key';
import { parseSyncText, type SyncFailure } from '../lib/sync-text';

/** A delivery failure from the API (`sync`, `sync_error` with its code) in the reader's language. */
export function useSyncText() {
  const { t } = useTranslation();
  return useCallback(
    (failure: SyncFailure): string => {
      const parsed = parseSyncText(failure);
      if (parsed.code === null) return parsed.text;
      return t(errorKey(parsed.code), { reason: '', ...parsed.params });
    },
    [t],
  );
}
