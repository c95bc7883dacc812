import { isIP } from 'node:net';

/** IPv4 ranges no webhook may reach: this host, private networks, link-local, multicast, reserved. */
const privateV4: [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

function v4ToNumber(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function inV4Range(address: string, [base, bits]: [string, number]): boolean {
  const size = 2 ** (32 - bits);
  return Math.floor(v4ToNumber(address) / size) === Math.floor(v4ToNumber(base) / size);
}

/** The eight 16-bit groups of an IPv6 address, `::` expanded and a dotted IPv4 tail converted. */
function v6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const n = v4ToNumber(dotted[1]!);
    text = text.slice(0, -dotted[1]!.length) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (s: string) => (s === '' ? [] : s.split(':').map((g) => parseInt(g, 16)));
  const before = part(head);
  const after = tail === undefined ? [] : part(tail);
  const zeros = tail === undefined ? [] : Array<number>(8 - before.length - after.length).fill(0);
  return [...before, ...zeros, ...after];
}

function embeddedV4(groups: number[]): string {
  const [a = 0, b = 0] = groups.slice(6);
  return [a >> 8, a & 0xff, b >> 8, b & 0xff].join('.');
}

/**
 * Whether an address is one a server-side request must not reach on a user's behalf: loopback,
 * private, link-local, multicast, unique-local, unspecified or reserved — IPv4 and IPv6, including
 * IPv4 addresses written as IPv6 (mapped `::ffff:a.b.c.d`, compatible `::a.b.c.d`, NAT64
 * `64:ff9b::a.b.c.d`), which reach the same hosts. Anything that is not an address counts as private.
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address.split('%')[0]!);
  if (family === 4) return privateV4.some((range) => inV4Range(address, range));
  if (family !== 6) return true;
  const g = v6Groups(address);
  const upperZero = g.slice(0, 5).every((x) => x === 0);
  if (upperZero && g[5] === 0xffff) return isPrivateAddress(embeddedV4(g)); // ::ffff:a.b.c.d
  if (upperZero && g[5] === 0) {
    // ::, ::1 and the deprecated IPv4-compatible ::a.b.c.d
    return g[6] === 0 || isPrivateAddress(embeddedV4(g));
  }
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) {
    return isPrivateAddress(embeddedV4(g));
  }
  const first = g[0]!;
  if ((first & 0xfe00) === 0xfc00) return true; // fc00::/7 unique-local
  if ((first & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((first & 0xffc0) === 0xfec0) return true; // fec0::/10 old site-local
  if ((first & 0xff00) === 0xff00) return true; // ff00::/8 multicast
  if (first === 0x2001 && g[1] === 0x0db8) return true; // documentation
  if (first === 0x0100 && g.slice(1, 4).every((x) => x === 0)) return true; // discard-only
  return false;
}
