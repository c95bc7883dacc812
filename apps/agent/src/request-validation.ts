import { checkExtra } from '@linedesk/shared/config-files';
import type { AdoptRequest } from './adoption';
import { credentialProblem } from './credentials';
import { displayToIsoDate } from './dates';
import { isInstant } from './expiry';
import type { AddUserInput, EditUserInput, LineChange } from './line-changes';
import { validateRestrictions } from './restrictions';

// Messages the panel shows verbatim.
export const MESSAGES = {
  usernameRequired: 'Username is required',
  usernameAndPasswordRequired: 'Username and password are required',
  expiryRequired: 'Expiry date is required',
  invalidExpiry: 'Invalid expiry date format. Expected DD-MM-YYYY format.',
  nothingToUpdate: 'At least one field to update (password or expiry date) is required',
  enabledNotBoolean: 'enabled must be true or false',
  invalidExpiresAt: 'expiresAt must be an ISO instant in UTC, such as 2030-06-16T00:00:00.000Z',
} as const;

/** CCcam sends 20 bytes of user name in its login (and OSCam compares only 20). */
export const CCCAM_USERNAME_MAX_LENGTH = 20;

/**
 * Limits that depend on the server the agent runs on; `cccamSuffixLimits`: the configured F-line
 * suffix brings its own first brace group, so a plan's reshare limit cannot be added to it.
 */
export type ValidationRules = {
  usernameMaxLength: number | null;
  backend?: 'cccam' | 'oscam';
  cccamSuffixLimits?: boolean;
};

const NO_RULES: ValidationRules = { usernameMaxLength: null };

export type Validated<T> = { ok: true; value: T } | { ok: false; message: string };

type Body = Record<string, unknown>;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function invalid(message: string): { ok: false; message: string } {
  return { ok: false, message };
}

function checkUsername(username: string): string | null {
  return credentialProblem('Username', username);
}

export function validateAddUser(body: Body, rules: ValidationRules = NO_RULES): Validated<AddUserInput> {
  const username = text(body.username);
  const password = text(body.password);
  if (!username || !password) return invalid(MESSAGES.usernameAndPasswordRequired);
  const problem = checkUsername(username) ?? credentialProblem('Password', password);
  if (problem) return invalid(problem);
  // Only new names are held to it: an existing longer one can still be changed or deleted.
  if (rules.usernameMaxLength !== null && username.length > rules.usernameMaxLength) {
    return invalid(
      `Username must be at most ${rules.usernameMaxLength} characters on a CCcam server (CCcam sends only ${rules.usernameMaxLength})`,
    );
  }
  if (body.expiryDate === undefined || body.expiryDate === null || body.expiryDate === '') {
    return invalid(MESSAGES.expiryRequired);
  }
  const expiryDate = typeof body.expiryDate === 'string' ? displayToIsoDate(body.expiryDate) : null;
  if (!expiryDate) return invalid(MESSAGES.invalidExpiry);
  // The instant the line ends (src/expiry.ts); panels before it send only the date.
  const expiresAt = body.expiresAt ?? undefined;
  if (expiresAt !== undefined && !isInstant(expiresAt)) return invalid(MESSAGES.invalidExpiresAt);
  const restrictions = validateRestrictions(body.restrictions, rules.backend ?? 'oscam');
  if (!restrictions.ok) return invalid(restrictions.message);
  const extra = checkExtra(body.extra, rules.backend ?? 'oscam');
  if (!extra.ok) return invalid(extra.message);
  // A line with its own fields (`extra`) takes the reshare into its own first brace group.
  if (rules.cccamSuffixLimits && restrictions.value?.cccam_reshare !== undefined && !extra.value) {
    return invalid(
      'AGENT_CCCAM_LINE_SUFFIX starts with its own { } limits, so a plan reshare limit cannot be written; begin it with { 0:0:N } or remove them',
    );
  }
  return {
    ok: true,
    value: {
      username,
      password,
      expiryDate,
      ...(expiresAt !== undefined ? { expiresAt } : {}),
      ...(restrictions.value ? { restrictions: restrictions.value } : {}),
      ...(extra.value ? { extra: extra.value } : {}),
    },
  };
}

