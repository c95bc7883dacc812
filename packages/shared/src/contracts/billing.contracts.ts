import {
  billingDetailsBodySchema,
  billingDetailsSchema,
  sellerDetailsBodySchema,
  sellerDetailsSchema,
} from '../billing.js';
import { defineContract } from '../contract.js';

const tags = ['billing'];

export const getSeller = defineContract({
  method: 'GET',
  path: '/api/seller-details',
  access: 'admin',
  tags,
  summary: "The seller on every receipt (admin): the panel's company name, address and VAT / tax id",
  response: sellerDetailsSchema,
  errors: ['ADMIN_ONLY'],
});

export const setSeller = defineContract({
  method: 'PUT',
  path: '/api/seller-details',
  access: 'admin',
  tags,
  summary: 'Set the seller on receipts (admin); receipts show it from then on, old ones included',
  body: sellerDetailsBodySchema,
  response: sellerDetailsSchema,
  errors: ['ADMIN_ONLY'],
});

export const getMine = defineContract({
  method: 'GET',
  path: '/api/me/billing',
  access: 'signedIn',
  tags,
  summary:
    "The signed-in account's billing details: the buyer on its receipts (name or company, address, VAT / tax id)",
  response: billingDetailsSchema,
});

export const setMine = defineContract({
  method: 'PUT',
  path: '/api/me/billing',
  access: 'signedIn',
  tags,
  summary: "Set the signed-in account's billing details; its receipts show them as the buyer",
  body: billingDetailsBodySchema,
  response: billingDetailsSchema,
});
