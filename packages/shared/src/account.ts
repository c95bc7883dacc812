import { z } from 'zod';
import { permissions } from './permissions.js';

export const accountStatusSchema = z.enum(['active', 'suspended']);
export type AccountStatus = z.infer<typeof accountStatusSchema>;

/** The account record of spec section 3, as `GET /api/me` returns it. */
export const accountSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** The email part before the at-sign (spec section 3, derived). */
  username: z.string(),
  /** Profile metadata: chosen at sign-up, defaults to the email. */
  profile_username: z.string(),
  full_name: z.string(),
  notes: z.string().nullable(),
  credits: z.number().int(),
  group_id: z.number().int(),
  group_name: z.string().nullable(),
  is_admin: z.boolean(),
  owner_id: z.string().nullable(),
  banned: z.boolean(),
  status: accountStatusSchema,
  email_verified: z.boolean(),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
});
export type Account = z.infer<typeof accountSchema>;

export const meSchema = accountSchema.extend({ permissions: z.array(z.enum(permissions)) });
export type Me = z.infer<typeof meSchema>;

export function usernameFromEmail(email: string): string {
  const at = email.indexOf('@');
  return at === -1 ? email : email.slice(0, at);
}
