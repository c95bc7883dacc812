import { defineContract } from '../contract.js';

/** A stream the browser reads with EventSource, not through the client. */
export const stream = defineContract({
  method: 'GET',
  path: '/api/events',
  access: 'signedIn',
  tags: ['system'],
  summary: 'Server-Sent Events stream of changes the caller may see',
  response: null,
  errors: ['UNAUTHENTICATED'],
});
