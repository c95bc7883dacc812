import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** The NAT64 well-known prefix 64:ff9b::/96 (RFC 6052): a public IPv4 address behind it is public. */
const nat64WellKnown = ipaddr.parseCIDR('64:ff9b::/96');
/** The deprecated IPv4-compatible ::a.b.c.d (::/96), which ipaddr.js counts as ordinary unicast. */
const ipv4Compatible = ipaddr.parseCIDR('::/96');

function embeddedV4(address: ipaddr.IPv6): ipaddr.IPv4 {
  const bytes = address.toByteArray();
  return new ipaddr.IPv4(bytes.slice(12));
}

/**
 * Whether an address is one a server-side request must not reach on a user's behalf. Only ordinary
 * unicast passes, in ipaddr.js's maintained table of special ranges: loopback, private, link-local,
 * carrier-grade NAT, multicast, reserved and documentation ranges, unique-local, and the transition
 * ranges that carry an IPv4 address inside an IPv6 one or relay to one (IPv4-mapped and -translated,
 * 6to4, Teredo, the local-use NAT64 prefix 64:ff9b:1::/48, the 6to4 relays' 192.88.99.0/24). An
 * IPv4 address behind ::ffff:, ::a.b.c.d or the well-known NAT64 prefix is judged as that IPv4
 * address. Anything that is not an address counts as private.
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.split('%')[0]!;
  if (isIP(bare) === 0) return true;
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv4') return parsed.range() !== 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return isPrivateAddress(v6.toIPv4Address().toString());
  if (v6.match(nat64WellKnown)) return isPrivateAddress(embeddedV4(v6).toString());
  // :: and ::1 have ranges of their own; the rest of ::/96 reaches the IPv4 address it ends with.
  if (v6.range() === 'unicast' && v6.match(ipv4Compatible))
    return isPrivateAddress(embeddedV4(v6).toString());
  return v6.range() !== 'unicast';
}

/**
 * Whether an address is one of `list`'s addresses or inside one of its CIDRs; an IPv4 address that
 * arrives IPv4-mapped (::ffff:10.0.0.5, as a dual-stack socket reports it) counts as itself.
 */
export function addressInList(address: string, list: readonly string[]): boolean {
  const bare = address.split('%')[0]!;
  if (list.length === 0 || isIP(bare) === 0) return false;
  let parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return list.some((entry) => {
    const [base, prefix] = entry.includes('/') ? ipaddr.parseCIDR(entry) : [ipaddr.parse(entry), -1];
    if (base.kind() !== parsed.kind()) return false;
    if (prefix === -1) return base.toString() === parsed.toString();
    return parsed.match(base, prefix);
  });
}
