import type { RouteExamples } from '../../platform/openapi-examples.js';

// An unreachable database answers 503 `{status: 'error', db: 'error'}`, not an error envelope; an
// instance that is not ready answers 503 `{status: 'error', db, migrations, shutting_down}`.
export const healthExamples: RouteExamples = {
  'GET /api/health': { response: { status: 'ok', db: 'ok' } },
  'GET /api/health/live': { response: { status: 'ok' } },
  'GET /api/health/ready': { response: { status: 'ok', db: 'ok', migrations: 'ok' } },
};
