import type { RouteExamples } from '../../platform/openapi-examples.js';

const settings = {
  minute_retention_hours: 48,
  hour_retention_days: 14,
  day_retention_days: 400,
  churn_idle_days: 7,
  churn_horizon_days: 14,
  outage_answer_rate_percent: 50,
  outage_minutes: 5,
  outage_compensate: false,
};
const points = [
  { at: '2026-11-22T16:00:00.000Z', ok: 1180, nok: 4, avg_ms: 212 },
  { at: '2026-11-22T17:00:00.000Z', ok: 1203, nok: 0, avg_ms: 198 },
  { at: '2026-11-22T18:00:00.000Z', ok: 402, nok: 61, avg_ms: 1840 },
];
const totals = { ok: 2785, nok: 65, avg_ms: 472 };

export const ecmStatsExamples: RouteExamples = {
  'GET /api/lines/:id/ecm-stats': {
    params: { id: 42 },
    query: { range: '24h' },
    response: {
      range: '24h',
      granularity: 'hour',
      points,
      totals,
      channels: [
        { caid: '1702', srvid: '0085', channel: 'Sky Cinema', polls: 95 },
        { caid: '098C', srvid: '0011', channel: 'Sky Sport', polls: 12 },
      ],
    },
    errors: ['LINE_NOT_FOUND'],
  },
  'GET /api/servers/:id/ecm-stats': {
    params: { id: 3 },
    query: { range: '24h' },
    response: {
      range: '24h',
      granularity: 'hour',
      points,
      totals,
      readers: [
        {
          label: 'sky-card',
          protocol: 'internal',
          state: 'CARDOK',
          up_ratio: 1,
          avg_ms: 187,
          ok: 1460,
          nok: 12,
          points: [
            { at: '2026-11-22T17:00:00.000Z', ok: 742, nok: 5, avg_ms: 181 },
            { at: '2026-11-22T18:00:00.000Z', ok: 718, nok: 7, avg_ms: 193 },
          ],
          seen_at: '2026-11-22T18:30:05.120Z',
        },
        {
          label: 'peer-fra',
          protocol: 'cccam',
          state: 'OFF',
          up_ratio: 0.75,
          avg_ms: 640,
          ok: 0,
          nok: 31,
          points: [{ at: '2026-11-22T17:00:00.000Z', ok: 0, nok: 31, avg_ms: 640 }],
          seen_at: '2026-11-22T18:30:05.120Z',
        },
      ],
      polled_at: '2026-11-22T18:30:05.120Z',
      poll_error: null,
    },
    errors: ['ADMIN_ONLY', 'SERVER_NOT_FOUND'],
  },
  'GET /api/dashboard/ecm': {
    response: { range: '24h', granularity: 'hour', points, totals },
  },
  'GET /api/ecm-settings': { response: settings, errors: ['ADMIN_ONLY'] },
  'PUT /api/ecm-settings': {
    body: { minute_retention_hours: 24 },
    response: { ...settings, minute_retention_hours: 24 },
    errors: ['ADMIN_ONLY', 'ECM_STATS_INVALID_SETTINGS'],
  },
  'POST /api/lines/:id/win-back': {
    params: { id: 47 },
    response: { sent_to: 'anna.k@example.com', sent_at: '2026-11-30T09:12:44.310Z' },
    errors: ['LINE_NOT_FOUND', 'LINE_NO_CUSTOMER_EMAIL', 'LINE_WIN_BACK_TOO_SOON'],
  },
};
