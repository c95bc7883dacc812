import type { RouteExamples } from '../../platform/openapi-examples.js';

export const outageExamples: RouteExamples = {
  'GET /api/outages': {
    response: {
      since: '2026-10-27T12:00:00.000Z',
      outages: [
        {
          id: 8,
          server_id: 2,
          server: 'Backup OSCam',
          cause: 'low_answer_rate',
          started_at: '2026-11-26T11:40:00.000Z',
          ended_at: null,
          affected_lines: 31,
          compensated_lines: 0,
          compensated_minutes: 0,
        },
        {
          id: 7,
          server_id: 1,
          server: 'Main CCcam',
          cause: 'unreachable',
          started_at: '2026-11-20T03:12:00.000Z',
          ended_at: '2026-11-20T05:17:00.000Z',
          affected_lines: 118,
          compensated_lines: 112,
          compensated_minutes: 14_112,
        },
      ],
    },
  },
};
