import type { RouteExamples } from '../../platform/openapi-examples.js';

const settings = { cpu_percent: 90, memory_percent: 90, disk_percent: 90, clients: null, for_minutes: 5 };
const point = (at: string, cpu: number, clients: number) => ({
  at,
  cpu_percent: cpu,
  memory_percent: 61.2,
  disk_percent: 48.9,
  clients,
});

export const serverLoadExamples: RouteExamples = {
  'GET /api/servers/:id/load': {
    params: { id: 3 },
    response: {
      latest: {
        ...point('2026-11-22T18:30:05.120Z', 97.5, 412),
        cpu_cores: 4,
        disk_path: '/etc/tuxbox/config/oscam',
      },
      history: [point('2026-11-22T18:28:00.000Z', 93, 405), point('2026-11-22T18:29:00.000Z', 96.5, 410)],
      alerts: ['cpu'],
      poll_error: null,
      thresholds: { ...settings, cpu_percent: 95 },
      overrides: { cpu_percent: 95 },
    },
    errors: ['ADMIN_ONLY', 'SERVER_NOT_FOUND'],
  },
  'GET /api/load-alert-settings': { response: settings, errors: ['ADMIN_ONLY'] },
  'PUT /api/load-alert-settings': {
    body: { cpu_percent: 80, clients: 500 },
    response: { ...settings, cpu_percent: 80, clients: 500 },
    errors: ['ADMIN_ONLY', 'LOAD_ALERT_INVALID_SETTINGS'],
  },
  'PUT /api/servers/:id/load-alert-settings': {
    params: { id: 3 },
    body: { cpu_percent: 95, clients: 800 },
    response: {
      thresholds: { ...settings, cpu_percent: 95, clients: 800 },
      overrides: { cpu_percent: 95, clients: 800 },
    },
    errors: ['ADMIN_ONLY', 'SERVER_NOT_FOUND', 'LOAD_ALERT_INVALID_SETTINGS'],
  },
};
