/**
 * The spending rule, in a module without schemas: the negative-balance banner is in the signed-in
 * shell's first download and must not download zod with it (credits.ts holds the schemas).
 */

/** Why a balance cannot pay for something, as the error code and params the server answers. */
export type SpendRefusal =
  | { code: 'BALANCE_NEGATIVE'; params: { balance: number } }
  | { code: 'INSUFFICIENT_CREDITS'; params: { required: number; available: number } }
  | { code: 'CREDIT_LIMIT_EXCEEDED'; params: { required: number; available: number; limit: number } };

/**
 * The spending rule, for the server's refusals and the web's warnings alike: a balance below 0 (only a
 * refunded or charged-back top-up takes it there) buys nothing until a top-up settles it; otherwise it
 * must cover what is asked. Null when the balance can pay `required`; what costs nothing (a trial, a
 * free plan, disabling lines) is no spend and never refused.
 *
 * A trusted reseller's credit limit (`creditLimit`, set by an admin) lets a spend take the balance
 * down to minus that limit, and no further; the ledger's guarded UPDATE applies the same bound.
 */
export function spendRefusal(balance: number, required: number, creditLimit = 0): SpendRefusal | null {
  if (required <= 0) return null;
  if (creditLimit > 0) {
    if (balance - required >= -creditLimit) return null;
    return { code: 'CREDIT_LIMIT_EXCEEDED', params: { required, available: balance, limit: creditLimit } };
  }
  if (balance < 0) return { code: 'BALANCE_NEGATIVE', params: { balance } };
  if (balance < required) return { code: 'INSUFFICIENT_CREDITS', params: { required, available: balance } };
  return null;
}
