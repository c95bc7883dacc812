import { z } from 'zod';

/** Automation keys (issue 7): `Authorization: Bearer <key>` acts as the account that made it. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, to tell keys apart; the key itself is shown only once. */
  prefix: z.string(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyCreateBodySchema = z.object({
  name: z.string().trim().min(1, 'API_KEY_NAME_REQUIRED').max(100),
  /** ISO date-time; absent = never expires. */
  expires_at: z.iso.datetime({ offset: true }).nullish(),
});
export type ApiKeyCreateBody = z.infer<typeof apiKeyCreateBodySchema>;

export const apiKeyCreatedSchema = apiKeySchema.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;
