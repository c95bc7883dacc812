/** Refusals of the live connections of a line (who is online, kicks, sharing detection). */
export const lineConnectionErrors = {
  LINE_CONNECTION_NOT_FOUND: 'Connection not found',
  LINE_KICK_NOT_SUPPORTED: 'This server cannot end a single connection; disable the line to cut it off',
  LINE_KICK_FAILED: 'The server did not end the connection: {{reason}}',
  LINE_SHARING_INVALID_SETTINGS:
    'Sharing detection settings: IPs in the window must be 0 (off) to 100 and the window 1 to 10080 minutes',
} as const;
