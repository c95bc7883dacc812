import { linesOwner, type MatrixRow } from './access-matrix-rules.js';

/**
 * The access matrix's rows for the customer portal. No role of the panel is a portal customer: a
 * panel session or API key is refused (401) wherever the portal wants its own sign-in (and is told
 * no customer is signed in where the portal asks who is), and a code
 * nobody holds is not found whoever activates it.
 */
export const portalRows: Record<string, MatrixRow> = {
  'POST /api/portal/sign-in': {
    body: () => ({ username: 'matrix-no-such-line', password: 'matrix-guess' }),
    anonymous: 401,
    signedIn: 401,
  },
  'POST /api/portal/sign-out': { anonymous: 200, signedIn: 200 },
  // Nobody signed in to the portal: the answer says so (null) rather than refusing.
  'GET /api/portal/me': { anonymous: 200, signedIn: 200 },
  'POST /api/portal/activate': {
    body: () => ({ code: 'ZZZZ-ZZZZ-ZZZZ-ZZZZ' }),
    anonymous: 404,
    signedIn: 404,
  },
  'POST /api/portal/password': {
    body: () => ({ current_password: 'matrix-guess', new_password: 'matrix-new-password' }),
    anonymous: 401,
    signedIn: 401,
  },
  // Only a signed-in customer asks, and only about their own line.
  'POST /api/portal/renewal-request': { anonymous: 401, signedIn: 401 },
  'POST /api/portal/freeze-request': {
    body: () => ({ starts_on: new Date().toISOString().slice(0, 10), days: 3 }),
    anonymous: 401,
    signedIn: 401,
  },
  // The portal setting is each reseller's own, for their own customers.
  'GET /api/portal/settings': { anonymous: 401, user: 403, reseller: 200, admin: 200 },
  'PUT /api/portal/settings': {
    body: () => ({ enabled: true, contact: 'matrix contact', customer_reminder_days: 3 }),
    anonymous: 401,
    user: 403,
    reseller: 200,
    admin: 200,
  },
  // A customer's ask is dismissed by the line's owner (or an admin) only: another's line is not found;
  // the victim's line has no open ask, so the admin, who may, is told there is none.
  'DELETE /api/portal/renewal-requests/{id}': { params: { id: 'victimLine' }, ...linesOwner, admin: 404 },
};
