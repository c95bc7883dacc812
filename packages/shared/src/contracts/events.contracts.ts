import { z } from 'zod';
import { defineContract } from '../contract.js';
import { EVENT_STREAM_PATH } from '../events.js';

/**
 * `since`: the server's clock (milliseconds) from which the stream first sends the changes it saw
 * before it opened (a page's data was read from then on, the stream opened later: without it a change
 * in between reached nobody). When the server no longer holds all of them, it sends `event: resync`
 * instead, and the reader reads everything again.
 */
const eventStreamQuerySchema = z.object({
  since: z.coerce.number().int().min(0).optional(),
});

/** A stream the browser reads with EventSource, not through the client. */
export const stream = defineContract({
  method: 'GET',
  path: EVENT_STREAM_PATH,
  access: 'signedIn',
  tags: ['system'],
  summary: 'Server-Sent Events stream of changes the caller may see',
  query: eventStreamQuerySchema,
  response: null,
  errors: ['UNAUTHENTICATED'],
});
