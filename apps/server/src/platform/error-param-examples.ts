import {
  LINE_BULK_CREATE_MAX,
  LINE_BULK_MAX_LINES,
  LINE_BULK_PREFIX_MAX,
  LINE_IMPORT_MAX_BYTES,
  LINE_IMPORT_MAX_ROWS,
  lineUsernameMaxLength,
  type ErrorCode,
  type errorMessages,
} from '@linedesk/shared';

/** The `{{name}}`s of a text, as a union of names. */
type Placeholders<Text extends string> = Text extends `${string}{{${infer Name}}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

/** The codes whose English text has at least one `{{name}}`. */
type CodeWithParams = {
  [C in ErrorCode]: [Placeholders<(typeof errorMessages)[C]>] extends [never] ? never : C;
}[ErrorCode];

/**
 * A typical value for every placeholder of every error text, for /api/docs: a refusal a route's
 * example lists without values of its own is shown with these, so no documented message keeps a raw
 * `{{name}}`. The type is derived from the texts themselves: a new code with a placeholder (or a new
 * placeholder in a text) does not compile until it has its value here.
 */
export const errorParamExamples: {
  [C in CodeWithParams]: Record<Placeholders<(typeof errorMessages)[C]>, string | number>;
} = {
  INSUFFICIENT_CREDITS: { required: 4, available: 1 },
  BALANCE_NEGATIVE: { balance: -12 },
  CREDIT_LIMIT_EXCEEDED: { required: 4, available: -48, limit: 50 },
  RESELLER_PRICE_NOT_OFFERED: { plan: 'Sports', months: 2 },
  RESELLER_PRICE_BELOW_COST: { plan: 'Sports', months: 12, floor: 8 },
  RESELLER_LIMIT_BELOW_USAGE: { limit: 50, current: 64 },
  RESELLER_LIMIT_UNKNOWN_PLAN: { id: 7 },
  RESELLER_LIMIT_UNKNOWN_SERVER: { id: 3 },
  STAFF_SCOPE_NOT_FOUND: { id: '7c9e6679-7425-40de-944b-e07fc1f90ae7' },
  LINE_LIMIT_REACHED: { limit: 100, account: 'reseller@example.com' },
  LINE_FREEZE_LIMIT_REACHED: { used: 2, limit: 2 },
  LINE_WIN_BACK_TOO_SOON: { sent: '24-11-2026', days: 7 },
  LINE_PLAN_NOT_ALLOWED: { plan: 'Sports', account: 'reseller@example.com' },
  LINE_SERVER_NOT_ALLOWED: { server: 'Frankfurt 1', account: 'reseller@example.com' },
  LINE_TRIAL_MIN_BALANCE: { min: 10, balance: 3 },
  SUB_RESELLER_DEPTH_REACHED: { depth: 1, account: 'reseller@example.com' },
  LINE_BULK_PRICE_CHANGED: { previewed: 10, current: 12 },
  LINE_PLAN_GROUP_UNKNOWN: { group: 3, server: 'Frankfurt 1' },
  LINE_PLAN_GROUP_UNNAMED: { group: 3 },
  LINE_PLAN_SERVICE_UNKNOWN: { service: 'sports', server: 'Frankfurt 1' },
  PAYMENT_METHOD_IN_USE: { count: 3 },
  TOPUP_CREDITS_SPENT: { balance: 4, credits: 50 },
  LINE_BULK_TOO_MANY: { max: LINE_BULK_MAX_LINES },
  LINE_BULK_INVALID_COUNT: { max: LINE_BULK_CREATE_MAX },
  LINE_BULK_INVALID_PREFIX: { max: LINE_BULK_PREFIX_MAX },
  LINE_MOVE_PROTOCOL_MISMATCH: { from: 'CCcam', to: 'NewCamd' },
  LINE_MOVE_FILE_MISMATCH: { from: 'oscam.user', to: 'CCcam.cfg' },
  SERVER_STANDBY_PROTOCOL_MISMATCH: { from: 'CCcam', to: 'NewCamd' },
  SERVER_STANDBY_FILE_MISMATCH: { from: 'oscam.user', to: 'CCcam.cfg' },
  SERVER_STANDBY_TAKEN: { server: 'Frankfurt 1' },
  SERVER_IS_STANDBY: { server: 'Frankfurt 1' },
  SERVER_AGENT_TAKEN: { server: 'Frankfurt 2' },
  LINE_KICK_FAILED: { reason: 'connect ECONNREFUSED 203.0.113.7:8443' },
  LINE_TRIAL_LIMIT_REACHED: { limit: 5 },
  LINE_ADDED_NOT_SYNCED: { reason: 'connect ECONNREFUSED 203.0.113.7:8443' },
  LINE_SERVER_REFUSED: {
    reason: 'User "alice" already exists in CCcam.cfg as a hand-written entry that the agent does not manage',
  },
  LINE_USERNAME_YOURS: { line_id: 42, username: 'alice' },
  LINE_UPDATED_NOT_SYNCED: { reason: 'connect ECONNREFUSED 203.0.113.7:8443' },
  LINE_DELETED_NOT_SYNCED: { reason: 'connect ECONNREFUSED 203.0.113.7:8443' },
  LINE_RENEWED_NOT_SYNCED: { reason: 'connect ECONNREFUSED 203.0.113.7:8443' },
  LINE_IMPORT_FILE_TOO_LARGE: { max_mb: LINE_IMPORT_MAX_BYTES / 1024 / 1024 },
  LINE_IMPORT_TOO_MANY_ROWS: { rows: 100000, max: LINE_IMPORT_MAX_ROWS },
  LINE_IMPORT_CSV_INVALID: { line: 17 },
  LINE_IMPORT_NOT_A_CONFIG: { format: 'CCcam.cfg' },
  LINE_IMPORT_COLUMN_REQUIRED: { field: 'username' },
  LINE_IMPORT_COLUMN_MISSING: { column: 'expiry' },
  LINE_IMPORT_FORMULA: { field: 'username' },
  LINE_IMPORT_DATE_INVALID: { value: '31/02/2027' },
  LINE_IMPORT_DUPLICATE_USERNAME: { row: 12 },
  LINE_IMPORT_OWNER_NOT_FOUND: { email: 'reseller@example.com' },
  LINE_IMPORT_PLAN_NOT_FOUND: { plan: 'Gold' },
  LINE_IMPORT_MAX_CONNECTIONS_INVALID: { value: 'two' },
  LINE_IMPORT_ENTRY_PROBLEM: { problem: 'Keys given twice: group' },
  LINE_IMPORT_SERVER_FORMAT: { backend: 'oscam.user', format: 'CCcam.cfg' },
  LINE_IMPORT_DISABLED_INVALID: { value: 'maybe' },
  LINE_PLAN_DURATION_NOT_OFFERED: { months: 3 },
  LINE_EXPIRY_OUT_OF_RANGE: { expiry_date: '2100-01-15', last_date: '2099-12-31' },
  LINE_PLAN_PROTOCOL_NOT_ALLOWED: { protocol: 'NewCamd' },
  LINE_USERNAME_TOO_LONG_FOR_CCCAM: { max: lineUsernameMaxLength('CCcam') },
  LINE_SERVER_RELOAD_FAILED: { reason: 'CCcam did not reload CCcam.cfg' },
  WEBHOOK_URL_PRIVATE_ADDRESS: { address: '10.0.0.12' },
  WEBHOOK_URL_UNRESOLVABLE: { host: 'shop.example.invalid' },
  WEBHOOK_DELIVERY_FAILED: { reason: 'HTTP 503' },
  PORTAL_RENEWAL_ALREADY_REQUESTED: { retry_at: '2026-11-26T09:30:00.000Z' },
  PORTAL_FREEZE_INVALID: { max_days: 30, max_start_days: 60 },
  TICKET_CREATE_FAILED: { reason: 'the database is unavailable' },
  BACKUP_FAILED: { reason: 'ENOSPC: no space left on device' },
  TELEGRAM_API_ERROR: { reason: 'Unauthorized' },
};
