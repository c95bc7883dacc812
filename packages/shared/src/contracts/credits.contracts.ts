import { defineContract } from '../contract.js';
import { ledgerEntrySchema, ledgerQuerySchema } from '../credits.js';
import { listResponseSchema } from '../list.js';

export const listLedger = defineContract({
  method: 'GET',
  path: '/api/credits/ledger',
  access: 'signedIn',
  tags: ['credits'],
  summary:
    'Credit movements, newest first: my own; admins any account (?account_id=, or all), resellers their sub-accounts',
  query: ledgerQuerySchema,
  response: listResponseSchema(ledgerEntrySchema),
  errors: ['USER_NOT_FOUND'],
});
