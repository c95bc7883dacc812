import { z } from 'zod';
import { defineContract } from '../contract.js';
import {
  availablePaymentMethodSchema,
  availablePaymentMethodsQuerySchema,
  paymentMethodCreateBodySchema,
  paymentMethodPatchSchema,
  paymentMethodSchema,
} from '../payment-method.js';
import { idParamsSchema } from '../schema-blocks.js';

const tags = ['payment-methods'];

export const list = defineContract({
  method: 'GET',
  path: '/api/payment-methods',
  access: 'admin',
  tags,
  summary: 'Every payment method with its settings (admin); secrets only as `*_set` flags',
  response: z.array(paymentMethodSchema),
  errors: ['ADMIN_ONLY'],
});

export const available = defineContract({
  method: 'GET',
  path: '/api/payment-methods/available',
  access: 'signedIn',
  tags,
  summary:
    'The enabled methods a top-up can be paid with (optionally of one currency); manual methods only until online checkouts exist',
  query: availablePaymentMethodsQuerySchema,
  response: z.array(availablePaymentMethodSchema),
});

export const create = defineContract({
  method: 'POST',
  path: '/api/payment-methods',
  access: 'admin',
  tags,
  summary: 'Add a payment method (admin): manual, Stripe or BTCPay Server, with its settings',
  description:
    'Secrets (`secret_key`, `webhook_secret`, `api_key`) are stored sealed with the data folder key and never answered.',
  body: paymentMethodCreateBodySchema,
  status: 201,
  response: paymentMethodSchema,
  errors: ['ADMIN_ONLY', 'PAYMENT_METHOD_SETTINGS_INVALID'],
});

export const update = defineContract({
  method: 'PATCH',
  path: '/api/payment-methods/:id',
  access: 'admin',
  tags,
  summary:
    'Change a payment method (admin); a secret sent replaces the stored one, one left out stays. The kind never changes.',
  params: idParamsSchema,
  body: paymentMethodPatchSchema,
  response: paymentMethodSchema,
  errors: ['ADMIN_ONLY', 'PAYMENT_METHOD_NOT_FOUND', 'PAYMENT_METHOD_SETTINGS_INVALID'],
});

export const remove = defineContract({
  method: 'DELETE',
  path: '/api/payment-methods/:id',
  access: 'admin',
  tags,
  summary: 'Delete a payment method (admin); requests made with it keep their copy of its name and amount',
  description:
    'An online method (Stripe, BTCPay) with requests still waiting for their payment at its provider is not deleted (`PAYMENT_METHOD_IN_USE`, with their `count`): its webhook secret is what lets their payments be credited. Switch it off instead; it keeps taking the events of its own requests.',
  params: idParamsSchema,
  status: 204,
  response: null,
  errors: ['ADMIN_ONLY', 'PAYMENT_METHOD_NOT_FOUND', 'PAYMENT_METHOD_IN_USE'],
});
