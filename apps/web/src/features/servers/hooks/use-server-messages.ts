import { serverProblemOf } from '@linedesk/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { isApiError } from '../../../lib/api-client';
import { parseServerMessage } from '../lib/server-messages';

/** A connection-test text from the API (result message, last_error), in the reader's language. */
export function useServerMessage() {
  const { t } = useTranslation();
  return useCallback(
    (text: string): string => {
      const message = parseServerMessage(text);
      switch (message.kind) {
        case 'ok':
          return t('servers.messages.ok');
        case 'connectionFailed':
          return t('servers.messages.connectionFailed', { reason: message.reason });
        case 'healthFailed':
          return t('servers.messages.healthFailed', { status: message.status });
        case 'authFailed':
          return t('servers.messages.authFailed', { status: message.status });
        case 'notResponding':
          return t('servers.messages.notResponding', { status: message.status });
        case 'configIncomplete':
          return t('servers.messages.configIncomplete', { fields: message.fields });
        case 'agentTaken':
          return t('servers.messages.agentTaken', { server: message.server });
        case 'agentChanged':
          return t('servers.messages.agentChanged');
        case 'other':
          return message.text;
      }
    },
    [t],
  );
}

/** A stored failure as a translated sentence, and the agent's raw words apart for a details place. */
export type ServerMessageParts = { text: string; detail: string | null };

/**
 * For places with one short line per server (the dashboard's to-do list): what went wrong as a
 * sentence in the reader's language (refused, timed out, unreachable, certificate, login…), without
 * the operating system's words ("connect ECONNREFUSED 10.0.0.5:3000"), which go to `detail` for a
 * collapsible details place.
 */
export function useServerMessageParts() {
  const { t } = useTranslation();
  return useCallback(
    (text: string): ServerMessageParts => {
      const problem = serverProblemOf(text);
      return { text: t(`servers.messages.problems.${problem.code}`), detail: problem.detail };
    },
    [t],
  );
}

function fieldsOf(details: unknown): string | null {
  if (typeof details !== 'object' || details === null) return null;
  const fields = (details as { fields?: unknown }).fields;
  return Array.isArray(fields) && fields.length > 0 ? fields.join(', ') : null;
}

/** Like useErrorMessage, keeping the field list the spec's texts carry ('Missing required fields: ...'). */
export function useServerErrorMessage() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  return useCallback(
    (error: unknown): string => {
      if (isApiError(error)) {
        const fields = fieldsOf(error.details);
        if (fields && error.code === 'MISSING_REQUIRED_FIELDS') {
          return t('servers.messages.missingFields', { fields });
        }
        if (fields && error.code === 'SERVER_CONFIG_INCOMPLETE') {
          return t('servers.messages.configIncomplete', { fields });
        }
      }
      return errorMessage(error);
    },
    [t, errorMessage],
  );
}
