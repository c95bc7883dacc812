import { adminOnly, bulkBody, linesOwner, type Fixtures, type MatrixRow } from './access-matrix-rules.js';

/** An adoption of an account the server does not have: answered per account, nothing written. */
const adoptionBody = (f: Fixtures) => ({
  accounts: [{ username: 'matrix-foreign', fingerprint: 'not-listed' }],
  owner_id: f.victimId,
  plan_id: 1,
  charge_months: null,
  expiry_date: null,
});

const serverMoveBody = (f: Fixtures) => ({ ids: [f.victimLine, 2_000_000_000], target_server_id: f.server });

/** The access matrix's rows for servers, lines, bulk actions, activation codes, plans and connections. */
export const lineRows: Record<string, MatrixRow> = {
  // Servers
  'GET /api/servers': { ...adminOnly, admin: 200 },
  'POST /api/servers': { ...adminOnly, admin: 201 },
  'GET /api/servers/active': { anonymous: 401, signedIn: 200 },
  'POST /api/servers/check': { ...adminOnly, admin: 200 },
  'GET /api/servers/{id}': { params: { id: 'server' }, ...adminOnly, admin: 200 },
  'PATCH /api/servers/{id}': {
    params: { id: 'spareServer' },
    body: () => ({ server_name: 'Renamed by the matrix' }),
    ...adminOnly,
    admin: 200,
  },
  'DELETE /api/servers/{id}': { params: { id: 'spareServer' }, ...adminOnly, admin: 204 },
  'POST /api/servers/{id}/test': { params: { id: 'server' }, ...adminOnly, admin: 200 },
  'POST /api/servers/{id}/agent-call': {
    params: { id: 'server' },
    body: () => ({ endpoint: 'health' }),
    ...adminOnly,
    admin: 200,
  },
  // Null on a server without a standby: answered, nothing changes.
  'PUT /api/servers/{id}/standby': {
    params: { id: 'server' },
    body: () => ({ standby_id: null }),
    ...adminOnly,
    admin: 200,
  },
  'POST /api/servers/{id}/promote-standby': { params: { id: 'server' }, ...adminOnly, admin: 422 },
  'POST /api/servers/{id}/reconcile': { params: { id: 'server' }, ...adminOnly, admin: 200 },
  'POST /api/servers/{id}/install-command': { params: { id: 'server' }, ...adminOnly, admin: 200 },
  'GET /api/servers/{id}/unmanaged-accounts': { params: { id: 'server' }, ...adminOnly, admin: 200 },
  'POST /api/servers/{id}/adoption/preview': {
    params: { id: 'server' },
    body: adoptionBody,
    ...adminOnly,
    admin: 200,
  },
  'POST /api/servers/{id}/adoption': {
    params: { id: 'server' },
    body: adoptionBody,
    ...adminOnly,
    admin: 200,
  },
  // The install command's token is the credential: no caller gets a server's login without one.
  'POST /api/agent-install/settings': {
    body: () => ({ token: 'ld2.1.1795683600.q8ZrV1cN0xT4bWmY.Jd0x6m3mQ2VfKp7yYb8s1N4uRz5cT9wEaHgLqX0iUoA' }),
    anonymous: 400,
    signedIn: 400,
  },
  'GET /api/agent-install/release': { ...adminOnly, admin: 200 },
  'POST /api/agent-install/started': {
    body: () => ({ token: 'ld2.1.1795683600.q8ZrV1cN0xT4bWmY.Jd0x6m3mQ2VfKp7yYb8s1N4uRz5cT9wEaHgLqX0iUoA' }),
    anonymous: 400,
    signedIn: 400,
  },
  'GET /api/config': { anonymous: 401, signedIn: 200 },
  'GET /api/config.php': { anonymous: 401, signedIn: 200 },

  // Lines
  'GET /api/lines': {
    query: (f) => ({ owner_id: f.victimId }),
    anonymous: 401,
    user: 403,
    reseller: 200,
    admin: 200,
  },
  'POST /api/lines': {
    body: (f, role) => ({
      username: `matrix-${role}`,
      password: 'matrix-line-password',
      subscription_months: 1,
      server_id: f.server,
    }),
    anonymous: 401,
    user: 403,
    reseller: 201,
    admin: 201,
  },
  'GET /api/lines/export.csv': {
    query: (f) => ({ owner_id: f.victimId }),
    anonymous: 401,
    user: 403,
    reseller: 200,
    admin: 200,
  },
  'GET /api/lines/{id}': { params: { id: 'victimLine' }, ...linesOwner, admin: 200 },
  'PATCH /api/lines/{id}': {
    params: { id: 'victimLine' },
    body: () => ({ notes: 'changed by the matrix', password: 'stolen-password' }),
    ...linesOwner,
    admin: 200,
  },
  'DELETE /api/lines/{id}': { params: { id: 'victimLine' }, ...linesOwner, admin: 200 },
  'POST /api/lines/{id}/renew': {
    params: { id: 'victimLine' },
    body: () => ({ subscription_months: 1 }),
    ...linesOwner,
    admin: 200,
  },
  'POST /api/lines/{id}/sync': { params: { id: 'victimLine' }, ...linesOwner, admin: 200 },
  'GET /api/lines/{id}/events': { params: { id: 'victimLine' }, ...linesOwner, admin: 200 },
  // Bulk actions: each reseller tries to reach the victim's line another way — by id, by a filter
  // on the victim, by "every line I see" — and finds nothing to act on. The sub-reseller asks to give
  // the victim's line to the victim: an account outside its tree (404, as a row of another owner's).
  // (Giving lines within the mover's tree has its own tests: lines-bulk-move.api.test.ts.)
  'POST /api/lines/bulk/preview': {
    body: bulkBody,
    anonymous: 401,
    user: 403,
    reseller: 200,
    subResellerA: 404,
    admin: 200,
  },
  'POST /api/lines/bulk': {
    body: bulkBody,
    anonymous: 401,
    user: 403,
    // Nothing the caller may touch was chosen: refused before any job exists.
    reseller: 422,
    subResellerA: 404,
    admin: 202,
  },
  // Moving lines to another server is for admins only. The admin's move names a line already on the
  // target and one that does not exist: answered as a count, and refused when started, so the matrix
  // moves nothing.
  // The fixture's lines are already on the target server: refused for that, after access.
  'POST /api/lines/server-move/preview': { body: serverMoveBody, ...adminOnly, admin: 422 },
  'POST /api/lines/server-move': { body: serverMoveBody, ...adminOnly, admin: 422 },
  // Only the account that started a bulk action sees it, admins included (its CSV holds passwords).
  'GET /api/lines/bulk/{id}': { params: { id: 'victimBulkJob' }, ...linesOwner, admin: 404 },
  'GET /api/lines/bulk/{id}/results.csv': {
    params: { id: 'victimBulkJob' },
    ...linesOwner,
    admin: 404,
  },
  // Imports of lines are for admins, each seeing only its own.
  'POST /api/line-imports': { form: { format: 'auto' }, ...adminOnly, admin: 400 },
  'GET /api/line-imports/{id}': { params: { id: 'adminLineImport' }, ...adminOnly, admin: 200 },
  'POST /api/line-imports/{id}/preview': {
    params: { id: 'adminLineImport' },
    body: (f) => ({ mapping: { username: 0, password: 1 }, server_id: f.server }),
    ...adminOnly,
    admin: 200,
  },
  // Its only row is refused: nothing to import, and nothing starts.
  'POST /api/line-imports/{id}/start': {
    params: { id: 'adminLineImport' },
    body: (f) => ({ mapping: { username: 0, password: 1 }, server_id: f.server }),
    ...adminOnly,
    admin: 422,
  },
  'GET /api/line-imports/{id}/results.csv': {
    params: { id: 'adminLineImport' },
    ...adminOnly,
    admin: 200,
  },
  // Activation codes: each reseller generates and lists its own; another owner's code is not found.
  'POST /api/activation-codes/preview': {
    body: () => ({ count: 2, subscription_months: 1 }),
    anonymous: 401,
    user: 403,
    reseller: 200,
    admin: 200,
  },
  'POST /api/activation-codes': {
    body: () => ({ count: 1, subscription_months: 1 }),
    anonymous: 401,
    user: 403,
    reseller: 201,
    admin: 201,
  },
  'GET /api/activation-codes': { anonymous: 401, user: 403, reseller: 200, admin: 200 },
  'GET /api/activation-codes/export.csv': { anonymous: 401, user: 403, reseller: 200, admin: 200 },
  'POST /api/activation-codes/{id}/void': {
    params: { id: 'victimActivationCode' },
    ...linesOwner,
    admin: 200,
  },
  'POST /api/activation-codes/activate': {
    body: (f) => ({ code: f.victimActivationCodeText }),
    ...linesOwner,
    admin: 200,
  },
  // Plans are the admin's offer: resellers read the current ones to sell lines on, only admins change them.
  'GET /api/line-plans': {
    query: () => ({ include_archived: 'true' }),
    anonymous: 401,
    user: 403,
    reseller: 200,
    admin: 200,
  },
  'POST /api/line-plans': { ...adminOnly, admin: 201 },
  'PATCH /api/line-plans/{id}': {
    params: { id: 'linePlan' },
    body: () => ({ name: 'Renamed by the matrix' }),
    ...adminOnly,
    admin: 200,
  },
  // Locks: a plan's for admins; a line's for its owner and admins.
  'GET /api/line-plans/{id}/lock': { params: { id: 'linePlan' }, ...adminOnly, admin: 200 },
  'PUT /api/line-plans/{id}/lock': {
    params: { id: 'linePlan' },
    body: () => ({ lock: { countries: ['DE'], asns: [], no_datacenters: false } }),
    ...adminOnly,
    admin: 200,
  },
  'GET /api/lines/{id}/lock': { params: { id: 'victimLine' }, ...linesOwner, admin: 200 },
  'PUT /api/lines/{id}/lock': {
    params: { id: 'victimLine' },
    body: () => ({ lock: { countries: [], asns: [3320], no_datacenters: true } }),
    ...linesOwner,
    admin: 200,
  },
  'GET /api/line-settings': { anonymous: 401, user: 403, reseller: 200, admin: 200 },
  'PUT /api/line-settings': { body: () => ({ trial_days: 2 }), ...adminOnly, admin: 200 },
  // Who is online: the line's owner and admins; the victim's line has no live connection to kick.
  'GET /api/lines/{id}/connections': { params: { id: 'victimLine' }, ...linesOwner, admin: 200 },
  'GET /api/lines/{id}/sharing': { params: { id: 'victimLine' }, ...linesOwner, admin: 200 },
  'POST /api/lines/{id}/connections/kick': {
    params: { id: 'victimLine' },
    body: () => ({ connection_id: 'id_0x7f3a2c001200' }),
    ...linesOwner,
    admin: 404,
  },
  'GET /api/dashboard/online': { anonymous: 401, user: 403, reseller: 200, admin: 200 },
  'GET /api/dashboard/todo': { anonymous: 401, user: 403, reseller: 200, admin: 200 },
  // ECM statistics: a line's for its owner and admins; a server's and the retention for admins.
  'GET /api/lines/{id}/ecm-stats': { params: { id: 'victimLine' }, ...linesOwner, admin: 200 },
  'GET /api/servers/{id}/ecm-stats': { params: { id: 'server' }, ...adminOnly, admin: 200 },
  'GET /api/dashboard/ecm': { anonymous: 401, user: 403, reseller: 200, admin: 200 },
  'GET /api/ecm-settings': { ...adminOnly, admin: 200 },
  'PUT /api/ecm-settings': { body: () => ({ minute_retention_hours: 24 }), ...adminOnly, admin: 200 },
  // Outages: everyone who sells lines, each scoped to the servers of their lines.
  'GET /api/outages': { anonymous: 401, user: 403, reseller: 200, admin: 200 },
  // The admin may write to the victim line's customer: sent, or refused for want of an email or for
  // one sent within the week (409).
  'POST /api/lines/{id}/win-back': { params: { id: 'victimLine' }, ...linesOwner, admin: [200, 409] },
  // Load alerts: a server machine's load and the thresholds, for admins.
  'GET /api/servers/{id}/load': { params: { id: 'server' }, ...adminOnly, admin: 200 },
  'GET /api/load-alert-settings': { ...adminOnly, admin: 200 },
  'PUT /api/load-alert-settings': { body: () => ({ for_minutes: 5 }), ...adminOnly, admin: 200 },
  'PUT /api/servers/{id}/load-alert-settings': {
    params: { id: 'server' },
    body: () => ({}),
    ...adminOnly,
    admin: 200,
  },
  'GET /api/sharing-settings': { ...adminOnly, admin: 200 },
  'PUT /api/sharing-settings': { body: () => ({ max_ips_in_window: 4 }), ...adminOnly, admin: 200 },
};
