import { z } from 'zod';
import { text } from './schema-blocks.js';

/** An internal message with the caller's own read state. */
export const messageSchema = z.object({
  id: z.number().int(),
  title: text(),
  content: text(),
  is_global: z.boolean(),
  recipient_id: text().nullable(),
  /** The recipient's email for direct messages (null for global ones). */
  recipient_email: text().nullable(),
  /** Null when the panel itself sent it (top-up decisions, reminders). */
  created_by: text().nullable(),
  created_by_email: text().nullable(),
  /** Whether the caller has read it; read state is per account, global messages included. */
  is_read: z.boolean(),
  created_at: text(),
});
export type Message = z.infer<typeof messageSchema>;

export const messageFilters = ['all', 'unread'] as const;
export type MessageFilter = (typeof messageFilters)[number];

/**
 * Admins see every message; `scope` narrows to what a plain user would see (`mine`), to global ones, or
 * to direct ones. Non-admins always get `mine`, whatever they ask for.
 */
export const messageScopes = ['mine', 'all', 'global', 'direct'] as const;
export type MessageScope = (typeof messageScopes)[number];

export const messageListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
  filter: z.enum(messageFilters).default('all'),
  scope: z.enum(messageScopes).optional(),
});
export type MessageListQuery = z.infer<typeof messageListQuerySchema>;

export const messageListSchema = z.object({
  items: z.array(messageSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** The caller's unread messages in total (global and addressed to them), whatever the filter. */
  unread: z.number().int(),
});
export type MessageList = z.infer<typeof messageListSchema>;

export const unreadMessagesQuerySchema = z.object({
  limit: z.coerce.number().int().min(0).max(50).default(10),
});

/** For the bell: how many are unread, and the newest of them. */
export const unreadMessagesSchema = z.object({
  count: z.number().int(),
  items: z.array(messageSchema),
});
export type UnreadMessages = z.infer<typeof unreadMessagesSchema>;

export const MESSAGE_TITLE_MAX = 200;
export const MESSAGE_CONTENT_MAX = 10_000;

/**
 * A new message: global, or to one account picked by email (or id). Validation messages are error
 * codes, as everywhere in the API.
 */
export const messageBodySchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, 'MESSAGE_TITLE_REQUIRED')
      .max(MESSAGE_TITLE_MAX, 'MESSAGE_TITLE_TOO_LONG'),
    content: z
      .string()
      .trim()
      .min(1, 'MESSAGE_CONTENT_REQUIRED')
      .max(MESSAGE_CONTENT_MAX, 'MESSAGE_CONTENT_TOO_LONG'),
    is_global: z.boolean().default(false),
    recipient_email: text().trim().max(320).optional(),
    recipient_id: text().trim().max(100).optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.is_global && !body.recipient_email && !body.recipient_id) {
      ctx.addIssue({ code: 'custom', path: ['recipient_email'], message: 'MESSAGE_RECIPIENT_REQUIRED' });
    }
  });
/** What a client sends (`is_global` may be left out). */
export type MessageBody = z.input<typeof messageBodySchema>;
/** The body after validation, as the server handles it. */
export type NewMessage = z.output<typeof messageBodySchema>;

export const readAllMessagesSchema = z.object({ marked: z.number().int() });
