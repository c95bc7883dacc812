import { describe, expect, it } from 'vitest';
import {
  addMonths,
  capExpiry,
  isExpiryWithinRange,
  isValidLineCredential,
  LAST_EXPIRY_DATE,
  lineStatus,
  newLineExpiry,
  parseExpiryDate,
  renewedExpiry,
} from './line.js';
import { daysLeft, toDisplayDate } from './line-display.js';

describe('line dates', () => {
  it('reads an expiry as YYYY-MM-DD or DD-MM-YYYY, refusing impossible dates and years outside 1900-2099', () => {
    expect(parseExpiryDate('2030-02-28')).toBe('2030-02-28');
    expect(parseExpiryDate(' 28-02-2030 ')).toBe('2030-02-28');
    expect(parseExpiryDate('29-02-2028')).toBe('2028-02-29');
    for (const bad of ['2030-02-30', '29-02-2027', '2030-2-1', '1899-12-31', '01-01-2100', '', 'soon']) {
      expect(parseExpiryDate(bad), bad).toBeNull();
    }
  });

  it('ends expiries at the last date the picker and the agent take: sales are refused past it, extensions stop at it', () => {
    expect(LAST_EXPIRY_DATE).toBe('2099-12-31');
    expect(parseExpiryDate(LAST_EXPIRY_DATE)).toBe(LAST_EXPIRY_DATE);
    expect(isExpiryWithinRange('2099-12-31')).toBe(true);
    expect(isExpiryWithinRange('2100-01-01')).toBe(false);
    expect(capExpiry('2099-12-30')).toBe('2099-12-30');
    expect(capExpiry('2100-03-04')).toBe('2099-12-31');
  });

  it('renews from the current expiry while valid, else from today; month ends clamp', () => {
    expect(renewedExpiry('2030-01-31', 1, '2030-01-10')).toBe('2030-02-28');
    expect(renewedExpiry('2030-01-10', 3, '2030-01-10')).toBe('2030-04-10');
    expect(renewedExpiry('2029-12-01', 1, '2030-01-10')).toBe('2030-02-10');
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
    expect(toDisplayDate('2030-04-10')).toBe('10-04-2030');
  });

  it("starts a new line's expiry from today: a trial by days, any other line by months, month ends clamped", () => {
    expect(newLineExpiry('2030-01-31', { months: 1 })).toBe('2030-02-28');
    expect(newLineExpiry('2030-01-10', { months: 12 })).toBe('2031-01-10');
    expect(newLineExpiry('2030-12-30', { trialDays: 3 })).toBe('2031-01-02');
  });

  it('derives the status: suspended beats expired beats trial', () => {
    const today = '2030-01-10';
    expect(lineStatus({ enabled: false, expiry_date: '2020-01-01', is_trial: true }, today)).toBe(
      'suspended',
    );
    expect(lineStatus({ enabled: true, expiry_date: '2030-01-09', is_trial: true }, today)).toBe('expired');
    expect(lineStatus({ enabled: true, expiry_date: '2030-01-10', is_trial: true }, today)).toBe('trial');
    expect(lineStatus({ enabled: true, expiry_date: '2030-01-10', is_trial: false }, today)).toBe('active');
  });
});

describe('days left', () => {
  it('counts whole days to the expiry, across a month and a leap day, below 0 once expired', () => {
    expect(daysLeft('2026-11-26', '2026-11-25')).toBe(1);
    expect(daysLeft('2026-11-25', '2026-11-25')).toBe(0);
    expect(daysLeft('2026-11-23', '2026-11-25')).toBe(-2);
    expect(daysLeft('2028-03-01', '2028-02-28')).toBe(2);
    expect(daysLeft('2027-11-25', '2026-11-25')).toBe(365);
  });
});

describe('line credentials', () => {
  it('accepts what the agent can write into CCcam.cfg and refuses the rest', () => {
    for (const good of ['alice', 'A-1_b.c', 'p@ss!word', 'x'.repeat(64)])
      expect(isValidLineCredential(good)).toBe(true);
    for (const bad of [
      'two words',
      'tab\tbed',
      'brace{',
      'br]acket',
      'hash#',
      'eq=ual',
      'zé',
      'x'.repeat(65),
      '',
    ]) {
      expect(isValidLineCredential(bad), bad).toBe(false);
    }
  });
});
