import { TICKET_ATTACHMENT_MAX_BYTES, ticketAttachmentTypes } from '@linedesk/shared';
import { formatNumber } from '../../../lib/number-format';

export type AttachmentProblem = 'too-large' | 'wrong-type' | 'empty';

const allowed: ReadonlySet<string> = new Set(ticketAttachmentTypes);
const allowedExtensions = /\.(png|jpe?g|gif|webp|pdf)$/i;

/**
 * A first check in the browser so the user hears about a wrong file before uploading 5 MB; the server
 * checks the content again and has the last word.
 */
export function checkAttachment(file: Pick<File, 'name' | 'size' | 'type'>): AttachmentProblem | null {
  if (file.size === 0) return 'empty';
  if (file.size > TICKET_ATTACHMENT_MAX_BYTES) return 'too-large';
  // Some systems report no type for a file; the name is the only hint then.
  if (file.type ? !allowed.has(file.type) : !allowedExtensions.test(file.name)) return 'wrong-type';
  return null;
}

export function isImageAttachment(contentType: string): boolean {
  return contentType.startsWith('image/');
}

/** "1.2 MB", "340 KB", "12 B" in the user's number format. */
export function formatFileSize(bytes: number, locale = 'en'): string {
  const format = (value: number, digits: number) =>
    formatNumber(value, locale, { maximumFractionDigits: digits });
  if (bytes >= 1024 * 1024) return `${format(bytes / (1024 * 1024), 1)} MB`;
  if (bytes >= 1024) return `${format(bytes / 1024, 0)} KB`;
  return `${format(bytes, 0)} B`;
}
