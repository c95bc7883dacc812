import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import ipaddr from 'ipaddr.js';
import maxmind, { type CountryResponse, type Reader } from 'maxmind';
import { isPrivateAddress } from '../../platform/network-address.js';

/** Where an address is: its network (ASN and holder) and country; null parts are unknown. */
export type IpLocation = { asn: number | null; network: string | null; country: string | null };

const UNKNOWN: IpLocation = { asn: null, network: null, country: null };
const require = createRequire(import.meta.url);

/**
 * IPv4 networks from @ip-location-db/asn (its numeric CSV: first, last, ASN, holder), held as sorted
 * typed arrays so one lookup is a binary search. The packages are the database: a newer one installed
 * is a newer database, read at the next start.
 */
type AsnTable = { first: Uint32Array; last: Uint32Array; asn: Uint32Array; holder: string[] };

async function loadAsnTable(): Promise<AsnTable> {
  const file = require.resolve('@ip-location-db/asn/asn-ipv4-num.csv');
  const first: number[] = [];
  const last: number[] = [];
  const asn: number[] = [];
  const holder: string[] = [];
  const holders = new Map<string, string>();
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    const a = line.indexOf(',');
    const b = line.indexOf(',', a + 1);
    const c = line.indexOf(',', b + 1);
    if (a < 0 || b < 0 || c < 0) continue;
    let name = line.slice(c + 1);
    if (name.startsWith('"')) name = name.slice(1, -1).replaceAll('""', '"');
    first.push(Number(line.slice(0, a)));
    last.push(Number(line.slice(a + 1, b)));
    asn.push(Number(line.slice(b + 1, c)));
    // Many ranges share a holder: one string each keeps the table small.
    const known = holders.get(name) ?? name;
    holders.set(name, known);
    holder.push(known);
  }
  return {
    first: Uint32Array.from(first),
    last: Uint32Array.from(last),
    asn: Uint32Array.from(asn),
    holder,
  };
}

function findAsn(table: AsnTable, value: number): { asn: number; network: string } | null {
  let lo = 0;
  let hi = table.first.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (table.first[mid]! > value) hi = mid - 1;
    else if (table.last[mid]! < value) lo = mid + 1;
    else return { asn: table.asn[mid]!, network: table.holder[mid]! };
  }
  return null;
}

/** The record of @ip-location-db's country databases (not MaxMind's own layout). */
type CountryRecord = { country_code?: string };
type Databases = { countries: Reader<CountryResponse>; asns: AsnTable };
let loading: Promise<Databases> | null = null;

/** Opened on first use (the ASN table takes a moment to read) and kept for the process's life. */
function databases(): Promise<Databases> {
  loading ??= Promise.all([
    maxmind.open<CountryResponse>(
      require.resolve('@ip-location-db/geolite2-country-mmdb/geolite2-country.mmdb'),
    ),
    loadAsnTable(),
  ]).then(([countries, asns]) => ({ countries, asns }));
  // A failed load is tried again on the next poll rather than remembered.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

function lookup(db: Databases, ip: string): IpLocation {
  if (isPrivateAddress(ip)) return UNKNOWN;
  let parsed = ipaddr.parse(ip.split('%')[0]!);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  const address = parsed.toString();
  const country = (db.countries.get(address) as CountryRecord | null)?.country_code ?? null;
  // The ASN package's IPv6 table is not loaded (its numbers exceed 32 bits): IPv6 networks are unknown.
  const network =
    parsed.kind() === 'ipv4'
      ? findAsn(
          db.asns,
          parsed.toByteArray().reduce((sum, byte) => sum * 256 + byte, 0),
        )
      : null;
  return { asn: network?.asn ?? null, network: network?.network ?? null, country };
}

/** Where each address is, from the offline databases; private, loopback and unknown addresses give nulls. */
export async function locateAddresses(ips: readonly string[]): Promise<Map<string, IpLocation>> {
  if (ips.length === 0) return new Map();
  const db = await databases();
  return new Map(ips.map((ip) => [ip, lookup(db, ip)]));
}
