import { defaultResellerLimits } from '@linedesk/shared';
import {
  adminOnly,
  browserOnly,
  ownerOnly,
  passwordOf,
  staffActors,
  type MatrixRow,
} from './access-matrix-rules.js';

/** The access matrix's rows for auth, accounts, credits, payments and groups. */
export const accountRows: Record<string, MatrixRow> = {
  'GET /api/health': { anonymous: 200, signedIn: 200 },
  'GET /api/health/live': { anonymous: 200, signedIn: 200 },
  'GET /api/health/ready': { anonymous: 200, signedIn: 200 },
  // METRICS_TOKEN is set for the walk: no panel session or API key stands in for it, an admin's neither.
  'GET /api/metrics': { anonymous: 401, signedIn: 401 },
  'GET /api/locale/country': { anonymous: 200, signedIn: 200 },

  // Auth
  'POST /api/auth/sign-up': {
    body: (_f, role) => ({ email: `matrix-sign-up-${role}@example.com`, password: 'sign-up-password-1' }),
    anonymous: 201,
    signedIn: 201,
  },
  'GET /api/sign-up-settings': { anonymous: 200, signedIn: 200 },
  // Kept open: the sign-up row above must still be able to create accounts in any order.
  'PUT /api/sign-up-settings': { body: () => ({ open: true }), ...adminOnly, admin: 200 },
  'POST /api/auth/sign-in': {
    // Someone else's email with a wrong password: refused for everyone. The staff members try an
    // address of no account, so the victim's failures stay below the count that warns it of an attack.
    body: (f, role) => ({
      email: (staffActors as readonly string[]).includes(role) ? 'matrix-nobody@example.com' : f.victimEmail,
      password: 'not-the-password-1',
    }),
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
  'PUT /api/me/language': { body: () => ({ language: 'en' }), anonymous: 401, signedIn: 200 },
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
  // An account's prices and limits: admins any, a reseller its own sub-accounts (the victim is nobody's).
  'GET /api/accounts/{id}/terms': { params: { id: 'victimId' }, ...ownerOnly, admin: 200 },
  'PUT /api/accounts/{id}/prices': {
    params: { id: 'victimId' },
    body: () => ({ prices: [] }),
    ...ownerOnly,
    admin: 200,
  },
  // Staff roles: the admin's alone (a staff member is refused like any account). Taking away a role the
  // victim does not have changes nothing.
  'PUT /api/accounts/{id}/staff': {
    params: { id: 'victimId' },
    body: () => ({ role: null, scope_id: null }),
    ...adminOnly,
    admin: 200,
  },
  'PUT /api/accounts/{id}/limits': {
    params: { id: 'victimId' },
    body: () => ({ ...defaultResellerLimits }),
    ...ownerOnly,
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
  'GET /api/topups/{id}': { params: { id: 'victimTopup' }, ...ownerOnly, admin: 200 },
  'GET /api/topups/{id}/receipt': { params: { id: 'victimTopupCredited' }, ...ownerOnly, admin: 200 },
  'GET /api/topups/pending-count': { ...adminOnly, admin: 200 },
  'GET /api/topups/export.csv': { query: () => ({ status: 'pending' }), ...adminOnly, admin: 200 },
  'GET /api/topup-settings': { ...adminOnly, admin: 200 },
  'PUT /api/topup-settings': { body: () => ({ unpaid_expiry_days: 7 }), ...adminOnly, admin: 200 },
  'POST /api/topups/{id}/approve': { params: { id: 'victimTopup' }, ...adminOnly, admin: 200 },
  'POST /api/topups/{id}/reject': {
    params: { id: 'victimTopupToReject' },
    body: () => ({ reason: 'No payment arrived' }),
    ...adminOnly,
    admin: 200,
  },
  // Only the requester submits their payment: to everyone else, admins included, it does not exist.
  'POST /api/topups/{id}/submit': {
    params: { id: 'victimTopupAwaiting' },
    form: { payment_reference: 'Matrix transfer' },
    ...ownerOnly,
    admin: 404,
  },
  'GET /api/topups/{id}/proof': { params: { id: 'victimTopupWithProof' }, ...ownerOnly, admin: 200 },
  'GET /api/topups/{id}/receipt.pdf': { params: { id: 'victimTopupCredited' }, ...ownerOnly, admin: 200 },
  'POST /api/topups/{id}/revoke': {
    params: { id: 'victimTopupToRevoke' },
    body: () => ({ reason: 'The transfer bounced' }),
    ...adminOnly,
    admin: 200,
  },
  // Only the requester cancels their own request: to everyone else, admins included, it does not exist.
  'POST /api/topups/{id}/cancel': { params: { id: 'victimTopupToCancel' }, ...ownerOnly, admin: 404 },
  // The seller on receipts is the panel's (admins); billing details are each account's own.
  'GET /api/seller-details': { ...adminOnly, admin: 200 },
  'PUT /api/seller-details': {
    body: () => ({ company_name: 'Matrix GmbH', address: 'Matrix street 1', tax_id: 'DE000' }),
    ...adminOnly,
    admin: 200,
  },
  'GET /api/me/billing': { anonymous: 401, signedIn: 200 },
  'PUT /api/me/billing': { body: () => ({ name: 'Matrix buyer' }), anonymous: 401, signedIn: 200 },

  // Payment methods: settings for admins; the enabled ones to pay with for everyone signed in.
  'GET /api/payment-methods': { ...adminOnly, admin: 200 },
  'GET /api/payment-methods/available': { anonymous: 401, signedIn: 200 },
  'POST /api/payment-methods': { ...adminOnly, admin: 201 },
  'PATCH /api/payment-methods/{id}': {
    params: { id: 'paymentMethod' },
    body: () => ({ fee_bps: 100 }),
    ...adminOnly,
    admin: 200,
  },
  'DELETE /api/payment-methods/{id}': { params: { id: 'paymentMethod' }, ...adminOnly, admin: 204 },
  // Providers' webhooks: nobody's session counts (cookies are dropped), only a valid signature, which
  // no role has; everyone gets the same bare 400.
  'POST /api/payments/webhooks/stripe': { anonymous: 400, signedIn: 400 },
  'POST /api/payments/webhooks/btcpay': { anonymous: 400, signedIn: 400 },

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
  // A tier's price list: admins only.
  'GET /api/groups/{id}/prices': { params: { id: 'group' }, ...adminOnly, admin: 200 },
  'PUT /api/groups/{id}/prices': {
    params: { id: 'group' },
    body: () => ({ prices: [] }),
    ...adminOnly,
    admin: 200,
  },
  'DELETE /api/groups/{id}': { params: { id: 'group' }, ...adminOnly, admin: 204 },
};
