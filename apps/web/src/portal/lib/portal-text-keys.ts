/**
 * What the customer portal (`portal.html`) shows of the locale files, as dotted paths (a path takes
 * its whole subtree). the build serves `locales/…/<language>.json?part=portal` (build/locale-split.plugin.ts) as only these
 * keys, so the portal downloads a few kilobytes of texts instead of the panel's, while every text
 * stays in the one locale file its area's translators edit.
 */
export const portalTextKeys = [
  // locales/<language>.json
  'language.name',
  'language.change',
  'common.loading',
  'common.showPassword',
  'common.hidePassword',
  // locales/lines/<language>.json: the status chip and the copy button's tick
  'lines.status',
  'lines.copied',
  // locales/portal/<language>.json, less the reseller's settings card (a panel page)
  'portal.signOut',
  'portal.fields',
  'portal.signIn',
  'portal.activate',
  'portal.line',
  'portal.receivers',
  'portal.reseller',
  'portal.password',
  'portal.freeze',
  // The customer's wording of panel errors the portal may answer (see `portalErrorCodes`).
  'portal.errors',
] as const;

/**
 * Every error code the portal's endpoints may answer (their contracts' and the generic ones, held to
 * them by the unit test) and the client's own: shown translated, `errors.<CODE>`.
 */
export const portalErrorCodes = [
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'ADMIN_ONLY',
  'API_KEY_SESSION_REQUIRED',
  'TWO_FACTOR_SETUP_REQUIRED',
  'CSRF_REJECTED',
  'RATE_LIMITED',
  'VALIDATION',
  'INVALID_INPUT',
  'TEXT_INVALID_CHARACTER',
  'NOT_FOUND',
  'INTERNAL',
  'DATABASE_DOWN',
  'DATABASE_BUSY',
  'NETWORK_ERROR',
  'UNEXPECTED_RESPONSE',
  'WRONG_PASSWORD',
  'PORTAL_INVALID_CREDENTIALS',
  'PORTAL_LINE_SUSPENDED',
  'PORTAL_DISABLED',
  'PORTAL_RENEWAL_ALREADY_REQUESTED',
  'ACTIVATION_CODE_NOT_FOUND',
  'ACTIVATION_CODE_USED',
  'ACTIVATION_CODE_VOID',
  'ACTIVATION_CODE_EXPIRED',
  'ACTIVATION_CODE_TRIAL_NOT_RENEWABLE',
  'ACTIVATION_CODE_PLAN_MISMATCH',
  'LINE_NOT_FOUND',
  'LINE_CREDENTIALS_REQUIRED',
  'LINE_INVALID_USERNAME',
  'LINE_INVALID_PASSWORD',
  'LINE_INVALID_DURATION',
  'LINE_NOTHING_TO_UPDATE',
  'LINE_PLAN_NOT_FOUND',
  'LINE_PLAN_DURATION_NOT_OFFERED',
  'LINE_EXPIRY_OUT_OF_RANGE',
  'LINE_NO_ACTIVE_SERVERS',
  'SERVER_NOT_FOUND',
  'LINE_USERNAME_TOO_LONG_FOR_CCCAM',
  'LINE_PLAN_PROTOCOL_NOT_ALLOWED',
  'LINE_PLAN_GROUP_UNKNOWN',
  'LINE_PLAN_SERVICE_UNKNOWN',
  'LINE_TRIAL_LIMIT_REACHED',
  'LINE_USERNAME_TAKEN',
  'LINE_REFUSED_BY_SERVER',
  'LINE_ARCHIVED',
  // Asking for a freeze.
  'PORTAL_FREEZE_INVALID',
  'PORTAL_FREEZE_ALREADY_REQUESTED',
  'LINE_FREEZE_OFF',
  'LINE_FREEZE_EXPIRED',
  'LINE_FREEZE_SUSPENDED',
  'LINE_ALREADY_FROZEN',
  // A code activated in the portal makes a line for the code's owner, within the owner's limits.
  'LINE_PLAN_NOT_ALLOWED',
  'LINE_SERVER_NOT_ALLOWED',
  'LINE_LIMIT_REACHED',
] as const;

/** Every dotted path the portal takes from the locale files. */
export const portalTextPaths: readonly string[] = [
  ...portalTextKeys,
  ...portalErrorCodes.map((code) => `errors.${code}`),
];
