// What the server writes into the web app's page and the app reads back, named once for both sides.
// Imported by the web app as `@linedesk/shared/page`, a file of its own: the package's main entry
// would bring zod and every schema into the sign-in page's first download.

/** The id of the page's JSON data block holding `GET /api/me`'s answer for a signed-in visitor. */
export const ME_BLOCK_ID = 'linedesk-me';

/** What the web build writes where each answer's Content-Security-Policy nonce goes. */
export const CSP_NONCE_PLACEHOLDER = '__LINEDESK_CSP_NONCE__';

/**
 * The id of the page's JSON data block holding the server's clock (milliseconds) when the page was
 * asked for: every answer the page then reads comes later, so an event stream opened with this as its
 * `since` misses no change the page's answers could have missed.
 */
export const EVENT_POSITION_BLOCK_ID = 'linedesk-event-position';

/**
 * The header on every answer with the server's clock (milliseconds) when its request arrived: a
 * change made from then on may be missing from the answer, and a stream opened with that `since`
 * brings it.
 */
export const EVENT_POSITION_HEADER = 'x-event-position';
