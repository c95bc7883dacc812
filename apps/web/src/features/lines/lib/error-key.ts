import type { ErrorCode } from '@linedesk/shared';

/**
 * `errors.<CODE>` as a translation key. Error texts live in the per-area `*-errors` files, which the
 * typed key list does not include, so the key is typed as one that is (like useErrorMessage does).
 */
export function errorKey(code: ErrorCode): 'errors.INTERNAL' {
  return `errors.${code}` as 'errors.INTERNAL';
}
