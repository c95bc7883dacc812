import type { ChangeEvent } from '@linedesk/shared';
import type { RouteExamples } from '../platform/openapi-examples.js';

const RESELLER_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

/** One frame as events.routes.ts writes it: the table as the event name, action and id as data. */
function frame(event: Omit<ChangeEvent, 'audience'>): string {
  return `event: ${event.table}\ndata: ${JSON.stringify({ action: event.action, id: event.id })}\n\n`;
}

// What a reseller's browser receives when they renew line 42 and an admin then messages them; the
// comment lines (`: ...`) are the greeting and the 25-second heartbeat.
const stream =
  ': connected\nretry: 3000\n\n' +
  frame({ table: 'users', action: 'update', id: '42' }) +
  frame({ table: 'auth_users', action: 'update', id: RESELLER_ID }) +
  frame({ table: 'credit_ledger', action: 'insert', id: RESELLER_ID }) +
  ': ping\n\n' +
  frame({ table: 'messages', action: 'insert', id: '318' });

export const eventExamples: RouteExamples = {
  'GET /api/events': {
    rawResponse: { contentType: 'text/event-stream', example: stream },
  },
};
