import type {
  AcceptInviteBody,
  AccountPatch,
  CreateAccountBody,
  CreateAccountResult,
  CreditAmountBody,
  CreditOperationResult,
  LedgerEntry,
  ListResponse,
  ManagedAccount,
  Me,
  SetCreditsBody,
} from '@linedesk/shared';
import type { RouteExamples } from '../../platform/openapi-examples.js';

const ADMIN_ID = 'Ad9mQ4nX7vLc2RkT';
const RESELLER_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
/** Accounts created through POST /api/accounts get a UUID. */
const SUB_ACCOUNT_ID = 'c0a8012e-7f3b-4d2a-9b61-5e8f2d4c1a07';

/** The reseller most examples follow (its lines, credits and tickets appear across the docs). */
export const resellerMe: Me = {
  id: RESELLER_ID,
  email: 'reseller@example.com',
  username: 'reseller',
  profile_username: 'marek',
  full_name: 'Marek Nowak',
  notes: null,
  credits: 36,
  group_id: 2,
  group_name: 'Resellers',
  is_admin: false,
  owner_id: null,
  banned: false,
  status: 'active',
  email_verified: true,
  created_at: '2026-09-03T18:41:27.031Z',
  last_sign_in_at: '2026-11-22T09:12:40.118Z',
  permissions: ['view_users', 'add_credits'],
  language: 'pl',
};

/** A shop's account the reseller created without a password, so an invite mail went out. */
const invited: ManagedAccount = {
  id: SUB_ACCOUNT_ID,
  email: 'satshop@example.com',
  username: 'satshop',
  profile_username: 'satshop@example.com',
  full_name: 'Piotr Zielinski',
  notes: 'Walk-in shop in Gdansk, pays monthly',
  credits: 0,
  group_id: 3,
  group_name: 'Users',
  is_admin: false,
  owner_id: RESELLER_ID,
  banned: false,
  status: 'active',
  email_verified: false,
  created_at: '2026-11-22T09:14:03.512Z',
  last_sign_in_at: null,
  lines_count: 0,
  owner_email: 'reseller@example.com',
  display_credits: 0,
  display_group_id: 3,
};

/** The same shop a few weeks on: invite accepted, credits received (so moved to Resellers), lines sold. */
const subReseller: ManagedAccount = {
  ...invited,
  credits: 10,
  group_id: 2,
  group_name: 'Resellers',
  email_verified: true,
  last_sign_in_at: '2026-12-14T16:20:55.309Z',
  lines_count: 6,
  display_credits: 10,
  display_group_id: 2,
};

const createBody: CreateAccountBody = {
  email: 'satshop@example.com',
  full_name: 'Piotr Zielinski',
  notes: 'Walk-in shop in Gdansk, pays monthly',
};

const created: CreateAccountResult = { account: invited, invited: true };

const acceptInvite: AcceptInviteBody = {
  token: 'q9Vh3kT0bY7mR2xLw5NcZp8aUe1sJ4dF',
  password: 'Gdansk-tv-2026',
};

const banPatch: AccountPatch = { banned: true, notes: 'Chargeback on the top-up of 2026-12-20' };

const addBody: CreditAmountBody = { amount: 50, note: 'Bank transfer 2026-12-21' };
const transferBody: CreditAmountBody = { amount: 10, note: 'Starter pack' };
const setBody: SetCreditsBody = { credits: 100, note: 'Balance corrected after support ticket #311' };

const addEntry: LedgerEntry = {
  id: 1311,
  account_id: RESELLER_ID,
  account_email: 'reseller@example.com',
  delta: 50,
  balance_after: 86,
  reason: 'add',
  actor_id: ADMIN_ID,
  actor_email: 'admin@example.com',
  ref_type: null,
  ref_id: null,
  note: 'Bank transfer 2026-12-21',
  created_at: '2026-12-21T10:05:17.446Z',
};

const transferEntry: LedgerEntry = {
  id: 1207,
  account_id: SUB_ACCOUNT_ID,
  account_email: 'satshop@example.com',
  delta: 10,
  balance_after: 10,
  reason: 'transfer_in',
  actor_id: RESELLER_ID,
  actor_email: 'reseller@example.com',
  ref_type: 'account',
  ref_id: RESELLER_ID,
  note: 'Starter pack',
  created_at: '2026-12-01T17:02:44.120Z',
};

const setEntry: LedgerEntry = {
  id: 1312,
  account_id: RESELLER_ID,
  account_email: 'reseller@example.com',
  delta: 14,
  balance_after: 100,
  reason: 'set',
  actor_id: ADMIN_ID,
  actor_email: 'admin@example.com',
  ref_type: null,
  ref_id: null,
  note: 'Balance corrected after support ticket #311',
  created_at: '2026-12-21T10:09:02.871Z',
};

const added: CreditOperationResult = {
  account_id: RESELLER_ID,
  credits: 86,
  group_id: 2,
  entry: addEntry,
  kind: 'add',
  actor_credits: null,
};

// The shop had 0 credits in Users, so receiving some moved it to Resellers in the same step.
const transferred: CreditOperationResult = {
  account_id: SUB_ACCOUNT_ID,
  credits: 10,
  group_id: 2,
  entry: transferEntry,
  kind: 'transfer',
  actor_credits: 26,
};

const set: CreditOperationResult = {
  account_id: RESELLER_ID,
  credits: 100,
  group_id: 2,
  entry: setEntry,
  kind: 'set',
  actor_credits: null,
};

const list: ListResponse<ManagedAccount> = { items: [subReseller], total: 1, page: 1, page_size: 25 };

export const accountExamples: RouteExamples = {
  'GET /api/me': { response: resellerMe },
  'PATCH /api/me': {
    body: { full_name: 'Marek Nowak' },
    response: resellerMe,
  },
  'GET /api/accounts': {
    query: { page: 1, page_size: 25, search: 'satshop', sort: 'created_at', order: 'desc', status: 'active' },
    response: list,
  },
  'POST /api/accounts': {
    body: createBody,
    response: created,
  },
  'POST /api/accounts/invite/accept': {
    body: acceptInvite,
    response: { message: 'Password set. You can sign in now.' },
  },
  'GET /api/accounts/:id': {
    params: { id: SUB_ACCOUNT_ID },
    response: subReseller,
  },
  'PATCH /api/accounts/:id': {
    params: { id: SUB_ACCOUNT_ID },
    body: banPatch,
    response: { ...subReseller, banned: true, status: 'suspended', notes: banPatch.notes ?? null },
  },
  'DELETE /api/accounts/:id/sessions': {
    params: { id: SUB_ACCOUNT_ID },
    response: { message: 'Ended 2 session(s)', ended: 2 },
  },
  // The account signed up but never opened its mail; an invited account would get `sent: 'invite'`.
  'POST /api/accounts/:id/resend-confirmation': {
    params: { id: SUB_ACCOUNT_ID },
    response: { message: 'A new confirmation email has been sent', sent: 'confirmation' },
  },
  'POST /api/accounts/:id/credits': {
    params: { id: RESELLER_ID },
    body: addBody,
    response: added,
    errors: [['INSUFFICIENT_CREDITS', { required: 50, available: 26 }]],
  },
  'POST /api/accounts/:id/transfer': {
    params: { id: SUB_ACCOUNT_ID },
    body: transferBody,
    response: transferred,
    errors: [['INSUFFICIENT_CREDITS', { required: 10, available: 6 }]],
  },
  'PUT /api/accounts/:id/credits': {
    params: { id: RESELLER_ID },
    body: setBody,
    response: set,
  },
};
