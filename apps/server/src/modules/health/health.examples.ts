import type { RouteExamples } from '../../platform/openapi-examples.js';

// An unreachable database answers 503 `{status: 'error', db: 'error'}`, not an error envelope.
export const healthExamples: RouteExamples = {
  'GET /api/health': { response: { status: 'ok', db: 'ok' } },
};
