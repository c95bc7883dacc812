import { defineContract } from '../contract.js';
import { setupGuideBodySchema, setupGuideSchema } from '../setup-guide.js';

const tags = ['dashboard'];

export const get = defineContract({
  method: 'GET',
  path: '/api/setup-guide',
  access: 'admin',
  tags,
  summary: "The first-run guide's steps, each done or not from the panel's data (admin)",
  description:
    'server: a server has passed a connection test; credit_packages: an active credit package exists; ' +
    'contact_details: an email, Telegram or WhatsApp contact is set; reseller: an account in Resellers exists; ' +
    'sign_up: an admin chose whether anyone may sign up (PUT /api/sign-up-settings), open or closed.',
  response: setupGuideSchema,
  errors: ['ADMIN_ONLY'],
});

export const setHidden = defineContract({
  method: 'PUT',
  path: '/api/setup-guide',
  access: 'admin',
  tags,
  summary: 'Hide the first-run guide for me, or show it again (admin)',
  body: setupGuideBodySchema,
  response: setupGuideSchema,
  errors: ['ADMIN_ONLY'],
});
