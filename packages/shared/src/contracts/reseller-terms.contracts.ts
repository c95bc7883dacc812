import { z } from 'zod';
import { defineContract } from '../contract.js';
import { idParamsSchema } from '../schema-blocks.js';
import {
  groupPricesSchema,
  resellerLimitsBodySchema,
  resellerPricesBodySchema,
  resellerTermsSchema,
} from '../reseller-terms.js';
import { staffBodySchema, staffSchema } from '../staff-schema.js';

const tags = ['accounts'];

const accountIdParamsSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'INVALID_USER_ID' }),
});

export const get = defineContract({
  method: 'GET',
  path: '/api/accounts/:id/terms',
  access: 'signedIn',
  tags,
  summary: "An account's prices and limits (admins: any account; resellers: their own sub-accounts)",
  params: accountIdParamsSchema,
  response: resellerTermsSchema,
  errors: ['USER_NOT_FOUND', 'INVALID_USER_ID', 'RESELLER_TERMS_SELF'],
});

export const setPrices = defineContract({
  method: 'PUT',
  path: '/api/accounts/:id/prices',
  access: 'signedIn',
  tags,
  summary:
    "Replace an account's price list: per plan and duration, fixed credits or the plan's price ± a percentage. A reseller's sub-account never pays less than the reseller.",
  params: accountIdParamsSchema,
  body: resellerPricesBodySchema,
  response: resellerTermsSchema,
  errors: [
    'USER_NOT_FOUND',
    'INVALID_USER_ID',
    'RESELLER_TERMS_SELF',
    'RESELLER_PRICES_INVALID',
    'RESELLER_PRICE_NOT_OFFERED',
    'RESELLER_PRICE_BELOW_COST',
    'LINE_PLAN_NOT_FOUND',
  ],
});

export const setLimits = defineContract({
  method: 'PUT',
  path: '/api/accounts/:id/limits',
  access: 'signedIn',
  tags,
  summary:
    "Set an account's limits: lines, plans, servers, trials, sub-resellers; the credit limit and a sub-reseller's price by admins only",
  params: accountIdParamsSchema,
  body: resellerLimitsBodySchema,
  response: resellerTermsSchema,
  errors: [
    'USER_NOT_FOUND',
    'INVALID_USER_ID',
    'RESELLER_TERMS_SELF',
    'RESELLER_LIMITS_INVALID',
    'RESELLER_LIMIT_ADMIN_ONLY',
    'RESELLER_LIMIT_BELOW_USAGE',
    'RESELLER_LIMIT_UNKNOWN_PLAN',
    'RESELLER_LIMIT_UNKNOWN_SERVER',
  ],
});

export const getTierPrices = defineContract({
  method: 'GET',
  path: '/api/groups/:id/prices',
  access: 'admin',
  tags: ['groups'],
  summary: "A tier's price list (admin): what the group's accounts pay where their own list is silent",
  params: idParamsSchema,
  response: groupPricesSchema,
  errors: ['ADMIN_ONLY', 'GROUP_NOT_FOUND'],
});

export const setTierPrices = defineContract({
  method: 'PUT',
  path: '/api/groups/:id/prices',
  access: 'admin',
  tags: ['groups'],
  summary:
    "Replace a tier's price list (admin): per plan and duration, fixed credits or the plan's price ± a percentage. An account's own price beats its tier's.",
  params: idParamsSchema,
  body: resellerPricesBodySchema,
  response: groupPricesSchema,
  errors: [
    'ADMIN_ONLY',
    'GROUP_NOT_FOUND',
    'RESELLER_PRICES_INVALID',
    'RESELLER_PRICE_NOT_OFFERED',
    'LINE_PLAN_NOT_FOUND',
  ],
});

export const setStaff = defineContract({
  method: 'PUT',
  path: '/api/accounts/:id/staff',
  access: 'admin',
  tags,
  summary:
    "Give an account a staff role (support, billing or operations) over every account or one reseller's subtree, or take it away (role null)",
  description:
    "A staff member acts as an admin in its role's operations only (`staffOperations`), and only on the rows of its scope: rows outside it answer as another owner's rows do. It never reaches settings, groups, staff roles or credits made from nothing.",
  params: accountIdParamsSchema,
  body: staffBodySchema,
  response: z.object({ staff: staffSchema.nullable() }),
  errors: ['USER_NOT_FOUND', 'INVALID_USER_ID', 'STAFF_SCOPE_NOT_FOUND', 'STAFF_NOT_FOR_ADMIN'],
});
