import { z } from 'zod';

/** Why a balance changed (issue 5): every credit movement appends one ledger row with one of these. */
export const ledgerReasons = [
  'add',
  'set',
  'line_create',
  'line_renew',
  'redeem',
  'topup',
  'transfer_in',
  'transfer_out',
  'refund',
] as const;
export type LedgerReason = (typeof ledgerReasons)[number];

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  account_id: z.string(),
  delta: z.number().int(),
  balance_after: z.number().int(),
  reason: z.enum(ledgerReasons),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  ref_type: z.string().nullable(),
  ref_id: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
