import type { RouteExamples } from '../../platform/openapi-examples.js';

const settings = { detect_simultaneous: true, max_ips_in_window: 5, window_minutes: 60, auto_suspend: false };

export const lineConnectionExamples: RouteExamples = {
  'GET /api/lines/:id/connections': {
    params: { id: 42 },
    response: {
      online: true,
      last_seen_at: '2026-11-22T18:30:05.120Z',
      sharing_detected_at: '2026-11-22T18:29:35.004Z',
      sharing_active: true,
      connections: [
        {
          connection_id: 'id_0x7f3a2c001200',
          server_id: 3,
          server_name: 'Frankfurt 1',
          ip: '203.0.113.7',
          protocol: 'cccam (2.3.2-3367)',
          connected_since: '2026-11-22T07:15:00.000Z',
          idle_seconds: 3,
          last_channel: 'Sky Cinema',
          last_caid: '1702',
          ecm_ok: 40,
          ecm_total: 42,
          state: 'OK',
          seen_at: '2026-11-22T18:30:05.120Z',
        },
        {
          connection_id: 'id_0x7f3a2c0019a0',
          server_id: 3,
          server_name: 'Frankfurt 1',
          ip: '198.51.100.23',
          protocol: 'newcamd',
          connected_since: '2026-11-22T18:29:20.000Z',
          idle_seconds: 0,
          last_channel: null,
          last_caid: null,
          ecm_ok: 40,
          ecm_total: 42,
          state: 'Duplicate',
          seen_at: '2026-11-22T18:30:05.120Z',
        },
      ],
      ip_history: [
        {
          ip: '198.51.100.23',
          first_seen_at: '2026-11-22T18:29:35.004Z',
          last_seen_at: '2026-11-22T18:30:05.120Z',
        },
        {
          ip: '203.0.113.7',
          first_seen_at: '2026-11-20T07:15:31.500Z',
          last_seen_at: '2026-11-22T18:30:05.120Z',
        },
      ],
    },
    errors: ['LINE_NOT_FOUND'],
  },
  'POST /api/lines/:id/connections/kick': {
    params: { id: 42 },
    body: { connection_id: 'id_0x7f3a2c0019a0' },
    response: { message: 'Connection ended' },
    errors: ['LINE_NOT_FOUND', 'LINE_CONNECTION_NOT_FOUND', 'LINE_KICK_NOT_SUPPORTED', 'LINE_KICK_FAILED'],
  },
  'GET /api/lines/:id/sharing': {
    params: { id: 42 },
    response: {
      score: 100,
      episode_since: '2026-11-22T18:29:35.004Z',
      steps_taken: ['note', 'warn', 'oscam'],
      steps_not_supported: [],
      oscam_in_force: ['penalty = 1'],
      evidence: [
        {
          ip: '8.8.8.8',
          asn: 15169,
          network: 'Google LLC',
          country: 'US',
          channel: 'DAZN 1',
          signals: ['addresses', 'networks', 'countries', 'ecm', 'channels'],
          score: 100,
          first_seen_at: '2026-11-22T18:29:35.004Z',
          last_seen_at: '2026-11-22T18:30:05.120Z',
        },
        {
          ip: '217.0.0.1',
          asn: 3320,
          network: 'Deutsche Telekom AG',
          country: 'DE',
          channel: 'Sky Cinema',
          signals: ['addresses', 'networks', 'countries', 'ecm', 'channels'],
          score: 100,
          first_seen_at: '2026-11-22T18:29:35.004Z',
          last_seen_at: '2026-11-22T18:30:05.120Z',
        },
      ],
    },
    errors: ['LINE_NOT_FOUND'],
  },
  'GET /api/dashboard/online': {
    response: {
      items: [
        { server_id: 3, server_name: 'Frankfurt 1', online_lines: 118 },
        { server_id: 5, server_name: 'Warsaw 2', online_lines: 37 },
      ],
      total_online: 155,
    },
  },
  'GET /api/sharing-settings': { response: settings, errors: ['ADMIN_ONLY'] },
  'PUT /api/sharing-settings': {
    body: { max_ips_in_window: 5, auto_suspend: true },
    response: { ...settings, auto_suspend: true },
    errors: ['ADMIN_ONLY', 'LINE_SHARING_INVALID_SETTINGS'],
  },
};
