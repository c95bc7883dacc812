import { describe, expect, it } from 'vitest';
import { addressInList, isPrivateAddress } from './network-address.js';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456:789a::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::127.0.0.1',
    '64:ff9b::10.0.0.1',
    '2001:db8::1',
    // IPv4 inside IPv6 without the dotted form, and the transition ranges that relay to IPv4.
    '::ffff:0:7f00:1',
    '2002:7f00:1::1',
    '2002:808:808::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '64:ff9b:1::a00:1',
    '64:ff9b::7f00:1',
    '192.88.99.1',
    '198.51.100.7',
    '100::1',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '192.169.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
  ])('allows %s', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});

describe('addressInList', () => {
  const list = ['10.0.0.5', '192.168.10.0/24', '2001:db8::/32'];

  it.each(['10.0.0.5', '192.168.10.77', '::ffff:192.168.10.1', '2001:db8::1'])('lets %s in', (address) => {
    expect(addressInList(address, list)).toBe(true);
  });

  it.each(['10.0.0.6', '192.168.11.1', '2001:db9::1', '::ffff:10.0.0.6', 'not-an-address', ''])(
    'keeps %s out',
    (address) => {
      expect(addressInList(address, list)).toBe(false);
    },
  );

  it('lets nobody in with an empty list', () => {
    expect(addressInList('10.0.0.5', [])).toBe(false);
  });
});
