import { errorMessages, type ErrorCode } from '@linedesk/shared';

export type LineErrorCode = Extract<ErrorCode, `LINE_${string}`>;
export type ParsedSyncText = { code: LineErrorCode; reason?: string } | { code: null; text: string };

const templates = Object.entries(errorMessages).filter(([code]) => code.startsWith('LINE_')) as [
  LineErrorCode,
  string,
][];

/**
 * The API reports a failed delivery as the spec's English text (`sync.message`, `sync_error`), with the
 * agent's reason filled in. Matching it back to its code lets the reader see it in their language;
 * an agent's own message (which has no template) is shown as it came.
 */
export function parseSyncText(text: string): ParsedSyncText {
  for (const [code, template] of templates) {
    if (text === template) return { code };
    const marker = template.indexOf('{{reason}}');
    if (marker > 0 && text.startsWith(template.slice(0, marker))) {
      return { code, reason: text.slice(marker) };
    }
  }
  return { code: null, text };
}
