import type { MatrixRow, StaffActor } from './access-matrix-rules.js';

type Status = number | readonly number[];

/**
 * What each staff member (scoped to reseller A's subtree, the victim outside it) gets in the
 * operations of its role; in every other it answers as `user` does. Inside the role a row of the
 * victim's is another owner's row (404), a list is narrowed to the scope (200, nothing of the
 * victim's), and what concerns the panel as a whole stays refused to a scoped member (403).
 */
export const staffAnswers: Record<string, Partial<Record<StaffActor, Status>>> = {
  // support: tickets, messages, reading lines
  'GET /api/lines': { support: 200, operations: 200 },
  'GET /api/lines/{id}': { support: 404, operations: 404 },
  'GET /api/lines/{id}/events': { support: 404 },
  'GET /api/tickets': { support: 200 },
  'GET /api/tickets/unread-count': { support: 200 },
  'GET /api/tickets/assignees': { support: 403 },
  'GET /api/tickets/{id}': { support: 404 },
  'PATCH /api/tickets/{id}': { support: 404 },
  'GET /api/tickets/{id}/replies': { support: 404 },
  'POST /api/tickets/{id}/replies': { support: 404 },
  'GET /api/tickets/{id}/attachments/{attachmentId}': { support: 404 },
  'POST /api/messages': { support: 403 },
  // billing: payments and top-ups
  'GET /api/topups': { billing: 200 },
  'GET /api/topups/pending-count': { billing: 403 },
  'GET /api/topups/{id}': { billing: 404 },
  'GET /api/topups/{id}/proof': { billing: 404 },
  'GET /api/topups/{id}/receipt': { billing: 404 },
  'GET /api/topups/{id}/receipt.pdf': { billing: 404 },
  'POST /api/topups/{id}/approve': { billing: 404 },
  'POST /api/topups/{id}/reject': { billing: 404 },
  // operations: servers and moves between them
  'GET /api/servers': { operations: 403 },
  'POST /api/servers': { operations: 403 },
  'GET /api/servers/{id}': { operations: 403 },
  'PATCH /api/servers/{id}': { operations: 403 },
  'DELETE /api/servers/{id}': { operations: 403 },
  'POST /api/servers/check': { operations: 403 },
  'POST /api/servers/{id}/test': { operations: 403 },
  'PUT /api/servers/{id}/standby': { operations: 403 },
  'POST /api/servers/{id}/promote-standby': { operations: 403 },
  'GET /api/servers/{id}/ecm-stats': { operations: 403 },
  'GET /api/servers/{id}/load': { operations: 403 },
  'PUT /api/servers/{id}/load-alert-settings': { operations: 403 },
  'POST /api/lines/server-move/preview': { operations: 403 },
  'POST /api/lines/server-move': { operations: 403 },
};

/** The rows with the staff members' answers of `staffAnswers` added. */
export function withStaffAnswers(rows: Record<string, MatrixRow>): Record<string, MatrixRow> {
  return Object.fromEntries(
    Object.entries(rows).map(([key, row]) => [key, { ...row, ...staffAnswers[key] }]),
  );
}
