import { defineContract } from '../contract.js';
import { activationErrors } from '../activation-code.js';
import {
  portalActivateBodySchema,
  portalActivateResultSchema,
  portalMeSchema,
  portalPasswordBodySchema,
  portalRenewalRequestResultSchema,
  portalSettingsAnswerSchema,
  portalSettingsBodySchema,
  portalSignInBodySchema,
  portalSignOutResultSchema,
  renewalRequestDismissedSchema,
  freezeRequestSchema,
  portalFreezeRequestBodySchema,
} from '../portal.js';
import { idParamsSchema } from '../schema-blocks.js';

const tags = ['portal'];

export const signIn = defineContract({
  method: 'POST',
  path: '/api/portal/sign-in',
  access: 'public',
  tags,
  summary: "A customer signs in to the portal with the line's username and password",
  description:
    'Sets the portal cookie (httpOnly, path /api/portal). Failures are limited per address and per line from one address (429 with Retry-After), never per line alone, so nobody can lock a customer out.',
  body: portalSignInBodySchema,
  response: portalMeSchema,
  errors: ['PORTAL_INVALID_CREDENTIALS', 'PORTAL_LINE_SUSPENDED', 'PORTAL_DISABLED'],
});

export const signOut = defineContract({
  method: 'POST',
  path: '/api/portal/sign-out',
  access: 'public',
  tags,
  summary:
    'Sign out of the portal: ends the sign-in on the server (a copy of the cookie no longer works) and clears the cookie',
  response: portalSignOutResultSchema,
});

export const me = defineContract({
  method: 'GET',
  path: '/api/portal/me',
  access: 'portalOptional',
  tags,
  summary:
    "The signed-in customer's line: status, expiry, connection lines, receiver settings, who is online",
  description:
    'null when no customer is signed in to the portal (no portal cookie, or one that has ended): the portal pages ask this first, and the browser cannot see its httpOnly cookie to know beforehand.',
  response: portalMeSchema.nullable(),
  errors: ['PORTAL_DISABLED'],
});

export const activate = defineContract({
  method: 'POST',
  path: '/api/portal/activate',
  access: 'portalOptional',
  tags,
  summary:
    'Activate a code: signed out, a new line (and the customer is signed in to it); signed in, a renewal',
  body: portalActivateBodySchema,
  response: portalActivateResultSchema,
  errors: ['PORTAL_DISABLED', ...activationErrors],
});

export const changePassword = defineContract({
  method: 'POST',
  path: '/api/portal/password',
  access: 'portal',
  tags,
  summary: "Change the line's password: written to its server like any edit; other portal sign-ins end",
  body: portalPasswordBodySchema,
  response: portalMeSchema,
  errors: [
    'PORTAL_DISABLED',
    'WRONG_PASSWORD',
    'LINE_INVALID_PASSWORD',
    'LINE_NOTHING_TO_UPDATE',
    'LINE_REFUSED_BY_SERVER',
    'LINE_ARCHIVED',
  ],
});

export const requestRenewal = defineContract({
  method: 'POST',
  path: '/api/portal/renewal-request',
  access: 'portal',
  tags,
  summary: 'Ask my reseller to renew my line: a message (with the bell) to the reseller, once a day',
  description:
    'The reseller is told on the channels they chose for `renewal_requested`. A second ask within a day is refused with PORTAL_RENEWAL_ALREADY_REQUESTED and `params.retry_at`, when the next ask is possible.',
  response: portalRenewalRequestResultSchema,
  errors: ['PORTAL_DISABLED', 'PORTAL_RENEWAL_ALREADY_REQUESTED'],
});

export const requestFreeze = defineContract({
  method: 'POST',
  path: '/api/portal/freeze-request',
  access: 'portal',
  tags,
  summary:
    "Ask my reseller to freeze my line (a holiday): from which day and for how many days, within the panel's longest freeze",
  description:
    "The ask waits on the reseller's to-do list until they approve it (the line is frozen then, its days kept) or refuse it; one open ask at a time.",
  body: portalFreezeRequestBodySchema,
  response: freezeRequestSchema,
  errors: [
    'PORTAL_DISABLED',
    'PORTAL_FREEZE_INVALID',
    'PORTAL_FREEZE_ALREADY_REQUESTED',
    'LINE_FREEZE_OFF',
    'LINE_FREEZE_EXPIRED',
    'LINE_FREEZE_SUSPENDED',
    'LINE_ALREADY_FROZEN',
  ],
});

export const getSettings = defineContract({
  method: 'GET',
  path: '/api/portal/settings',
  access: { permission: 'view_users' },
  tags,
  summary:
    "Whether my customers may use the portal, the contact it shows them, the days before expiry they are mailed a reminder, and the portal's public address",
  response: portalSettingsAnswerSchema,
});

export const setSettings = defineContract({
  method: 'PUT',
  path: '/api/portal/settings',
  access: { permission: 'view_users' },
  tags,
  summary:
    'Turn the portal on or off for my customers; set the contact it shows them and the days before expiry they are reminded (0: never; left out: unchanged)',
  body: portalSettingsBodySchema,
  response: portalSettingsAnswerSchema,
  errors: ['PORTAL_REMINDER_DAYS_INVALID'],
});

export const dismissRenewalRequest = defineContract({
  method: 'DELETE',
  path: '/api/portal/renewal-requests/:id',
  access: { permission: 'view_users' },
  tags,
  summary: "Dismiss a customer's ask to renew a line (`:id` is the line's): it leaves the to-do list",
  description:
    "An ask also closes by itself when the line is renewed. Another owner's line, or a line without an open ask, answers 404.",
  params: idParamsSchema,
  response: renewalRequestDismissedSchema,
  errors: ['LINE_NOT_FOUND', 'PORTAL_RENEWAL_REQUEST_NOT_FOUND'],
});
