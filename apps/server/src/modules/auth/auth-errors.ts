import { isAPIError } from 'better-auth/api';
import type { ErrorCode } from '@linedesk/shared';
import { AppError } from '../../platform/errors.js';

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

/** better-auth's refusals become our codes and the spec's texts; anything else is rethrown. */
export function translateAuthError(error: unknown): never {
  if (isAPIError(error)) {
    const code = (error.body as { code?: string } | undefined)?.code;
    const mapped = code ? fromBetterAuth[code] : undefined;
    if (mapped) throw new AppError(mapped);
  }
  throw error;
}