// Empty strings and null count as "not sent": form-based clients post every field of the form.
export function validateEditUser(body: Body): Validated<EditUserInput> {
  const username = text(body.username);
  if (!username) return invalid(MESSAGES.usernameRequired);
  const usernameProblem = checkUsername(username);
  if (usernameProblem) return invalid(usernameProblem);

  const password = text(body.newPassword);
  const rawExpiry = body.newExpiryDate;
  const hasExpiry = rawExpiry !== undefined && rawExpiry !== null && rawExpiry !== '';
  const hasEnabled = body.enabled !== undefined && body.enabled !== null;
  if (!password && !hasExpiry && !hasEnabled) return invalid(MESSAGES.nothingToUpdate);

  const value: EditUserInput = { username };
  if (password) {
    const problem = credentialProblem('Password', password);
    if (problem) return invalid(problem);
    value.password = password;
  }
  if (hasExpiry) {
    const expiryDate = typeof rawExpiry === 'string' ? displayToIsoDate(rawExpiry) : null;
    if (!expiryDate) return invalid(MESSAGES.invalidExpiry);
    value.expiryDate = expiryDate;
  }
  const expiresAt = body.newExpiresAt ?? undefined;
  if (expiresAt !== undefined) {
    if (!hasExpiry || !isInstant(expiresAt)) return invalid(MESSAGES.invalidExpiresAt);
    value.expiresAt = expiresAt;
  }
  if (hasEnabled) {
    if (typeof body.enabled !== 'boolean') return invalid(MESSAGES.enabledNotBoolean);
    value.enabled = body.enabled;
  }
  return { ok: true, value };
}

export function validateDeleteUser(body: Body): Validated<{ username: string }> {
  const username = text(body.username);
  if (!username) return invalid(MESSAGES.usernameRequired);
  const problem = checkUsername(username);
  if (problem) return invalid(problem);
  return { ok: true, value: { username } };
}

/** Changes one POST /batch may carry: enough for a busy panel, small enough to answer promptly. */
export const MAX_BATCH_CHANGES = 1000;

/**
 * The body of POST /batch. A malformed body refuses the whole request; a malformed change refuses
 * only itself, with the message the single-change endpoint would give.
 */
export function validateChanges(
  body: Body,
  rules: ValidationRules = NO_RULES,
): Validated<Validated<LineChange>[]> {
  const changes = body.changes;
  if (!Array.isArray(changes)) return invalid('changes must be a list');
  if (changes.length > MAX_BATCH_CHANGES) {
    return invalid(`At most ${MAX_BATCH_CHANGES} changes per batch`);
  }
  return {
    ok: true,
    value: changes.map((change: unknown): Validated<LineChange> => {
      if (typeof change !== 'object' || change === null || Array.isArray(change)) {
        return invalid('Each change must be a JSON object');
      }
      const fields = change as Body;
      const wrap = <T>(result: Validated<T>, make: (value: T) => LineChange): Validated<LineChange> =>
        result.ok ? { ok: true, value: make(result.value) } : result;
      switch (fields.action) {
        case 'add-user':
          return wrap(validateAddUser(fields, rules), (value) => ({ action: 'add-user', ...value }));
        case 'edit-user':
          return wrap(validateEditUser(fields), (value) => ({ action: 'edit-user', ...value }));
        case 'delete-user':
          return wrap(validateDeleteUser(fields), (value) => ({ action: 'delete-user', ...value }));
        default:
          return invalid('action must be add-user, edit-user or delete-user');
      }
    }),
  };
}

const FINGERPRINT = /^[0-9a-f]{64}$/;
/** Adoptions per request: a few hundred accounts is a whole server; more goes in several calls. */
export const ADOPT_MAX_ACCOUNTS = 1000;

export function validateAdopt(body: Body): Validated<AdoptRequest[]> {
  const list = body.accounts;
  if (!Array.isArray(list) || list.length === 0 || list.length > ADOPT_MAX_ACCOUNTS) {
    return invalid(`accounts must list 1 to ${ADOPT_MAX_ACCOUNTS} accounts`);
  }
  const requests: AdoptRequest[] = [];
  for (const entry of list as unknown[]) {
    const item = (entry ?? {}) as Record<string, unknown>;
    const username = text(item.username);
    if (!username) return invalid(MESSAGES.usernameRequired);
    if (typeof item.fingerprint !== 'string' || !FINGERPRINT.test(item.fingerprint)) {
      return invalid('Each account needs the fingerprint GET /unmanaged-accounts listed for it');
    }
    let expiryDate: string | undefined;
    if (item.expiryDate !== undefined && item.expiryDate !== null) {
      expiryDate = (typeof item.expiryDate === 'string' && displayToIsoDate(item.expiryDate)) || undefined;
      if (!expiryDate) return invalid(MESSAGES.invalidExpiry);
    }
    requests.push({ username, fingerprint: item.fingerprint, ...(expiryDate ? { expiryDate } : {}) });
  }
  return { ok: true, value: requests };
}
