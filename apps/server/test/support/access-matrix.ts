/**
 * Who may call which operation of `/api/openapi.json`, on objects owned by someone else.
 *
 * One row per operation (`METHOD /path` as in the OpenAPI document). `access-matrix.api.test.ts`
 * calls every operation as every role and fails for an operation without a row here, so a new
 * endpoint cannot skip the question "who may call this, and on whose rows".
 *
 * The objects named in `params`/`query`/`body` belong to the victim (a reseller none of the roles
 * owns) or to the admin (codes, packages, groups, servers, KB). An answer of 4xx is a refusal: the
 * test asserts nothing in the database changed. A 2xx answer is the documented answer of a role that
 * legitimately may act; those calls run after every refusal, and no answer to a non-admin may carry
 * the victim's data.
 */

export type Role = 'anonymous' | 'user' | 'resellerA' | 'resellerB' | 'subResellerA' | 'admin' | 'apiKeyA';

export const roles: readonly Role[] = [
  'anonymous',
  'user',
  'resellerA',
  'resellerB',
  'subResellerA',
  'apiKeyA',
  'admin',
];

/** Ids and values the test's setup created through the API. */
export type Fixtures = {
  victimId: string;
  victimEmail: string;
  victimLine: number;
  victimTicket: number;
  victimAttachment: string;
  victimTopup: number;
  victimTopupToReject: number;
  victimApiKey: string;
  victimSession: string;
  victimMessage: number;
  /** A bulk action the victim started (finished before the walk). */
  victimBulkJob: number;
  /** An account that signed up and never confirmed its email. */
  unconfirmedAccount: string;
  server: number;
  spareServer: number;
  redeemCode: number;
  redeemCodeText: string;
  redeemCodeTextForKey: string;
  creditPackage: number;
  linePlan: number;
  group: number;
  kbCategory: number;
  kbArticleCategory: number;
  kbDraft: number;
};

type Status = number | readonly number[];

/**
 * `reseller` is the answer for reseller A, reseller B, the sub-reseller of A and the API key of A,
 * unless a row names one of them itself. `signedIn` fills user, the resellers and admin.
 */
export type Expectation = {
  anonymous?: Status;
  user?: Status;
  reseller?: Status;
  admin?: Status;
  signedIn?: Status;
} & Partial<Record<Exclude<Role, 'anonymous' | 'user' | 'admin'>, Status>>;

export type MatrixRow = Expectation & {
  /** Path parameters by name → the fixture to use. */
  params?: Record<string, keyof Fixtures>;
  query?: (f: Fixtures) => Record<string, string>;
  /** JSON body; without it the operation's documented example is sent. */
  body?: (f: Fixtures, role: Role) => unknown;
  /** A multipart form instead of JSON. */
  form?: Record<string, string>;
  /** Server-Sent Events: only the status is read, then the stream is closed. */
  stream?: true;
};

/** The expected status of `role` for a row, or undefined when the row does not say. */
export function expected(row: MatrixRow, role: Role): Status | undefined {
  if (role === 'anonymous') return row.anonymous;
  if (role === 'user' || role === 'admin') return row[role] ?? row.signedIn;
  return row[role] ?? row.reseller ?? row.signedIn;
}

/** The password each role's account was made with (the test's setup). */
function passwordOf(role: Role): string {
  if (role === 'admin') return 'admin-password-1';
  if (role === 'subResellerA') return 'sub-password-1';
  return 'user-password-1';
}

/** A bulk action on the victim's line, asked for a different way by each role. */
function bulkBody(f: Fixtures, role: Role): unknown {
  if (role === 'resellerB') return { action: 'disable', filter: { owner_id: f.victimId } };
  if (role === 'apiKeyA') return { action: 'delete', filter: {} };
  if (role === 'subResellerA') return { action: 'move', ids: [f.victimLine], target_owner_id: f.victimId };
  return { action: 'renew', ids: [f.victimLine], subscription_months: 1 };
}

const adminOnly = { anonymous: 401, user: 403, reseller: 403 } as const;
/** Another owner's row: not signed in 401, anyone else 404 (never 403, so ids reveal nothing). */
const ownerOnly = { anonymous: 401, user: 404, reseller: 404 } as const;
/** Lines need view_users: plain users 403, other resellers' lines 404. */
const linesOwner = { anonymous: 401, user: 403, reseller: 404 } as const;
/** Keys and sessions are managed from a browser session only. */
const browserOnly = { apiKeyA: 403 } as const;

