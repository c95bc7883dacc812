import { defineContract } from '../contract.js';
import { localeCountrySchema } from '../locale.js';

export const country = defineContract({
  method: 'GET',
  path: '/api/locale/country',
  access: 'public',
  tags: ['system'],
  summary: "The caller's country from a proxy header, and the interface language for it",
  response: localeCountrySchema,
});
