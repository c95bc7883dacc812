import type { RouteExamples } from '../../platform/openapi-examples.js';

export const reminderExamples: RouteExamples = {
  'GET /api/reminders/settings': { response: { days: 3 } },
  'PUT /api/reminders/settings': {
    body: { days: 7 },
    response: { days: 7 },
  },
  'GET /api/reminders/preference': { response: { enabled: true } },
  'PUT /api/reminders/preference': {
    body: { enabled: false },
    response: { enabled: false },
  },
  // Four owners were messaged, listing eleven lines that expire within the next three days; six of
  // those lines' customers were mailed their own reminder.
  'POST /api/reminders/run': {
    response: { owners: 4, lines: 11, days: 3, customers: 6 },
  },
};
