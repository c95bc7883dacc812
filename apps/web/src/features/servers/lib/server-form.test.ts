import { describe, expect, it } from 'vitest';
import { serverFormDefaults, serverFormSchema, toServerBody } from './server-form';

const filled = {
  ...serverFormDefaults(),
  server_name: 'Warsaw',
  host_ip: '203.0.113.10',
  username: 'panel',
  password: 'secret',
};

describe('server form DES key', () => {
  it('refuses a key that is not 14 bytes of hex, next to the field, for NewCamd only', () => {
    const bad = { ...filled, newcamd_des_key: '0102' };
    const result = serverFormSchema('create').safeParse({ ...bad, protocol: 'NewCamd' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['newcamd_des_key', 'INVALID_DES_KEY'],
    ]);
    expect(serverFormSchema('create').safeParse({ ...bad, protocol: 'CCcam' }).success).toBe(true);
    // Shown with the other fields' mistakes, not only once they are fixed.
    const both = serverFormSchema('create').safeParse({ ...bad, protocol: 'NewCamd', host_ip: '' });
    expect(new Set(both.error?.issues.map((issue) => issue.path.join('.')))).toEqual(
      new Set(['host_ip', 'newcamd_des_key']),
    );
  });

  it('sends the key without separators, in upper case', () => {
    const values = {
      ...filled,
      protocol: 'NewCamd' as const,
      newcamd_des_key: '0a 1b 2c 3d 4e 5f 60 71 82 93 a4 b5 c6 d7',
    };
    expect(toServerBody(values).newcamd_des_key).toBe('0A1B2C3D4E5F60718293A4B5C6D7');
    expect(toServerBody({ ...values, newcamd_des_key: 'x' })).not.toHaveProperty('newcamd_des_key');
  });
});
