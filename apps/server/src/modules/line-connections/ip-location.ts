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

/**
 * IPv6 networks from the same package's IPv6 CSV. Its numbers are 128-bit: each is held as two 64-bit
 * halves (high, low) in BigUint64Arrays, about 103,000 ranges, 3 MB, compared half by half.
 */
export type Asn6Table = {
  firstHi: BigUint64Array;
  firstLo: BigUint64Array;
  lastHi: BigUint64Array;
  lastLo: BigUint64Array;
  asn: Uint32Array;
  holder: string[];
};

const LOW_64 = (1n << 64n) - 1n;

/** Builds the IPv6 table from CSV lines (first, last, ASN, holder; ascending and not overlapping). */
export async function readAsn6Table(lines: AsyncIterable<string> | Iterable<string>): Promise<Asn6Table> {
  const firstHi: bigint[] = [];
  const firstLo: bigint[] = [];
  const lastHi: bigint[] = [];
  const lastLo: bigint[] = [];
  const asn: number[] = [];
  const holder: string[] = [];
  const holders = new Map<string, string>();
  for await (const line of lines) {
    const a = line.indexOf(',');
    const b = line.indexOf(',', a + 1);
    const c = line.indexOf(',', b + 1);
    if (a < 0 || b < 0 || c < 0) continue;
    let name = line.slice(c + 1);
    if (name.startsWith('"')) name = name.slice(1, -1).replaceAll('""', '"');
    const first = BigInt(line.slice(0, a));
    const last = BigInt(line.slice(a + 1, b));
    firstHi.push(first >> 64n);
    firstLo.push(first & LOW_64);
    lastHi.push(last >> 64n);
    lastLo.push(last & LOW_64);
    asn.push(Number(line.slice(b + 1, c)));
    const known = holders.get(name) ?? name;
    holders.set(name, known);
    holder.push(known);
  }
  return {
    firstHi: BigUint64Array.from(firstHi),
    firstLo: BigUint64Array.from(firstLo),
    lastHi: BigUint64Array.from(lastHi),
    lastLo: BigUint64Array.from(lastLo),
    asn: Uint32Array.from(asn),
    holder,
  };
}

function loadAsn6Table(): Promise<Asn6Table> {
  const file = require.resolve('@ip-location-db/asn/asn-ipv6-num.csv');
  return readAsn6Table(createInterface({ input: createReadStream(file), crlfDelay: Infinity }));
}

/** The network of one IPv6 address given as its 16 bytes. */
export function findAsn6(
  table: Asn6Table,
  bytes: readonly number[],
): { asn: number; network: string } | null {
  let hi = 0n;
  let lo = 0n;
  for (let i = 0; i < 8; i++) hi = (hi << 8n) | BigInt(bytes[i]!);
  for (let i = 8; i < 16; i++) lo = (lo << 8n) | BigInt(bytes[i]!);
  // Negative: (hi, lo) before the range's (h, l); positive: after.
  const compare = (h: bigint, l: bigint) => (hi !== h ? (hi < h ? -1 : 1) : lo === l ? 0 : lo < l ? -1 : 1);
  let low = 0;
  let high = table.firstHi.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    if (compare(table.firstHi[mid]!, table.firstLo[mid]!) < 0) high = mid - 1;
    else if (compare(table.lastHi[mid]!, table.lastLo[mid]!) > 0) low = mid + 1;
    else return { asn: table.asn[mid]!, network: table.holder[mid]! };
  }
  return null;
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
type Databases = { countries: Reader<CountryResponse>; asns: AsnTable; asns6: Asn6Table };
let loading: Promise<Databases> | null = null;

/** Opened on first use (the ASN table takes a moment to read) and kept for the process's life. */
function databases(): Promise<Databases> {
  loading ??= Promise.all([
    maxmind.open<CountryResponse>(
      require.resolve('@ip-location-db/geolite2-country-mmdb/geolite2-country.mmdb'),
    ),
    loadAsnTable(),
    loadAsn6Table(),
  ]).then(([countries, asns, asns6]) => ({ countries, asns, asns6 }));
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
  const bytes = parsed.toByteArray();
  const network =
    parsed.kind() === 'ipv4'
      ? findAsn(
          db.asns,
          bytes.reduce((sum, byte) => sum * 256 + byte, 0),
        )
      : findAsn6(db.asns6, bytes);
  return { asn: network?.asn ?? null, network: network?.network ?? null, country };
}

/** Where each address is, from the offline databases; private, loopback and unknown addresses give nulls. */
export async function locateAddresses(ips: readonly string[]): Promise<Map<string, IpLocation>> {
  if (ips.length === 0) return new Map();
  const db = await databases();
  return new Map(ips.map((ip) => [ip, lookup(db, ip)]));
}
