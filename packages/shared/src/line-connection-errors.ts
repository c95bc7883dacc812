/** Refusals of the live connections of a line (who is online, kicks, sharing detection). */
export const lineConnectionErrors = {
  LINE_CONNECTION_NOT_FOUND: { status: 404, message: 'Connection not found' },
  LINE_KICK_NOT_SUPPORTED: {
    status: 409,
    message: 'This server cannot end a single connection; disable the line to cut it off',
  },
  LINE_KICK_FAILED: { status: 502, message: 'The server did not end the connection: {{reason}}' },
  LINE_SHARING_INVALID_SETTINGS: {
    status: 400,
    message:
      'Sharing detection settings: IPs in the window must be 0 (off) to 100 and the window 1 to 10080 minutes',
  },
} as const;
