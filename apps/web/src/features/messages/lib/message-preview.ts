/** Spec sections 2 and 9: the bell shows the content cut to 60 characters plus an ellipsis. */
export const MESSAGE_PREVIEW_LENGTH = 60;
/** Spec section 9: notification and unread badges cap at 99 ('99+'). */
export const UNREAD_BADGE_CAP = 99;

/** The content cut to `length` characters (not UTF-16 units, so emoji are never split), '…' only when cut. */
export function messagePreview(content: string, length = MESSAGE_PREVIEW_LENGTH): string {
  const chars = Array.from(content);
  return chars.length > length ? `${chars.slice(0, length).join('')}…` : content;
}
