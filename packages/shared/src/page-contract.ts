// What the server writes into the web app's page and the app reads back, named once for both sides.
// Imported by the web app as `@linedesk/shared/page`, a file of its own: the package's main entry
// would bring zod and every schema into the sign-in page's first download.

/** The id of the page's JSON data block holding `GET /api/me`'s answer for a signed-in visitor. */
export const ME_BLOCK_ID = 'linedesk-me';

/** What the web build writes where each answer's Content-Security-Policy nonce goes. */
export const CSP_NONCE_PLACEHOLDER = '__LINEDESK_CSP_NONCE__';
