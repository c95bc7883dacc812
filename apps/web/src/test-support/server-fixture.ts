import type { Server } from '@linedesk/shared';

/** A server row as `GET /api/servers` answers it: an active CCcam server, with `extra` on top. */
export const serverFixture = (id: number, name: string, extra: Partial<Server> = {}): Server => ({
  id,
  server_name: name,
  host_ip: '10.0.0.1',
  hostname: null,
  port: 12000,
  api_port: 3000,
  username: 'panel',
  has_password: true,
  protocol: 'CCcam',
  newcamd_des_key: '0102030405060708091011121314',
  status: 'active',
  use_tls: false,
  tls_insecure: false,
  user_id: null,
  created_at: '2026-01-01T00:00:00.000Z',
  last_connection: null,
  last_error: null,
  version: null,
  group_names: {},
  service_names: [],
  backend: null,
  standby_id: null,
  standby_serving: false,
  ...extra,
});
