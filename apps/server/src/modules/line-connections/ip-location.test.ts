import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { findAsn6, locateAddresses, readAsn6Table } from './ip-location.js';

const bytes = (ip: string) => ipaddr.parse(ip).toByteArray();
const num = (ip: string) =>
  bytes(ip)
    .reduce((sum, byte) => (sum << 8n) | BigInt(byte), 0n)
    .toString();

describe('IPv6 networks', () => {
  it('finds the range holding an address, across the 64-bit halves', async () => {
    const table = await readAsn6Table([
      `${num('2001:db8::')},${num('2001:db8:0:0:ffff:ffff:ffff:ffff')},64500,"Low, half"`,
      `${num('2001:db8:0:1::')},${num('2001:db8:0:2:ffff:ffff:ffff:ffff')},64501,Across`,
      `${num('2001:db9::')},${num('2001:db9::ff')},64502,Small`,
    ]);
    expect(findAsn6(table, bytes('2001:db8::1'))).toEqual({ asn: 64500, network: 'Low, half' });
    expect(findAsn6(table, bytes('2001:db8:0:1:ffff::'))).toEqual({ asn: 64501, network: 'Across' });
    expect(findAsn6(table, bytes('2001:db8:0:2::9'))).toEqual({ asn: 64501, network: 'Across' });
    expect(findAsn6(table, bytes('2001:db9::ff'))?.asn).toBe(64502);
    expect(findAsn6(table, bytes('2001:db9::100'))).toBeNull();
    expect(findAsn6(table, bytes('2001:db7:ffff::'))).toBeNull();
    expect(findAsn6(table, bytes('2001:db8:0:3::'))).toBeNull();
  });

  it('locates public IPv6 addresses in the shipped database', async () => {
    const found = await locateAddresses(['2001:4860:4860::8888', '217.0.0.1', 'fe80::1']);
    expect(found.get('2001:4860:4860::8888')).toMatchObject({ asn: 15169, network: 'Google LLC' });
    expect(found.get('217.0.0.1')?.asn).toBe(3320);
    expect(found.get('fe80::1')).toEqual({ asn: null, network: null, country: null });
  }, 60_000);
});
