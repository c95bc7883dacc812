import { describe, expect, it } from 'vitest';
import { connectionLine } from './line.js';
import { formatNewcamdDesKey, newcamdDesKeySchema } from './newcamd-des-key.js';

describe('NewCamd DES key', () => {
  it('accepts 14 bytes in hex, with or without separators, and stores them normalized', () => {
    expect(newcamdDesKeySchema.parse('0a1b2c3d4e5f60718293a4b5c6d7')).toBe('0A1B2C3D4E5F60718293A4B5C6D7');
    expect(newcamdDesKeySchema.parse('0A 1B 2C 3D 4E 5F 60 71 82 93 A4 B5 C6 D7')).toBe(
      '0A1B2C3D4E5F60718293A4B5C6D7',
    );
  });

  it('refuses anything else with INVALID_DES_KEY', () => {
    for (const bad of [
      '',
      '0102',
      '01020304050607080910111213',
      '0102030405060708091011121314FF',
      'ZZ02030405060708091011121314',
    ]) {
      const result = newcamdDesKeySchema.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('INVALID_DES_KEY');
    }
  });

  it("puts the server's key into the N: line, the default when it has none", () => {
    const server = { host_ip: 'h', port: 15000, protocol: 'NewCamd' };
    expect(connectionLine(server, { username: 'u', password: 'p' })).toBe(
      'N: h 15000 u p 01 02 03 04 05 06 07 08 09 10 11 12 13 14',
    );
    expect(
      connectionLine(
        { ...server, newcamd_des_key: 'A1A2A3A4A5A6A7A8A9AAABACADAE' },
        { username: 'u', password: 'p' },
      ),
    ).toBe('N: h 15000 u p A1 A2 A3 A4 A5 A6 A7 A8 A9 AA AB AC AD AE');
    expect(formatNewcamdDesKey(null)).toBe('01 02 03 04 05 06 07 08 09 10 11 12 13 14');
  });
});
