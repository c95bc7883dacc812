import { linesOwner, type MatrixRow } from './access-matrix-rules.js';

/**
 * Freezing the victim's line: every reseller's try answers 404 (not their line, not their tree),
 * plain users 403. The admin freezes it and unfreezes it again (either may find it already so,
 * depending on which runs first: 409).
 * Restoring it (it is not archived) reaches the line too: 409 for the admin.
 */
export const freezeRows: Record<string, MatrixRow> = {
  'POST /api/lines/{id}/freeze': { params: { id: 'victimLine' }, ...linesOwner, admin: [200, 409] },
  'POST /api/lines/{id}/unfreeze': { params: { id: 'victimLine' }, ...linesOwner, admin: [200, 409] },
  // The victim's line is not archived: the admin reaches it and is told so (409 LINE_NOT_ARCHIVED).
  'POST /api/lines/{id}/restore': { params: { id: 'victimLine' }, ...linesOwner, admin: 409 },
  // A customer's ask for a freeze is answered by the line's owner (or an admin) only; the victim's
  // line has no open ask, so the admin, who may, is told there is none.
  // The victim's line has no ask: the admin reads that (null), nobody else reaches the line.
  'GET /api/lines/{id}/freeze-request': { params: { id: 'victimLine' }, ...linesOwner, admin: 200 },
  'POST /api/lines/{id}/freeze-request/approve': { params: { id: 'victimLine' }, ...linesOwner, admin: 404 },
  'POST /api/lines/{id}/freeze-request/refuse': { params: { id: 'victimLine' }, ...linesOwner, admin: 404 },
};
