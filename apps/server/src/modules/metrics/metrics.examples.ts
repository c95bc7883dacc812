import type { RouteExamples } from '../../platform/openapi-examples.js';

export const metricsExamples: RouteExamples = {
  'GET /api/metrics': {
    rawResponse: {
      contentType: 'text/plain; version=0.0.4; charset=utf-8',
      example: [
        '# HELP linedesk_http_requests_total Requests answered, by method, route pattern and status',
        '# TYPE linedesk_http_requests_total counter',
        'linedesk_http_requests_total{method="GET",route="/api/lines",status="200"} 1523',
        '# HELP linedesk_queue_items Background work by queue and state (due, running, failed)',
        '# TYPE linedesk_queue_items gauge',
        'linedesk_queue_items{queue="line_sync",state="due"} 0',
        '# HELP linedesk_lines Lines by status (active, expired, suspended, trial)',
        '# TYPE linedesk_lines gauge',
        'linedesk_lines{state="active"} 98214',
        '',
      ].join('\n'),
    },
  },
};
