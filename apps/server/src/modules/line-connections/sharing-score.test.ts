import { describe, expect, it } from 'vitest';
import type { IpLocation } from './ip-location.js';
import { scoreSharing, type ScoredSession } from './sharing-score.js';

const at = (ip: string, channel: string | null = null, ecmTotal = 0): ScoredSession => ({
  ip,
  lastChannel: channel,
  idleSeconds: 3,
  ecmTotal,
});
const where = (entries: [string, IpLocation][]) => new Map(entries);
const telekom = { asn: 3320, network: 'Deutsche Telekom AG', country: 'DE' };
const hetzner = { asn: 24940, network: 'Hetzner Online GmbH', country: 'DE' };
const google = { asn: 15169, network: 'Google LLC', country: 'US' };

describe('scoreSharing', () => {
  it('scores one address 0, however many connections come from it', () => {
    expect(scoreSharing([at('217.0.0.1', 'A', 5), at('217.0.0.1', 'B', 5)], new Map())).toEqual({
      score: 0,
      signals: [],
    });
  });

  it('scores two addresses of one network and country lowest, further addresses more', () => {
    const same = where([
      ['217.0.0.1', telekom],
      ['217.0.0.2', telekom],
      ['217.0.0.3', telekom],
    ]);
    expect(scoreSharing([at('217.0.0.1'), at('217.0.0.2')], same)).toEqual({
      score: 30,
      signals: ['addresses'],
    });
    expect(scoreSharing([at('217.0.0.1'), at('217.0.0.2'), at('217.0.0.3')], same).score).toBe(40);
  });

  it('adds other networks, other countries, watching at once and different channels, up to 100', () => {
    const locations = where([
      ['217.0.0.1', telekom],
      ['88.198.1.1', hetzner],
      ['8.8.8.8', google],
    ]);
    expect(scoreSharing([at('217.0.0.1'), at('88.198.1.1')], locations)).toEqual({
      score: 55,
      signals: ['addresses', 'networks'],
    });
    expect(scoreSharing([at('217.0.0.1', 'Sky', 4), at('8.8.8.8', 'DAZN', 9)], locations)).toEqual({
      score: 100,
      signals: ['addresses', 'networks', 'countries', 'ecm', 'channels'],
    });
  });

  it('treats unknown networks and countries (private addresses) as no evidence of their own', () => {
    expect(scoreSharing([at('10.0.0.1'), at('192.168.1.2')], new Map()).signals).toEqual(['addresses']);
  });
});
