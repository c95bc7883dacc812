import { z } from 'zod';
import { text } from './schema-blocks.js';

/** Automation keys: `Authorization: Bearer <key>` acts as the account that made it. */
export const apiKeySchema = z.object({
  id: text(),
  name: text(),
  /** The key's first characters, to tell keys apart; the key itself is shown only once. */
  prefix: text(),
  created_at: text(),
  expires_at: text().nullable(),
  last_used_at: text().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyCreateBodySchema = z.object({
  name: text().trim().min(1, 'API_KEY_NAME_REQUIRED').max(100),
  /** ISO date-time; absent = never expires. */
  expires_at: z.iso.datetime({ offset: true }).nullish(),
});
export type ApiKeyCreateBody = z.infer<typeof apiKeyCreateBodySchema>;

export const apiKeyCreatedSchema = apiKeySchema.extend({ key: text() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;
