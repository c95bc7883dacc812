/** The Telegram bot: its settings and linking a chat to an account. */
export const telegramErrors = {
  TELEGRAM_TOKEN_INVALID: { status: 422, message: 'This is not a Telegram bot token' },
  TELEGRAM_API_ROOT_INVALID: { status: 422, message: 'The Bot API address must be an http(s) URL' },
  TELEGRAM_TOKEN_REJECTED: { status: 422, message: 'Telegram does not know this bot token' },
  TELEGRAM_NOT_CONFIGURED: { status: 409, message: 'The Telegram bot is not set up' },
  TELEGRAM_API_ERROR: {
    status: 502,
    message: 'Telegram answered with an error: {{reason}}',
  },
  TELEGRAM_NOT_LINKED: { status: 404, message: 'No Telegram chat is linked to this account' },
} as const;
