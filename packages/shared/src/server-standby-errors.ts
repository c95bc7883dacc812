/** A server's standby (docs/standby.md). */
export const serverStandbyErrors = {
  SERVER_STANDBY_SELF: { status: 422, message: 'A server cannot be its own standby' },
  SERVER_STANDBY_PROTOCOL_MISMATCH: {
    status: 422,
    message: 'The standby of a {{from}} server must be a {{from}} server too, not a {{to}} server',
  },
  SERVER_STANDBY_FILE_MISMATCH: {
    status: 422,
    message: "The standby's agent must write {{from}} as its primary's does, not {{to}}",
  },
  SERVER_STANDBY_DES_KEY_MISMATCH: {
    status: 422,
    message:
      'The standby of a NewCamd server must have the same DES key, so one receiver setting serves both',
  },
  SERVER_STANDBY_IS_PRIMARY: {
    status: 422,
    message: 'This server has a standby of its own, so it cannot be the standby of another',
  },
  SERVER_STANDBY_TAKEN: {
    status: 422,
    message: 'This server is already the standby of {{server}}',
  },
  SERVER_IS_STANDBY: {
    status: 422,
    message: 'This server is the standby of {{server}}, so it cannot have a standby of its own',
  },
  SERVER_STANDBY_HAS_LINES: {
    status: 422,
    message: "A standby holds only its primary's lines: move this server's own lines elsewhere first",
  },
  SERVER_NO_STANDBY: { status: 422, message: 'This server has no standby' },
} as const;
