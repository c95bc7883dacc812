import { describe, expect, it } from 'vitest';
import { compactRestrictions, lineRestrictionsSchema, packageNames, packagesRefusal } from './line-plan.js';

describe('package restrictions', () => {
  it('keeps an empty group list (no group line) apart from none given (the default group)', () => {
    expect(compactRestrictions(lineRestrictionsSchema.parse({ groups: [] }))).toEqual({ groups: [] });
    expect(compactRestrictions(lineRestrictionsSchema.parse({ groups: null }))).toEqual({});
    expect(compactRestrictions(lineRestrictionsSchema.parse({ groups: [3, 1, 3] }))).toEqual({
      groups: [1, 3],
    });
  });
  it('refuses a group out of range, a bad service name, a bad window and a bad au', () => {
    const codes = (value: unknown) =>
      lineRestrictionsSchema.safeParse(value).error?.issues.map((issue) => issue.message);
    expect(codes({ groups: [65] })).toEqual(['LINE_PLAN_INVALID_GROUP']);
    expect(codes({ services: ['sky sports'] })).toEqual(['LINE_PLAN_INVALID_SERVICE']);
    expect(codes({ allowed_timeframe: '8 to 10' })).toEqual(['LINE_PLAN_INVALID_TIMEFRAME']);
    expect(codes({ allowed_timeframe: 'MONDAY@08:00-10:00' })).toEqual(['LINE_PLAN_INVALID_TIMEFRAME']);
    expect(codes({ allowed_timeframe: '08:00-25:00' })).toEqual(['LINE_PLAN_INVALID_TIMEFRAME']);
    expect(codes({ au: 'reader 1' })).toEqual(['LINE_PLAN_INVALID_AU']);
    expect(
      codes({
        services: ['sports', '!adult'],
        au: 'card1,card2',
        allowed_timeframe: 'ALL@10:00-22:00;MON@00:00-02:00,02:45-04:37;sat@22:00-05:00',
      }),
    ).toBe(undefined);
  });
  const server = {
    server_name: 'Frankfurt',
    group_names: { '1': 'Sports', '3': 'Movies' },
    service_names: [],
  };
  it("refuses a group its server does not name, and a service missing from the server's list", () => {
    expect(packagesRefusal({ groups: [1, 3] }, server)).toBeNull();
    expect(packagesRefusal({ groups: [1, 2] }, server)).toEqual({
      code: 'LINE_PLAN_GROUP_UNKNOWN',
      params: { group: 2, server: 'Frankfurt' },
    });
    expect(packagesRefusal({ services: ['anything'] }, server)).toBeNull();
    const listed = { ...server, service_names: ['sports'] };
    expect(packagesRefusal({ services: ['!Sports'] }, listed)).toBeNull();
    expect(packagesRefusal({ services: ['movies'] }, listed)).toEqual({
      code: 'LINE_PLAN_SERVICE_UNKNOWN',
      params: { service: 'movies', server: 'Frankfurt' },
    });
  });
  it('names groups by their packages, the distinct names of all servers', () => {
    expect(packageNames([1, 3], [server, { group_names: { '1': 'Sport' } }])).toEqual([
      'Sports / Sport',
      'Movies',
    ]);
  });
});
