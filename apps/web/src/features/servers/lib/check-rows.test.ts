import type { Server, ServerCheckItem } from '@linedesk/shared';
import { describe, expect, it } from 'vitest';
import { serverFixture } from '../../../test-support/server-fixture';
import { agentAddress, buildCheckRows } from './check-rows';

/** Stored as not checked yet unless a test says otherwise. */
const server = (id: number, extra: Partial<Server> = {}): Server =>
  serverFixture(id, `s${id}`, { status: 'inactive', ...extra });

const failed: ServerCheckItem = {
  id: 2,
  server_name: 's2',
  ok: false,
  status: 'error',
  health: false,
  auth: false,
  version: null,
  message: 'Failed to connect to server: connect ECONNREFUSED',
  code: 'SERVER_CONNECTION_FAILED',
  http_status: null,
  last_connection: null,
};

describe('buildCheckRows', () => {
  it('shows stored status before any check', () => {
    const rows = buildCheckRows({
      servers: [server(1, { status: 'error', last_error: 'x' })],
      running: null,
      live: new Map(),
      results: undefined,
    });
    expect(rows[0]).toMatchObject({ state: 'idle', status: 'error', ok: false, message: 'x' });
  });

  it('waits for each server of a running check and fills in live changes', () => {
    const rows = buildCheckRows({
      servers: [server(1), server(2), server(3)],
      running: new Set([1, 2]),
      live: new Map([
        [1, server(1, { status: 'active', version: '0.1.0' })],
        [2, server(2, { status: 'inactive' })],
      ]),
      results: undefined,
    });
    expect(rows.map((row) => row.state)).toEqual(['done', 'pending', 'idle']);
    expect(rows[0]).toMatchObject({ health: true, auth: true, version: '0.1.0', ok: true });
  });

  it('prefers the answer of the check and keeps servers missing from the list', () => {
    const rows = buildCheckRows({
      servers: [server(1)],
      running: null,
      live: new Map(),
      results: [failed],
    });
    expect(rows.map((row) => [row.id, row.state])).toEqual([
      [1, 'idle'],
      [2, 'done'],
    ]);
    expect(rows[1]).toMatchObject({ name: 's2', address: null, ok: false, health: false });
  });
});

describe('agentAddress', () => {
  it('is the base URL the panel calls', () => {
    expect(agentAddress(server(1))).toBe('http://10.0.0.1:3000');
    expect(agentAddress(server(1, { host_ip: '::1', use_tls: true, api_port: 8443 }))).toBe(
      'https://[::1]:8443',
    );
  });
});
