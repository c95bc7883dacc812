import { z } from 'zod';
import { defineContract } from '../contract.js';
import {
  creditPackageBodySchema,
  creditPackageListQuerySchema,
  creditPackagePatchSchema,
  creditPackageSchema,
  pricingSchema,
} from '../pricing.js';
import { idParamsSchema } from '../schema-blocks.js';

const tags = ['pricing'];

export const getPricing = defineContract({
  method: 'GET',
  path: '/api/pricing',
  access: 'signedIn',
  tags,
  summary: 'Line prices in credits by duration and the active credit packages',
  response: pricingSchema,
});

export const listPackages = defineContract({
  method: 'GET',
  path: '/api/credit-packages',
  access: 'signedIn',
  tags,
  summary: 'Credit packages (active ones; admins may add ?include_inactive=true)',
  query: creditPackageListQuerySchema,
  response: z.object({ items: z.array(creditPackageSchema) }),
});

export const createPackage = defineContract({
  method: 'POST',
  path: '/api/credit-packages',
  access: 'admin',
  tags,
  summary: 'Create a credit package (admin); price in cents',
  body: creditPackageBodySchema,
  status: 201,
  response: creditPackageSchema,
  errors: ['ADMIN_ONLY', 'CREDITS_NOT_POSITIVE', 'CREDITS_TOO_LARGE'],
});

export const updatePackage = defineContract({
  method: 'PATCH',
  path: '/api/credit-packages/:id',
  access: 'admin',
  tags,
  summary: 'Edit a credit package (admin)',
  params: idParamsSchema,
  body: creditPackagePatchSchema,
  response: creditPackageSchema,
  errors: ['ADMIN_ONLY', 'CREDIT_PACKAGE_NOT_FOUND', 'CREDITS_NOT_POSITIVE'],
});

export const deletePackage = defineContract({
  method: 'DELETE',
  path: '/api/credit-packages/:id',
  access: 'admin',
  tags,
  summary: 'Delete a credit package (admin)',
  params: idParamsSchema,
  status: 204,
  response: null,
  errors: ['ADMIN_ONLY', 'CREDIT_PACKAGE_NOT_FOUND'],
});
