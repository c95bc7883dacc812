/** Links for the contact handles an admin types in, or null when the text cannot be linked safely. */
export function telegramLink(handle: string): string | null {
  const text = handle.trim();
  const url = text.match(/^(?:https?:\/\/)?(?:t\.me|telegram\.me)\/([A-Za-z0-9_]{4,64})\/?$/);
  if (url) return `https://t.me/${url[1]}`;
  const name = text.match(/^@?([A-Za-z0-9_]{4,64})$/);
  return name ? `https://t.me/${name[1]}` : null;
}

export function whatsappLink(number: string): string | null {
  const text = number.trim();
  const url = text.match(/^(?:https?:\/\/)?wa\.me\/(\d{6,15})\/?$/);
  if (url) return `https://wa.me/${url[1]}`;
  // A phone number in any common notation: +44 20 7946-0000, (020) 7946 0000 ...
  if (!/^\+?[\d\s().-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  return digits.length >= 6 && digits.length <= 15 ? `https://wa.me/${digits}` : null;
}
