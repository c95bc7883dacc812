/** The bell shows the start of each message, enough to recognise it: 60 characters plus an ellipsis. */
export const MESSAGE_PREVIEW_LENGTH = 60;
/** Notification and unread badges cap at 99 ('99+'), so a badge never outgrows its place. */
export const UNREAD_BADGE_CAP = 99;

/** The content cut to `length` characters (not UTF-16 units, so emoji are never split), '…' only when cut. */
export function messagePreview(content: string, length = MESSAGE_PREVIEW_LENGTH): string {
  const chars = Array.from(content);
  return chars.length > length ? `${chars.slice(0, length).join('')}…` : content;
}
