import { describe, expect, it } from 'vitest';
import { dayLabel } from './chart-labels';

describe('dayLabel', () => {
  it('shows the calendar day whatever the time zone', () => {
    expect(dayLabel('2026-03-05')).toBe('05 Mar');
    expect(dayLabel('2026-12-31', 'de')).toBe('31 Dez');
  });
});
