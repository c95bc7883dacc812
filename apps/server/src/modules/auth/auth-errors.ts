import type { ErrorCode } from '@linedesk/shared';
import { AppError } from '../../platform/errors.js';
import { AuthRefusal } from './auth-adapter.js';

// better-auth's reasons for a refusal (its error codes, carried by the adapter's AuthRefusal) and what
// each means here.

const fromBetterAuth: Record<string, ErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: 'INVALID_CREDENTIALS',
  INVALID_EMAIL: 'INVALID_EMAIL',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  BANNED_USER: 'ACCOUNT_BANNED',
  USER_ALREADY_EXISTS: 'EMAIL_TAKEN',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'EMAIL_TAKEN',
  PASSWORD_TOO_SHORT: 'PASSWORD_TOO_SHORT',
  PASSWORD_TOO_LONG: 'PASSWORD_TOO_LONG',
  INVALID_PASSWORD: 'WRONG_PASSWORD',
  INVALID_TOKEN: 'INVALID_TOKEN',
  TOKEN_EXPIRED: 'INVALID_TOKEN',
  USER_NOT_FOUND: 'INVALID_TOKEN',
};

/** The two-factor plugin's refusals, before the ones above. */
const fromTwoFactor: Record<string, ErrorCode> = {
  INVALID_CODE: 'INVALID_TWO_FACTOR_CODE',
  INVALID_BACKUP_CODE: 'INVALID_TWO_FACTOR_CODE',
  INVALID_TWO_FACTOR_COOKIE: 'TWO_FACTOR_CHALLENGE_EXPIRED',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'TWO_FACTOR_CHALLENGE_EXPIRED',
  ACCOUNT_TEMPORARILY_LOCKED: 'RATE_LIMITED',
  TOTP_ALREADY_ENABLED: 'TWO_FACTOR_ALREADY_ENABLED',
  TOTP_NOT_ENABLED: 'TWO_FACTOR_NOT_ENABLED',
  BACKUP_CODES_NOT_ENABLED: 'TWO_FACTOR_NOT_ENABLED',
};

function reasonOf(error: unknown): string | undefined {
  return error instanceof AuthRefusal ? error.reason : undefined;
}

function translated(
  error: unknown,
  table: Record<string, ErrorCode>,
  options?: { setCookies?: string[] },
): never {
  const reason = reasonOf(error);
  const code = reason === undefined ? undefined : (table[reason] ?? fromBetterAuth[reason]);
  if (code) throw new AppError(code, options);
  throw error;
}

/** better-auth's refusals become our codes and the spec's texts; anything else is rethrown. */
export function translateAuthError(error: unknown): never {
  return translated(error, {});
}

/**
 * The same, with the two-factor plugin's refusals; `setCookies` go out with the refusal (a spent
 * challenge's cookie cleared).
 */
export function translateTwoFactorError(error: unknown, options?: { setCookies?: string[] }): never {
  return translated(error, fromTwoFactor, options);
}

/** A wrong password: at sign-in, or typed to change a two-factor setting. */
export function isWrongPassword(error: unknown): boolean {
  const reason = reasonOf(error);
  return reason === 'INVALID_EMAIL_OR_PASSWORD' || reason === 'INVALID_PASSWORD';
}

/** A wrong authenticator or backup code, or one too many for the challenge. */
export function isWrongTwoFactorCode(error: unknown): boolean {
  const reason = reasonOf(error);
  return (
    reason === 'INVALID_CODE' ||
    reason === 'INVALID_BACKUP_CODE' ||
    reason === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE'
  );
}

/** A password link that was never issued, or whose account is gone. */
export function isUnknownPasswordToken(error: unknown): boolean {
  const reason = reasonOf(error);
  return reason === 'INVALID_TOKEN' || reason === 'USER_NOT_FOUND';
}
