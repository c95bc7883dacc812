import { describe, expect, it } from 'vitest';
import { effectiveLock, lockRestricts, lockViolation, type LineLock } from './line-lock.js';

const lock = (over: Partial<LineLock> = {}): LineLock => ({
  countries: [],
  asns: [],
  no_datacenters: false,
  ...over,
});
const telekom = { country: 'DE', asn: 3320, datacenter: false };
const google = { country: 'US', asn: 15169, datacenter: true };
const unknown = { country: null, asn: null, datacenter: false };

describe('lockViolation', () => {
  it('allows everything without a lock or with an empty one', () => {
    expect(lockViolation(null, google)).toBeNull();
    expect(lockViolation(lock(), google)).toBeNull();
    expect(lockRestricts(lock())).toBe(false);
    expect(lockRestricts(lock({ no_datacenters: true }))).toBe(true);
  });

  it('refuses a country outside the list and allows one inside', () => {
    expect(lockViolation(lock({ countries: ['DE', 'AT'] }), telekom)).toBeNull();
    expect(lockViolation(lock({ countries: ['DE', 'AT'] }), google)).toBe('country');
  });

  it('refuses a network outside the list and allows one inside', () => {
    expect(lockViolation(lock({ asns: [3320] }), telekom)).toBeNull();
    expect(lockViolation(lock({ asns: [3320] }), google)).toBe('network');
  });

  it('refuses datacenter networks only when asked', () => {
    expect(lockViolation(lock({ no_datacenters: true }), google)).toBe('datacenter');
    expect(lockViolation(lock({ no_datacenters: true }), telekom)).toBeNull();
  });

  it('names the country first when several parts are broken', () => {
    expect(lockViolation(lock({ countries: ['DE'], asns: [3320], no_datacenters: true }), google)).toBe(
      'country',
    );
  });

  it('holds nothing unknown against the line', () => {
    expect(
      lockViolation(lock({ countries: ['DE'], asns: [3320], no_datacenters: true }), unknown),
    ).toBeNull();
  });
});

describe('effectiveLock', () => {
  it("takes the line's own lock over its plan's, whole", () => {
    const own = lock({ countries: ['PL'] });
    const plan = lock({ asns: [3320], no_datacenters: true });
    expect(effectiveLock(own, plan)).toEqual(own);
    expect(effectiveLock(null, plan)).toEqual(plan);
    expect(effectiveLock(null, null)).toBeNull();
  });
});
