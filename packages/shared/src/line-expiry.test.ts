import { describe, expect, it } from 'vitest';
import { dateInZone, isTimeZone, lineEndsAt, lineExpiredAt, startOfDayInZone } from './line-expiry';

describe('line expiry in the business time zone', () => {
  it('ends a line at the end of its expiry day in the zone', () => {
    expect(lineEndsAt('2030-06-15', 'UTC').toISOString()).toBe('2030-06-16T00:00:00.000Z');
    expect(lineEndsAt('2030-06-15', 'Asia/Dubai').toISOString()).toBe('2030-06-15T20:00:00.000Z');
    expect(lineEndsAt('2030-06-15', 'America/New_York').toISOString()).toBe('2030-06-16T04:00:00.000Z');
    expect(lineEndsAt('2030-01-15', 'America/New_York').toISOString()).toBe('2030-01-16T05:00:00.000Z');
    // The last day of a month and of a year.
    expect(lineEndsAt('2030-12-31', 'Asia/Kolkata').toISOString()).toBe('2030-12-31T18:30:00.000Z');
  });

  it('reads "today" in the zone', () => {
    const instant = new Date('2030-06-15T21:30:00Z');
    expect(dateInZone(instant, 'UTC')).toBe('2030-06-15');
    expect(dateInZone(instant, 'Asia/Dubai')).toBe('2030-06-16');
    expect(dateInZone(instant, 'America/New_York')).toBe('2030-06-15');
    expect(lineExpiredAt('2030-06-15', 'Asia/Dubai', instant)).toBe(true);
    expect(lineExpiredAt('2030-06-15', 'UTC', instant)).toBe(false);
    expect(lineExpiredAt('2030-06-15', 'UTC', new Date('2030-06-16T00:00:00Z'))).toBe(true);
    expect(lineExpiredAt('2030-06-15', 'UTC', new Date('2030-06-15T23:59:59.999Z'))).toBe(false);
  });

  it('starts a day at the jump when daylight saving time skips its midnight', () => {
    // Santiago, Chile moved its clocks from 00:00 to 01:00 on 2023-09-03 (UTC-4 to UTC-3).
    expect(startOfDayInZone('2023-09-03', 'America/Santiago').toISOString()).toBe('2023-09-03T04:00:00.000Z');
    // Days either side of a change at 02:00 keep their midnight.
    expect(startOfDayInZone('2030-03-10', 'America/New_York').toISOString()).toBe('2030-03-10T05:00:00.000Z');
    expect(startOfDayInZone('2030-03-11', 'America/New_York').toISOString()).toBe('2030-03-11T04:00:00.000Z');
  });

  it('knows IANA zone names only', () => {
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    // Offsets are not names, though Node.js 22's Intl takes them.
    expect(isTimeZone('+03:00')).toBe(false);
    expect(isTimeZone('-0500')).toBe(false);
    expect(isTimeZone(' UTC')).toBe(false);
  });
});
