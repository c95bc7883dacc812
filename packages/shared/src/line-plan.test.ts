import { describe, expect, it } from 'vitest';
import { planAllowsServerProtocol } from './line-plan.js';

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
