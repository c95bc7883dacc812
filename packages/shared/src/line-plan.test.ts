import { describe, expect, it } from 'vitest';
import { planAllowsServerProtocol, planChangeCharge } from './line-plan.js';

describe('planAllowsServerProtocol', () => {
  it('allows every server when the plan names no protocol', () => {
    expect(planAllowsServerProtocol({}, 'CCcam')).toBe(true);
    expect(planAllowsServerProtocol({ allowed_protocols: [] }, 'NewCamd')).toBe(true);
  });
  it("needs the server's protocol among the plan's", () => {
    expect(planAllowsServerProtocol({ allowed_protocols: ['cccam'] }, 'CCcam')).toBe(true);
    expect(planAllowsServerProtocol({ allowed_protocols: ['cccam'] }, 'NewCamd')).toBe(false);
    expect(planAllowsServerProtocol({ allowed_protocols: ['newcamd', 'gbox'] }, 'NewCamd')).toBe(true);
  });
});

describe('planChangeCharge', () => {
  const cheap = [
    { months: 1, credits: 2 },
    { months: 3, credits: 4 },
  ];
  const dear = [
    { months: 1, credits: 5 },
    { months: 3, credits: 12 },
  ];
  const reseller = { isAdmin: false };
  it('charges a reseller the difference to a dearer plan for the paid duration', () => {
    expect(planChangeCharge(cheap, dear, { months: 1, isTrial: false }, reseller)).toEqual({ charge: 3 });
    expect(planChangeCharge(cheap, dear, { months: 3, isTrial: false }, reseller)).toEqual({ charge: 8 });
  });
  it('charges nothing for a cheaper or equal plan, nor to an admin', () => {
    expect(planChangeCharge(dear, cheap, { months: 3, isTrial: false }, reseller)).toEqual({ charge: 0 });
    expect(planChangeCharge(cheap, cheap, { months: 1, isTrial: false }, reseller)).toEqual({ charge: 0 });
    expect(planChangeCharge(cheap, dear, { months: 3, isTrial: false }, { isAdmin: true })).toEqual({
      charge: 0,
    });
  });
  it('charges the full new price when the current plan no longer sells the duration', () => {
    expect(planChangeCharge([], dear, { months: 3, isTrial: false }, reseller)).toEqual({ charge: 12 });
  });
  it('refuses a duration the new plan does not sell, even to an admin', () => {
    expect(planChangeCharge(cheap, dear, { months: 6, isTrial: false }, { isAdmin: true })).toEqual({
      refusal: 'LINE_PLAN_DURATION_NOT_OFFERED',
      months: 6,
    });
  });
  it('lets only an admin move a trial, at no charge', () => {
    expect(planChangeCharge(cheap, dear, { months: null, isTrial: true }, reseller)).toEqual({
      refusal: 'LINE_PLAN_CHANGE_TRIAL',
    });
    expect(planChangeCharge(cheap, dear, { months: null, isTrial: true }, { isAdmin: true })).toEqual({
      charge: 0,
    });
  });
});
