import type { ChangePasswordBody, Me, SessionInfo, SignInBody, SignUpBody } from '@linedesk/shared';
import type { RouteExamples } from '../../platform/openapi-examples.js';
import { resellerMe } from '../accounts/accounts.examples.js';

const signUp: SignUpBody = {
  email: 'satshop@example.com',
  password: 'Gdansk-tv-2026',
  full_name: 'Piotr Zielinski',
  username: 'satshop',
};

/** Who confirmed the sign-up above: a fresh account lands in Users with no credits or permissions. */
const confirmed: Me = {
  id: 'Wd2nR8sKq5JmX1vB',
  email: 'satshop@example.com',
  username: 'satshop',
  profile_username: 'satshop',
  full_name: 'Piotr Zielinski',
  notes: null,
  credits: 0,
  group_id: 3,
  group_name: 'Users',
  is_admin: false,
  owner_id: null,
  banned: false,
  status: 'active',
  email_verified: true,
  created_at: '2026-11-22T09:02:11.604Z',
  last_sign_in_at: '2026-11-22T09:14:03.512Z',
  permissions: [],
  language: 'pl',
};

const signIn: SignInBody = { email: 'reseller@example.com', password: 'Warszawa-sat-77' };

const changePassword: ChangePasswordBody = {
  current_password: 'Warszawa-sat-77',
  new_password: 'Krakow-sat-2027',
  revoke_other_sessions: true,
};

const sessions: SessionInfo[] = [
  {
    id: 'pT4wX9cQ2mK7vR1sN8bL5yH3jD6fG0aZ',
    created_at: '2026-11-22T09:12:40.118Z',
    updated_at: '2026-11-22T09:12:40.118Z',
    expires_at: '2026-11-29T09:12:40.118Z',
    ip_address: '203.0.113.24',
    user_agent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    current: true,
  },
  {
    id: 'Zr6yL1dV8qN3hT5kC9wM2xP7bF4sJ0gE',
    created_at: '2026-11-18T20:05:51.907Z',
    updated_at: '2026-11-21T07:33:12.260Z',
    expires_at: '2026-11-28T07:33:12.260Z',
    ip_address: '198.51.100.7',
    user_agent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    current: false,
  },
];

export const authExamples: RouteExamples = {
  // A taken email answers 201 as well (the owner gets a mail), so EMAIL_TAKEN is not listed.
  'POST /api/auth/sign-up': {
    body: signUp,
    response: { message: 'Check your email to confirm your account' },
  },
  'GET /api/sign-up-settings': { response: { open: true } },
  'PUT /api/sign-up-settings': { body: { open: false }, response: { open: false } },
  'POST /api/auth/sign-in': {
    body: signIn,
    response: resellerMe,
    // With two-factor sign-in on, the answer is `{"two_factor_required": true}` and a challenge cookie.
  },
  'POST /api/auth/verify-email': {
    // The token from the /callback?token=... link; a signed JWT whose payload names the email.
    body: {
      token:
        'eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6InNhdHNob3BAZXhhbXBsZS5jb20iLCJpYXQiOjE3OTUzMzgxMzEsImV4cCI6MTc5NTQyNDUzMX0.3q2zK7pVd0bXn4YwR8eTj1sGm5LhUc6oAf9iNyEkQ2w',
    },
    response: confirmed,
  },
  'POST /api/auth/sign-out': { response: { message: 'Signed out' } },
  'POST /api/auth/change-password': {
    body: changePassword,
    response: { message: 'Password successfully changed' },
  },
  'GET /api/auth/sessions': { response: { items: sessions } },
  'DELETE /api/auth/sessions/:id': {
    params: { id: 'Zr6yL1dV8qN3hT5kC9wM2xP7bF4sJ0gE' },
    response: { message: 'Session ended' },
  },
};
