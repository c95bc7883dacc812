import { describe, expect, it } from 'vitest';
import { connectionLine } from './line.js';
import {
  checkServerCreate,
  checkServerPatch,
  isDnsHostname,
  isHost,
  missingConnectionFields,
  normalizeHostname,
  serverAddress,
} from './server.js';

describe('server rules', () => {
  it('accepts host names and IP addresses, nothing that would change the agent URL', () => {
    for (const host of ['10.0.0.1', 'cs.example.com', 'localhost', '::1', '[2001:db8::1]', ' a.b ']) {
      expect(isHost(host), host).toBe(true);
    }
    for (const host of ['', 'a b', 'host:3000', 'host/path', 'user@host', 'host?x', 'host#x', '[::1]:80']) {
      expect(isHost(host), host).toBe(false);
    }
  });

  it('lists missing fields in the spec order and checks the port after them', () => {
    expect(checkServerCreate({ port: 0 })?.message).toBe(
      'Missing required fields: server_name, host_ip, username, password',
    );
    const full = { server_name: 'A', host_ip: '10.0.0.1', username: 'u', password: 'p' };
    expect(checkServerCreate({ ...full, port: 0 })?.code).toBe('CCCAM_PORT_OUT_OF_RANGE');
    expect(checkServerCreate({ ...full, port: 12000, api_port: 0 })?.code).toBe('PORT_OUT_OF_RANGE');
    expect(checkServerCreate({ ...full, port: 65535, api_port: 1 })).toBeNull();
    expect(checkServerPatch({ server_name: '' })?.message).toBe('Server name cannot be empty');
    expect(checkServerPatch({ api_port: 65536 })?.message).toBe('Port must be between 1 and 65535');
    expect(checkServerPatch({ host_ip: '' })).toBeNull();
    expect(
      missingConnectionFields({ host_ip: '', port: 1, api_port: 3000, username: ' ', has_password: false }),
    ).toEqual(['host_ip', 'username', 'password']);
  });

  it('takes a DNS name as the public hostname, and connection lines use it instead of the host', () => {
    for (const name of ['tv.example.com', 'A-1.example.co.uk', 'xn--bcher-kva.example', 'tv.example.com.']) {
      expect(isDnsHostname(name), name).toBe(true);
    }
    for (const name of [
      'localhost',
      '10.0.0.7',
      '-a.example.com',
      'a-.example.com',
      'a..b',
      'a b.com',
      'a_b.com',
    ]) {
      expect(isDnsHostname(name), name).toBe(false);
    }
    expect(isDnsHostname(`${'a'.repeat(64)}.com`)).toBe(false);
    expect(normalizeHostname(' TV.Example.com. ')).toBe('tv.example.com');
    expect(normalizeHostname('  ')).toBeNull();
    expect(checkServerPatch({ hostname: '10.0.0.7' })?.code).toBe('INVALID_HOSTNAME');
    expect(checkServerPatch({ hostname: '' })).toBeNull();
    const server = { host_ip: '203.0.113.7', hostname: 'tv.example.com', port: 12000, protocol: 'CCcam' };
    expect(serverAddress(server)).toBe('tv.example.com:12000');
    expect(connectionLine(server, { username: 'u', password: 'p' })).toBe('C: tv.example.com 12000 u p');
    expect(connectionLine({ ...server, hostname: null }, { username: 'u', password: 'p' })).toBe(
      'C: 203.0.113.7 12000 u p',
    );
  });
});