export const accessMatrix: Record<string, MatrixRow> = {
  'GET /api/health': { anonymous: 200, signedIn: 200 },
  'GET /api/locale/country': { anonymous: 200, signedIn: 200 },

  // Auth
  'POST /api/auth/sign-up': {
    body: (_f, role) => ({ email: `matrix-sign-up-${role}@example.com`, password: 'sign-up-password-1' }),
    anonymous: 201,
    signedIn: 201,
  },
  'POST /api/auth/sign-in': {
    // Someone else's email with a wrong password: refused for everyone.
    body: (f) => ({ email: f.victimEmail, password: 'not-the-password-1' }),
    anonymous: 401,
    signedIn: 401,
  },
  'POST /api/auth/verify-email': { body: () => ({ token: 'forged-token' }), anonymous: 400, signedIn: 400 },
  // Without a session there is nothing to end; the answer only clears the cookie.
  'POST /api/auth/sign-out': { anonymous: 200, signedIn: 200 },
  'POST /api/auth/change-password': {
    body: () => ({ current_password: 'not-the-password-1', new_password: 'matrix-password-2' }),
    anonymous: 401,
    signedIn: 400,
    ...browserOnly,
  },
  // Anyone may ask: the answer is the same whether or not the address has an account (the mail goes
  // out only when it has). Each role asks for its own address, so no role meets another's limit.
  'POST /api/auth/forgot-password': {
    body: (_f, role) => ({ email: `matrix-forgot-${role}@example.com` }),
    anonymous: 200,
    signedIn: 200,
  },
  'POST /api/auth/reset-password': {
    body: () => ({ token: 'forged-reset-token', new_password: 'matrix-password-2' }),
    anonymous: 400,
    signedIn: 400,
  },
  // Only the challenge cookie a right password left names the account; a session or key does not.
  'POST /api/auth/two-factor/verify': { body: () => ({ code: '123456' }), anonymous: 401, signedIn: 401 },
  // Each signed-in browser session starts it on its own account, with its own password.
  'POST /api/auth/two-factor/enable': {
    body: (_f, role) => ({ password: passwordOf(role) }),
    anonymous: 401,
    signedIn: 200,
    ...browserOnly,
  },
  // Nobody has started it when the refusals run, so there is nothing to confirm or turn off.
  'POST /api/auth/two-factor/confirm': {
    body: () => ({ code: '123456' }),
    anonymous: 401,
    signedIn: 409,
    ...browserOnly,
  },
  'POST /api/auth/two-factor/disable': {
    body: (_f, role) => ({ password: passwordOf(role) }),
    anonymous: 401,
    signedIn: 409,
    ...browserOnly,
  },
  // Anyone may ask; each role for its own address, so the per-address limit is not what answers.
  'POST /api/auth/resend-confirmation': {
    body: (_f, role) => ({ email: `matrix-resend-${role}@example.com` }),
    anonymous: 200,
    signedIn: 200,
  },
  'GET /api/auth/sessions': { anonymous: 401, signedIn: 200, ...browserOnly },
  'DELETE /api/auth/sessions/{id}': {
    params: { id: 'victimSession' },
    ...ownerOnly,
    admin: 404,
    ...browserOnly,
  },

  // Accounts and credits
  'GET /api/me': { anonymous: 401, signedIn: 200 },
  'PATCH /api/me': { body: () => ({ full_name: 'Matrix Caller' }), anonymous: 401, signedIn: 200 },
  'GET /api/accounts': {
    query: (f) => ({ owner_id: f.victimId }),
    anonymous: 401,
    signedIn: 200,
  },
  'POST /api/accounts': {
    // Creating an admin account: only admins may.
    body: (_f, role) => ({ email: `matrix-made-by-${role}@example.com`, group_id: 1 }),
    anonymous: 401,
    user: 403,
    reseller: 403,
    admin: 201,
  },
  'POST /api/accounts/invite/accept': {
    body: () => ({ token: 'forged-invite-token', password: 'matrix-password-1' }),
    anonymous: 400,
    signedIn: 400,
  },
  'GET /api/accounts/{id}': { params: { id: 'victimId' }, ...ownerOnly, admin: 200 },
  'PATCH /api/accounts/{id}': {
    params: { id: 'victimId' },
    body: () => ({ notes: 'changed by the matrix', full_name: 'Renamed' }),
    ...ownerOnly,
    admin: 200,
  },
  'POST /api/accounts/{id}/resend-confirmation': {
    params: { id: 'unconfirmedAccount' },
    ...adminOnly,
    admin: 200,
  },
  'DELETE /api/accounts/{id}/sessions': { params: { id: 'victimId' }, ...adminOnly, admin: 200 },
  'POST /api/accounts/{id}/credits': {
    params: { id: 'victimId' },
    body: () => ({ amount: 5 }),
    ...ownerOnly,
    user: 403,
    admin: 200,
  },
  'PUT /api/accounts/{id}/credits': {
    params: { id: 'victimId' },
    body: () => ({ credits: 100_000 }),
    ...adminOnly,
    admin: 200,
  },
  'POST /api/accounts/{id}/transfer': {
    params: { id: 'victimId' },
    body: () => ({ amount: 1 }),
    ...ownerOnly,
    user: 403,
    admin: 200,
  },
  'GET /api/credits/ledger': {
    query: (f) => ({ account_id: f.victimId }),
    ...ownerOnly,
    admin: 200,
  },

  // Audit log: admins read every entry; resellers only entries about their own sub-accounts, so a
  // filter on the victim answers an empty page rather than a refusal.
  'GET /api/audit-log': {
    query: (f) => ({ target: f.victimId }),
    anonymous: 401,
    user: 403,
    reseller: 200,
    admin: 200,
  },
  'GET /api/audit-log/export.csv': {
    query: (f) => ({ target: f.victimId }),
    anonymous: 401,
    user: 403,
    reseller: 200,
    admin: 200,
  },

  // Redeem codes
  'GET /api/redeem-codes': { ...adminOnly, admin: 200 },
  'POST /api/redeem-codes': { body: () => ({ credits: 3, count: 1 }), ...adminOnly, admin: 201 },
  'PATCH /api/redeem-codes/{id}': {
    params: { id: 'redeemCode' },
    body: () => ({ description: 'changed by the matrix' }),
    ...adminOnly,
    admin: 200,
  },
  'DELETE /api/redeem-codes/{id}': { params: { id: 'redeemCode' }, ...adminOnly, admin: 204 },
  // Any signed-in account may redeem an admin's code; the key of A is A, so it gets a code of its own.
  'POST /api/redeem': {
    body: (f, role) => ({ code: role === 'apiKeyA' ? f.redeemCodeTextForKey : f.redeemCodeText }),
    anonymous: 401,
    signedIn: 200,
  },
  'GET /api/redeem-history': {
    query: (f) => ({ user_id: f.victimId }),
    anonymous: 401,
    signedIn: 200,
  },

  // Pricing and top-ups
  'GET /api/pricing': { anonymous: 401, signedIn: 200 },
  'GET /api/credit-packages': {
    query: () => ({ include_inactive: 'true' }),
    anonymous: 401,
    signedIn: 200,
  },
  'POST /api/credit-packages': { ...adminOnly, admin: 201 },
  'PATCH /api/credit-packages/{id}': {
    params: { id: 'creditPackage' },
    body: () => ({ price_cents: 1 }),
    ...adminOnly,
    admin: 200,
  },
  'DELETE /api/credit-packages/{id}': { params: { id: 'creditPackage' }, ...adminOnly, admin: 204 },
  'POST /api/topups': {
    body: (f) => ({ package_id: f.creditPackage, payment_reference: 'matrix reference' }),
    anonymous: 401,
    signedIn: 201,
  },
  'GET /api/topups': { query: (f) => ({ account_id: f.victimId }), anonymous: 401, signedIn: 200 },
  'GET /api/topups/pending-count': { ...adminOnly, admin: 200 },
  'POST /api/topups/{id}/approve': { params: { id: 'victimTopup' }, ...adminOnly, admin: 200 },
  'POST /api/topups/{id}/reject': {
    params: { id: 'victimTopupToReject' },
    body: () => ({ reason: 'No payment arrived' }),
    ...adminOnly,
    admin: 200,
  },

  // Groups
  'GET /api/groups': { ...adminOnly, admin: 200 },
  'POST /api/groups': {
    body: (_f, role) => ({ name: `Matrix ${role}`, permissions: ['manage_users'] }),
    ...adminOnly,
    admin: 201,
  },
  'PATCH /api/groups/{id}': {
    params: { id: 'group' },
    body: () => ({ permissions: ['manage_users', 'add_credits'] }),
    ...adminOnly,
    admin: 200,
  },
  'DELETE /api/groups/{id}': { params: { id: 'group' }, ...adminOnly, admin: 204 },

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
  'POST /api/servers/{id}/reconcile': { params: { id: 'server' }, ...adminOnly, admin: 200 },
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
  // on the victim, by "every line I see" — and finds nothing to act on; moving is for admins only.
  'POST /api/lines/bulk/preview': {
    body: bulkBody,
    anonymous: 401,
    user: 403,
    reseller: 200,
    subResellerA: 403,
    admin: 200,
  },
  'POST /api/lines/bulk': {
    body: bulkBody,
    anonymous: 401,
    user: 403,
    // Nothing the caller may touch was chosen: refused before any job exists.
    reseller: 422,
    subResellerA: 403,
    admin: 202,
  },
  // Only the account that started a bulk action sees it, admins included (its CSV holds passwords).
  'GET /api/lines/bulk/{id}': { params: { id: 'victimBulkJob' }, ...linesOwner, admin: 404 },
  'GET /api/lines/bulk/{id}/results.csv': {
    params: { id: 'victimBulkJob' },
    ...linesOwner,
    admin: 404,
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
  'GET /api/line-settings': { anonymous: 401, user: 403, reseller: 200, admin: 200 },
  'PUT /api/line-settings': { body: () => ({ trial_days: 2 }), ...adminOnly, admin: 200 },
  // Who is online: the line's owner and admins; the victim's line has no live connection to kick.
  'GET /api/lines/{id}/connections': { params: { id: 'victimLine' }, ...linesOwner, admin: 200 },
  'POST /api/lines/{id}/connections/kick': {
    params: { id: 'victimLine' },
    body: () => ({ connection_id: 'id_0x7f3a2c001200' }),
    ...linesOwner,
    admin: 404,
  },
  'GET /api/dashboard/online': { anonymous: 401, user: 403, reseller: 200, admin: 200 },
  'GET /api/sharing-settings': { ...adminOnly, admin: 200 },
  'PUT /api/sharing-settings': { body: () => ({ max_ips_in_window: 4 }), ...adminOnly, admin: 200 },

  // API keys
  'GET /api/api-keys': { anonymous: 401, signedIn: 200, ...browserOnly },
  'POST /api/api-keys': {
    body: (_f, role) => ({ name: `Matrix ${role}` }),
    anonymous: 401,
    signedIn: 201,
    ...browserOnly,
  },
  'DELETE /api/api-keys/{id}': {
    params: { id: 'victimApiKey' },
    ...ownerOnly,
    admin: 404,
    ...browserOnly,
  },

  // Dashboard, reminders, system
  // owner_id narrows an admin's figures; anyone else gets their own, whatever they ask for.
  'GET /api/dashboard': { query: (f) => ({ owner_id: f.victimId }), anonymous: 401, signedIn: 200 },
  'GET /api/reminders/settings': { anonymous: 401, signedIn: 200 },
  'PUT /api/reminders/settings': { body: () => ({ days: 3 }), ...adminOnly, admin: 200 },
  'GET /api/reminders/preference': { anonymous: 401, signedIn: 200 },
  'PUT /api/reminders/preference': { body: () => ({ enabled: false }), anonymous: 401, signedIn: 200 },
  'POST /api/reminders/run': { ...adminOnly, admin: 200 },
  'GET /api/setup-guide': { ...adminOnly, admin: 200 },
  'PUT /api/setup-guide': { body: () => ({ hidden: false }), ...adminOnly, admin: 200 },
  'GET /api/security-settings': { ...adminOnly, admin: 200 },
  // Nothing required, so the walk's own admin session is not held up by the setting it sets.
  'PATCH /api/security-settings': {
    body: () => ({ require_two_factor_admins: false, require_two_factor_resellers: false }),
    ...adminOnly,
    admin: 200,
  },
  'GET /api/system/status': { ...adminOnly, admin: 200 },
  // PostgreSQL is backed up by its own tools: 409 there.
  'POST /api/system/backup': { ...adminOnly, admin: [201, 409] },

  // Messages
  'GET /api/messages': { query: () => ({ scope: 'all' }), anonymous: 401, signedIn: 200 },
  'POST /api/messages': {
    body: (f) => ({ title: 'Matrix message', content: 'Sent by the matrix', recipient_email: f.victimEmail }),
    ...adminOnly,
    admin: 201,
  },
  'GET /api/messages/unread': { anonymous: 401, signedIn: 200 },
  'POST /api/messages/read-all': { anonymous: 401, signedIn: 200 },
  'GET /api/messages/{id}': { params: { id: 'victimMessage' }, ...ownerOnly, admin: 200 },
  'DELETE /api/messages/{id}': { params: { id: 'victimMessage' }, ...adminOnly, admin: 204 },
  'POST /api/messages/{id}/read': { params: { id: 'victimMessage' }, ...ownerOnly, admin: 404 },

  // Knowledge base
  'GET /api/kb/categories': { anonymous: 401, signedIn: 200 },
  'POST /api/kb/categories': { body: (_f, role) => ({ name: `Matrix ${role}` }), ...adminOnly, admin: 201 },
  'PATCH /api/kb/categories/{id}': {
    params: { id: 'kbCategory' },
    body: () => ({ name: 'Renamed by the matrix' }),
    ...adminOnly,
    admin: 200,
  },
  'DELETE /api/kb/categories/{id}': { params: { id: 'kbCategory' }, ...adminOnly, admin: 204 },
  'GET /api/kb/articles': { anonymous: 401, signedIn: 200 },
  'POST /api/kb/articles': {
    body: (f) => ({ title: 'Matrix article', body: 'Text', category_id: f.kbArticleCategory }),
    ...adminOnly,
    admin: 201,
  },
  'PUT /api/kb/articles/order': { body: (f) => ({ ids: [f.kbDraft] }), ...adminOnly, admin: 204 },
  'GET /api/kb/articles/{id}': { params: { id: 'kbDraft' }, ...ownerOnly, admin: 200 },
  'PATCH /api/kb/articles/{id}': {
    params: { id: 'kbDraft' },
    body: () => ({ published: true }),
    ...adminOnly,
    admin: 200,
  },
  'DELETE /api/kb/articles/{id}': { params: { id: 'kbDraft' }, ...adminOnly, admin: 204 },

  // Contact
  'GET /api/contact': { anonymous: 401, signedIn: 200 },
  'PUT /api/contact': { body: () => ({ note: 'Changed by the matrix' }), ...adminOnly, admin: 200 },
  'POST /api/contact/message': { anonymous: 401, signedIn: 201 },

  'GET /api/events': { stream: true, anonymous: 401, signedIn: 200 },

  // Tickets
  'GET /api/tickets': { anonymous: 401, signedIn: 200 },
  'POST /api/tickets': {
    body: () => ({ title: 'Matrix ticket', description: 'Opened by the matrix' }),
    anonymous: 401,
    signedIn: 201,
  },
  'GET /api/tickets/unread-count': { anonymous: 401, signedIn: 200 },
  'GET /api/tickets/assignees': { ...adminOnly, admin: 200 },
  'GET /api/tickets/setup-status': { ...adminOnly, admin: 200 },
  'GET /api/tickets/mail-preference': { anonymous: 401, signedIn: 200 },
  'PUT /api/tickets/mail-preference': {
    body: () => ({ ticket_reply_mail: false }),
    anonymous: 401,
    signedIn: 200,
  },
  'GET /api/tickets/{id}': { params: { id: 'victimTicket' }, ...ownerOnly, admin: 200 },
  'PATCH /api/tickets/{id}': {
    params: { id: 'victimTicket' },
    body: () => ({ status: 'closed' }),
    ...ownerOnly,
    admin: 200,
  },
  'DELETE /api/tickets/{id}': { params: { id: 'victimTicket' }, ...ownerOnly, admin: 204 },
  'GET /api/tickets/{id}/replies': { params: { id: 'victimTicket' }, ...ownerOnly, admin: 200 },
  'POST /api/tickets/{id}/replies': {
    params: { id: 'victimTicket' },
    form: { content: 'Reply from the matrix' },
    // The spec's own refusal, 'You do not have permission to reply to this ticket', which a missing
    // ticket answers too, so it tells nothing about which tickets exist.
    ...ownerOnly,
    user: 403,
    reseller: 403,
    admin: 201,
  },
  'GET /api/tickets/{id}/attachments/{attachmentId}': {
    params: { id: 'victimTicket', attachmentId: 'victimAttachment' },
    ...ownerOnly,
    admin: 200,
  },
};
