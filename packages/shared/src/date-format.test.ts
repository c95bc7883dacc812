import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './date-format.js';

describe('formatDate', () => {
  it("formats as 'DD MMM YYYY'", () => {
    expect(formatDate(new Date(2025, 2, 5, 15, 7))).toBe('05 Mar 2025');
  });

  it('returns an empty string for missing or invalid input', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('uses the locale month name without a trailing dot', () => {
    expect(formatDate(new Date(2025, 2, 5), 'de')).toMatch(/^05 \p{L}+ 2025$/u);
  });
});

describe('formatDateTime', () => {
  it("formats as 'DD MMM YYYY h:mm a'", () => {
    expect(formatDateTime(new Date(2025, 2, 5, 15, 7))).toBe('05 Mar 2025 3:07 pm');
    expect(formatDateTime(new Date(2025, 11, 31, 0, 30))).toBe('31 Dec 2025 12:30 am');
    expect(formatDateTime(new Date(2025, 0, 1, 12, 0))).toBe('01 Jan 2025 12:00 pm');
  });

  it("writes the time in the reader's own way outside English: 24 hours, no am/pm", () => {
    for (const locale of ['de', 'pl', 'pt']) {
      expect(formatDateTime(new Date(2025, 2, 5, 15, 7), locale)).toMatch(/^05 \p{L}+ 2025 15:07$/u);
      expect(formatDateTime(new Date(2025, 2, 5, 7, 39), locale)).toMatch(/^05 \p{L}+ 2025 07:39$/u);
    }
  });
});
