import { z } from 'zod';
import { text } from './schema-blocks.js';
import { staffRoles } from './staff-roles.js';

/** A staff member's role and scope, as an account carries it. */
export const staffSchema = z.object({
  role: z.enum(staffRoles),
  /** The reseller whose subtree the role acts in (it and every account below it); null = every account. */
  scope_id: text().nullable(),
});
export type Staff = z.infer<typeof staffSchema>;

/** `PUT /api/accounts/:id/staff`: role null takes the role away (and its scope with it). */
export const staffBodySchema = z.object({
  role: z.enum(staffRoles).nullable(),
  scope_id: text().min(1).max(64).nullable().default(null),
});
export type StaffBody = z.infer<typeof staffBodySchema>;
