import { z } from 'zod';
import { idQuerySchema, idSchema, nonEmptyPatch, text } from './schema-blocks.js';
import { emailSchema, passwordSchema } from './auth.js';
import { languages } from './languages.js';
import {
  ADMIN_GROUP_ID,
  RESELLER_GROUP_ID,
  USER_GROUP_ID,
  isAdminAccount,
  permissions,
} from './permissions.js';
import { staffSchema } from './staff-schema.js';

export const accountStatusSchema = z.enum(['active', 'suspended']);
export type AccountStatus = z.infer<typeof accountStatusSchema>;

/** The signed-in account, as `GET /api/me` returns it. */
export const accountSchema = z.object({
  id: text(),
  email: text(),
  /** The email part before the at-sign. */
  username: text(),
  /** Profile metadata: chosen at sign-up, defaults to the email. */
  profile_username: text(),
  full_name: text(),
  notes: text().nullable(),
  credits: z.number().int(),
  group_id: z.number().int(),
  group_name: text().nullable(),
  is_admin: z.boolean(),
  owner_id: text().nullable(),
  banned: z.boolean(),
  status: accountStatusSchema,
  email_verified: z.boolean(),
  created_at: text(),
  last_sign_in_at: text().nullable(),
  /** A staff role and its scope (`staff.ts`); null or absent for none. */
  staff: staffSchema.nullable().optional(),
});
export type Account = z.infer<typeof accountSchema>;

export const meSchema = accountSchema.extend({
  permissions: z.array(z.enum(permissions)),
  /**
   * The language I chose: a browser with no choice of its own shows it. Null when I never chose one:
   * then a browser keeps the language it detected.
   */
  language: z.enum(languages).nullable(),
  /** Two-factor sign-in: on or off, and whether an admin's setting requires it before anything else. */
  two_factor: z.object({ enabled: z.boolean(), setup_required: z.boolean() }).optional(),
  /**
   * A staff member's operations (`METHOD /path`) in which it acts as an admin: the web shows the
   * screens these open and no others of the admin's. Empty for everyone else.
   */
  staff_operations: z.array(text()).optional(),
});
export type Me = z.infer<typeof meSchema>;

export function usernameFromEmail(email: string): string {
  const at = email.indexOf('@');
  return at === -1 ? email : email.slice(0, at);
}

/**
 * The derived group, for display only (docs/spec-rules.md, "Account derivation"): admin → group 1
 * (credits shown as 1000), credits > 0 → group 2, otherwise group 3.
 */
export function derivedGroupId(account: { is_admin: boolean; group_id: number; credits: number }): number {
  if (isAdminAccount(account)) return ADMIN_GROUP_ID;
  return account.credits > 0 ? RESELLER_GROUP_ID : USER_GROUP_ID;
}

/** A row of `GET /api/accounts` (/resellers and /user): the account plus what the lists show. */
export const managedAccountSchema = accountSchema.extend({
  /** Line users (table users) this account owns. */
  lines_count: z.number().int(),
  owner_email: text().nullable(),
  /** `displayCredits`: 1000 for admins, else the balance. */
  display_credits: z.number().int(),
  /** `derivedGroupId`: the spec's display derivation of the group. */
  display_group_id: z.number().int(),
  /**
   * With `subtree=true` only: how many levels below the viewer the account is (1: the viewer's own
   * sub-account, or for an admin an account nobody owns); absent for an account outside the walk.
   */
  depth: z.number().int().optional(),
});
export type ManagedAccount = z.infer<typeof managedAccountSchema>;

export const accountSortFields = [
  'email',
  'username',
  'full_name',
  'credits',
  'group_id',
  'created_at',
  'last_sign_in_at',
  'lines_count',
] as const;

/** `GET /api/accounts?page=&page_size=&search=&sort=&order=&group_id=&status=&owner_id=`. */
export const accountListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
  /** Matches email, full name and profile username. */
  search: text().trim().max(200).optional(),
  sort: z.enum(accountSortFields).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  group_id: idQuerySchema.optional(),
  status: accountStatusSchema.optional(),
  /** Admins only: the sub-accounts of one reseller. */
  owner_id: text().min(1).max(64).optional(),
  /**
   * `true`: every account of the viewer's tree (a reseller: its sub-accounts, theirs, and so on;
   * an admin: every account), each with its `depth`; without it a reseller sees its direct ones.
   */
  subtree: z.enum(['true', 'false']).optional(),
});
export type AccountListQuery = z.infer<typeof accountListQuerySchema>;

/**
 * `POST /api/accounts`: with `password` the account is ready to sign in (email confirmed by whoever
 * created it); without one an invite mail goes out whose link opens `<public url>/set-password?token=...`,
 * and the account signs in once the password is set there. A reseller creating an account becomes its
 * owner; only admins pick `group_id`.
 */
export const createAccountBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema.optional(),
  full_name: text().trim().max(200).optional(),
  username: text().trim().max(254).optional(),
  notes: text().max(5000).nullable().optional(),
  group_id: idSchema.optional(),
});
export type CreateAccountBody = z.infer<typeof createAccountBodySchema>;

/** `POST /api/accounts` → 201: the account and whether an invite mail was sent. */
export const createAccountResultSchema = z.object({ account: managedAccountSchema, invited: z.boolean() });
export type CreateAccountResult = z.infer<typeof createAccountResultSchema>;

/** `PATCH /api/accounts/:id`: group_id and banned are admin-only; owners may edit notes and full_name. */
export const accountPatchSchema = nonEmptyPatch(
  z.object({
    group_id: idSchema.optional(),
    banned: z.boolean().optional(),
    notes: text().max(5000).nullable().optional(),
    full_name: text().trim().max(200).optional(),
  }),
);
export type AccountPatch = z.infer<typeof accountPatchSchema>;

/** `POST /api/accounts/invite/accept` (public): the invite link's token and the chosen password. */
export const acceptInviteBodySchema = z.object({
  token: text().min(1, { error: 'INVALID_TOKEN' }).max(200, { error: 'INVALID_TOKEN' }),
  password: passwordSchema,
});
export type AcceptInviteBody = z.infer<typeof acceptInviteBodySchema>;
