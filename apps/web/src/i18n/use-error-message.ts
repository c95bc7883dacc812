import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api-client';

/** `{{name}}` values of a parameterised error text (the server sends them in `details.params`). */
function errorParams(details: unknown): Record<string, string | number> {
  if (!details || typeof details !== 'object') return {};
  const params = (details as { params?: unknown }).params;
  return params && typeof params === 'object' ? (params as Record<string, string | number>) : {};
}

/** The translated text for `errors.<CODE>`, else the server's English message. */
export function useErrorMessage() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (error: unknown): string => {
      if (isApiError(error)) {
        const key = `errors.${error.code}`;
        if (i18n.exists(key)) return t(key as 'errors.INTERNAL', errorParams(error.details));
        return error.message || t('errors.INTERNAL');
      }
      return t('errors.INTERNAL');
    },
    [t, i18n],
  );
}

/** For zod messages, which the shared schemas set to error codes. */
export function useValidationMessage() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (message: string | undefined): string | undefined => {
      if (!message) return undefined;
      for (const key of [`errors.${message}`, `validation.${message}`]) {
        if (i18n.exists(key)) return t(key as 'errors.INTERNAL');
      }
      return message;
    },
    [t, i18n],
  );
}
