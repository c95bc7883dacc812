import { errorCodes, formatErrorMessage, type ErrorCode, type ErrorParams } from '@linedesk/shared';

/** A delivery failure as the API reports it: its English text, with its code and parameters when known. */
export type SyncFailure = { text: string; code?: string | null; params?: ErrorParams | null };
export type ParsedSyncText = { code: ErrorCode; params: ErrorParams } | { code: null; text: string };

const known = new Set<string>(errorCodes);

/**
 * Which translation a failure is shown with: its code and parameters when the text is that code's
 * own (the server's own message for a refused change has the code too, but only its words say what
 * went wrong, so it is shown as it came); the raw text when there is no code (older history entries).
 */
export function parseSyncText({ text, code, params }: SyncFailure): ParsedSyncText {
  if (!code || !known.has(code)) return { code: null, text };
  const errorCode = code as ErrorCode;
  const values = params ?? {};
  if (formatErrorMessage(errorCode, values) !== text) return { code: null, text };
  return { code: errorCode, params: values };
}
