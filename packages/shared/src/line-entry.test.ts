import { describe, expect, it } from 'vitest';
import { lineEntryExtraSchema, lineEntryRestrictions, restrictionOverridesSchema } from './line-entry.js';

describe('a line entry', () => {
  it("sends the plan's restrictions with the line's own values over them, key by key", () => {
    expect(
      lineEntryRestrictions({ max_connections: 4, cccam_hops: 1 }, { max_connections: 2, uniq: 3 }),
    ).toEqual({ max_connections: 2, cccam_hops: 1, uniq: 3 });
    expect(lineEntryRestrictions({}, {})).toBeUndefined();
    expect(lineEntryRestrictions({ uniq: 1 }, null)).toEqual({ uniq: 1 });
  });

  it('keeps an OSCam account without any group (groups []) and keys this panel does not know yet', () => {
    const read = restrictionOverridesSchema.parse({ groups: [], max_connections: 2, timeframe_x: 'kept' });
    expect(lineEntryRestrictions({}, read)).toEqual({ groups: [], max_connections: 2, timeframe_x: 'kept' });
  });

  it('takes extra only as one format, verbatim', () => {
    const oscam = { oscam: ['description = Bruno (cash)', '# pays yearly'] };
    expect(lineEntryExtraSchema.parse(oscam)).toEqual(oscam);
    expect(lineEntryExtraSchema.parse({ cccam: ' 1 0 0 { 0:0:2 } host # x' })).toEqual({
      cccam: ' 1 0 0 { 0:0:2 } host # x',
    });
    expect(lineEntryExtraSchema.safeParse({ oscam: [], cccam: '' }).success).toBe(false);
  });
});
