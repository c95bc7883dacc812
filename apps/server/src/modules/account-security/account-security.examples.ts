import {
  PASSWORD_RESET_MAIL_MESSAGE,
  type ForgotPasswordBody,
  type Me,
  type ResetPasswordBody,
  type SecuritySettings,
  type TwoFactorCodeBody,
  type TwoFactorPasswordBody,
  type TwoFactorSetup,
} from '@linedesk/shared';
import type { RouteExamples } from '../../platform/openapi-examples.js';
import { resellerMe } from '../accounts/accounts.examples.js';

const forgot: ForgotPasswordBody = { email: 'reseller@example.com' };

const reset: ResetPasswordBody = { token: 'q7Lm2VxR9cTn4KbW8sYd1HfJ', new_password: 'Krakow-sat-2027' };

const password: TwoFactorPasswordBody = { password: 'Warszawa-sat-77' };

const code: TwoFactorCodeBody = { code: '492039' };

const setup: TwoFactorSetup = {
  totp_uri:
    'otpauth://totp/Linedesk:reseller%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Linedesk&digits=6&period=30',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  backup_codes: [
    'a8Xk2-Pq7Lm',
    'Zt4nW-9cRb1',
    'Hs6Yd-3vKp8',
    'Mw1Qe-7GxT5',
    'Rb9Lc-2NfJ4',
    'Ud5Vp-8KsH3',
    'Jx7Tm-4WqC6',
    'Ep3Zr-6YbN9',
    'Kc8Gw-1DvS2',
    'Fn2Hy-5XtL7',
  ],
};

const withTwoFactor: Me = { ...resellerMe, two_factor: { enabled: true, setup_required: false } };
const withoutTwoFactor: Me = { ...resellerMe, two_factor: { enabled: false, setup_required: false } };

const settings: SecuritySettings = { require_two_factor_admins: true, require_two_factor_resellers: false };

export const accountSecurityExamples: RouteExamples = {
  // An unknown email answers the same (nothing to enumerate); limits count every request.
  'POST /api/auth/forgot-password': {
    body: forgot,
    response: { message: PASSWORD_RESET_MAIL_MESSAGE },
  },
  'POST /api/auth/reset-password': {
    body: reset,
    response: { message: 'Password successfully changed' },
  },
  'POST /api/auth/two-factor/verify': {
    body: code,
    response: withTwoFactor,
  },
  'POST /api/auth/two-factor/enable': {
    body: password,
    response: setup,
  },
  'POST /api/auth/two-factor/confirm': {
    // Also ends the account's API keys (they never ask for a code); leave it out to keep them.
    body: { ...code, revoke_api_keys: true },
    response: withTwoFactor,
  },
  'POST /api/auth/two-factor/disable': {
    body: password,
    response: withoutTwoFactor,
  },
  'GET /api/security-settings': { response: settings },
  'PATCH /api/security-settings': {
    body: { require_two_factor_admins: true },
    response: settings,
  },
};
