import { describe, expect, it } from 'vitest';
import { draftToLock, lockToDraft } from './lock-text';

describe('lock text', () => {
  it('reads codes in either case and networks with or without "AS"', () => {
    expect(draftToLock({ countries: 'de, at;DE', asns: 'AS3320 5617', noDatacenters: true })).toEqual({
      lock: { countries: ['DE', 'AT'], asns: [3320, 5617], no_datacenters: true },
    });
    expect(draftToLock({ countries: '', asns: '', noDatacenters: false })).toEqual({
      lock: { countries: [], asns: [], no_datacenters: false },
    });
  });

  it('names the field that is wrong', () => {
    expect(draftToLock({ countries: 'DEU', asns: '', noDatacenters: false })).toEqual({
      invalid: 'countries',
    });
    expect(draftToLock({ countries: '', asns: 'AS0', noDatacenters: false })).toEqual({ invalid: 'asns' });
    expect(draftToLock({ countries: '', asns: '4294967296', noDatacenters: false })).toEqual({
      invalid: 'asns',
    });
    expect(draftToLock({ countries: '', asns: 'google', noDatacenters: false })).toEqual({ invalid: 'asns' });
  });

  it('writes a lock back as the editor shows it', () => {
    expect(lockToDraft({ countries: ['DE', 'AT'], asns: [3320], no_datacenters: true })).toEqual({
      countries: 'DE, AT',
      asns: '3320',
      noDatacenters: true,
    });
    expect(lockToDraft(null)).toEqual({ countries: '', asns: '', noDatacenters: false });
  });
});
