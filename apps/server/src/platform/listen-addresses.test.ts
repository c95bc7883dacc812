import { describe, expect, it } from 'vitest';
import { listenUrls } from './listen-addresses.js';

const interfaces = {
  lo: [
    { address: '127.0.0.1', family: 'IPv4', internal: true },
    { address: '::1', family: 'IPv6', internal: true },
  ],
  eth0: [
    { address: '192.168.1.20', family: 'IPv4', internal: false },
    { address: 'fe80::1', family: 'IPv6', internal: false },
    { address: '2001:db8::20', family: 'IPv6', internal: false },
  ],
  wg0: [{ address: '10.8.0.1', family: 'IPv4', internal: false }],
} as unknown as Parameters<typeof listenUrls>[2];

describe('listenUrls', () => {
  it('on 0.0.0.0 names localhost and every outside IPv4 address', () => {
    expect(listenUrls('0.0.0.0', 8080, interfaces)).toEqual([
      'http://localhost:8080',
      'http://192.168.1.20:8080',
      'http://10.8.0.1:8080',
    ]);
  });

  it('on :: adds the routable IPv6 addresses, bracketed, but not link-local ones', () => {
    expect(listenUrls('::', 80, interfaces)).toEqual([
      'http://localhost:80',
      'http://192.168.1.20:80',
      'http://[2001:db8::20]:80',
      'http://10.8.0.1:80',
    ]);
  });

  it('on one address names only that one', () => {
    expect(listenUrls('127.0.0.1', 8080, interfaces)).toEqual(['http://127.0.0.1:8080']);
    expect(listenUrls('::1', 8080, interfaces)).toEqual(['http://[::1]:8080']);
  });
});
