/** Refusals that depend on the line's server, and server answers that are not a success. */
export const lineServerErrors = {
  LINE_USERNAME_TOO_LONG_FOR_CCCAM: {
    status: 422,
    message: 'Usernames on CCcam servers can be at most {{max}} characters',
  },
  LINE_SERVER_RELOAD_FAILED: {
    status: 422,
    message: 'The change reached the server, but the server did not apply it: {{reason}}',
  },
} as const;
