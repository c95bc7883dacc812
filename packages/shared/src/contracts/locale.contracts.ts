import { defineContract } from '../contract.js';
import { accountLanguageAnswerSchema, accountLanguageBodySchema, localeCountrySchema } from '../locale.js';

export const country = defineContract({
  method: 'GET',
  path: '/api/locale/country',
  access: 'public',
  tags: ['system'],
  summary: "The caller's country from a proxy header, and the interface language for it",
  response: localeCountrySchema,
});

export const setMyLanguage = defineContract({
  method: 'PUT',
  path: '/api/me/language',
  access: 'signedIn',
  tags: ['accounts'],
  summary: 'Choose the language the panel writes my messages and mails in',
  body: accountLanguageBodySchema,
  response: accountLanguageAnswerSchema,
});
