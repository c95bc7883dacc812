import { describe, expect, it } from 'vitest';
import { isOlderAgentVersion } from './agent-install.js';

describe('isOlderAgentVersion', () => {
  it('compares dotted versions part by part, as numbers', () => {
    expect(isOlderAgentVersion('0.1.0', '0.2.0')).toBe(true);
    expect(isOlderAgentVersion('0.9.0', '0.10.0')).toBe(true);
    expect(isOlderAgentVersion('1.0', '1.0.1')).toBe(true);
    expect(isOlderAgentVersion('0.2.0', '0.2.0')).toBe(false);
    expect(isOlderAgentVersion('0.3.0', '0.2.9')).toBe(false);
  });

  it('never calls an unknown or unusual version older', () => {
    expect(isOlderAgentVersion(null, '0.2.0')).toBe(false);
    expect(isOlderAgentVersion('0.1.0', null)).toBe(false);
    expect(isOlderAgentVersion('fake', '0.2.0')).toBe(false);
    expect(isOlderAgentVersion('0.1.0-beta', '0.2.0')).toBe(false);
  });
});
