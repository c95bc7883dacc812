import type { Line } from '@linedesk/shared';
import { connectionLine } from '@linedesk/shared';
import { describe, expect, it } from 'vitest';
import { connectionTarget, parseHostPort } from './connection-target';

const line = {
  server_id: 2,
  protocol: 'cccam',
  host_port: ['cs.example.com:12000'],
  newcamd_des_key: null,
} as Line;

describe('connectionTarget', () => {
  it('reads host and port from the line and the protocol from its server', () => {
    const target = connectionTarget(
      line,
      [{ id: 2, server_name: 'N', protocol: 'NewCamd', backend: null }],
      undefined,
    );
    expect(target).toEqual({
      host_ip: 'cs.example.com',
      port: 12000,
      protocol: 'NewCamd',
      newcamd_des_key: null,
    });
    expect(connectionLine(target!, { username: 'u', password: 'p' })).toBe(
      'N: cs.example.com 12000 u p 01 02 03 04 05 06 07 08 09 10 11 12 13 14',
    );
  });

  it("uses the line's server's own DES key in the N: line", () => {
    const keyed = { ...line, newcamd_des_key: '0A1B2C3D4E5F60718293A4B5C6D7' };
    const target = connectionTarget(
      keyed,
      [{ id: 2, server_name: 'N', protocol: 'NewCamd', backend: null }],
      undefined,
    );
    expect(connectionLine(target!, { username: 'u', password: 'p' })).toBe(
      'N: cs.example.com 12000 u p 0A 1B 2C 3D 4E 5F 60 71 82 93 A4 B5 C6 D7',
    );
  });

  it('falls back to the line protocol and to the config host for a bare port', () => {
    expect(
      connectionTarget({ ...line, host_port: ['12001'] }, [], { host_ip: '203.0.113.9', api_port: 3000 }),
    ).toEqual({ host_ip: '203.0.113.9', port: 12001, protocol: 'CCcam', newcamd_des_key: null });
  });

  it('gives up when nothing says where to connect', () => {
    expect(connectionTarget({ ...line, host_port: [] }, [], { host_ip: 'h', api_port: 3000 })).toBeNull();
  });
});

describe('parseHostPort', () => {
  it('handles names, IPv4 and bracketed IPv6, and refuses bad ports', () => {
    expect(parseHostPort('10.0.0.1:12000')).toEqual({ host: '10.0.0.1', port: 12000 });
    expect(parseHostPort('[2001:db8::1]:15000')).toEqual({ host: '2001:db8::1', port: 15000 });
    expect(parseHostPort('host:70000')).toBeNull();
    expect(parseHostPort('host')).toBeNull();
  });
});
