/**
 * The spending rule, in a module without schemas: the negative-balance banner is in the signed-in
 * shell's first download and must not download zod with it (credits.ts holds the schemas).
 */

/** Why a balance cannot pay for something, as the error code and params the server answers. */
export type SpendRefusal =
  | { code: 'BALANCE_NEGATIVE'; params: { balance: number } }
  | { code: 'INSUFFICIENT_CREDITS'; params: { required: number; available: number } };

/**
 * The spending rule, for the server's refusals and the web's warnings alike: a balance below 0 (only a
 * refunded or charged-back top-up takes it there) buys nothing until a top-up settles it; otherwise it
 * must cover what is asked. Null when the balance can pay `required`; what costs nothing (a trial, a
 * free plan, disabling lines) is no spend and never refused.
 */
export function spendRefusal(balance: number, required: number): SpendRefusal | null {
  if (required <= 0) return null;
  if (balance < 0) return { code: 'BALANCE_NEGATIVE', params: { balance } };
  if (balance < required) return { code: 'INSUFFICIENT_CREDITS', params: { required, available: balance } };
  return null;
}
