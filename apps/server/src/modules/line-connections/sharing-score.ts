import type { SharingSignal } from '@linedesk/shared';
import type { IpLocation } from './ip-location.js';

/** What the score reads of one live connection. */
export type ScoredSession = {
  ip: string;
  lastChannel?: string | null;
  idleSeconds?: number | null;
  ecmTotal?: number | null;
};

export type SharingScore = { score: number; signals: SharingSignal[] };

/** A connection idle for less than this while it has asked for control words is watching now. */
const WATCHING_IDLE_SECONDS = 60;

/**
 * Points per signal. Two addresses at once alone may be one household (IPv4 and IPv6, a reconnect
 * not yet timed out), so they weigh least; addresses in other networks and countries, several of
 * them watching at once, and different channels at the same moment each make one viewer less likely.
 */
const POINTS = { addresses: 30, eachFurtherAddress: 10, maxAddresses: 50, networks: 25, countries: 25 };
const WATCHING_POINTS = { ecm: 10, channels: 10 };

const distinct = <T>(values: (T | null)[]) => new Set(values.filter((v): v is T => v !== null)).size;

/**
 * A line's sharing score (0–100) from its connections at one poll and where their addresses are.
 * One address (however many connections from it) scores 0.
 */
export function scoreSharing(
  sessions: readonly ScoredSession[],
  locations: ReadonlyMap<string, IpLocation>,
): SharingScore {
  const ips = [...new Set(sessions.map((s) => s.ip))];
  if (ips.length < 2) return { score: 0, signals: [] };
  const signals: SharingSignal[] = ['addresses'];
  let score = Math.min(POINTS.addresses + POINTS.eachFurtherAddress * (ips.length - 2), POINTS.maxAddresses);
  if (distinct(ips.map((ip) => locations.get(ip)?.asn ?? null)) >= 2) {
    signals.push('networks');
    score += POINTS.networks;
  }
  if (distinct(ips.map((ip) => locations.get(ip)?.country ?? null)) >= 2) {
    signals.push('countries');
    score += POINTS.countries;
  }
  const watching = sessions.filter(
    (s) => (s.ecmTotal ?? 0) > 0 && s.idleSeconds != null && s.idleSeconds < WATCHING_IDLE_SECONDS,
  );
  if (new Set(watching.map((s) => s.ip)).size >= 2) {
    signals.push('ecm');
    score += WATCHING_POINTS.ecm;
  }
  // One viewer watches one channel: different channels from different addresses at once are two.
  const channelsByIp = new Map(sessions.map((s) => [s.ip, s.lastChannel ?? null]));
  if (distinct([...channelsByIp.values()]) >= 2) {
    signals.push('channels');
    score += WATCHING_POINTS.channels;
  }
  return { score: Math.min(score, 100), signals };
}
