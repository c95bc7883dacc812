/** A free-text field as stored: trimmed, and null when empty. */
export function cleanText(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

export function cleanHostPort(value: string[] | undefined): string[] | undefined {
  return value?.map((entry) => entry.trim()).filter(Boolean);
}
