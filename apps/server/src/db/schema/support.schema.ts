import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { authUsers } from './core.schema.js';

/**
 * Tickets, replies, attachments, knowledge base and contact details: the support issue's tables.
 * Contact details live in app_settings (key `contact_details`).
 */

/** A ticket (docs/spec-rules.md, "Tickets and replies"). `is_read` = an admin has opened it. */
export const tickets = pgTable(
  'tickets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    status: text('status').$type<'open' | 'in_progress' | 'closed' | 'pending'>().notNull().default('open'),
    priority: text('priority').$type<'low' | 'medium' | 'high' | 'urgent'>().notNull().default('medium'),
    category: text('category')
      .$type<'general' | 'technical' | 'billing' | 'account' | 'other'>()
      .notNull()
      .default('general'),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    assignedTo: text('assigned_to').references(() => authUsers.id, { onDelete: 'set null' }),
    ...timestamps,
    isRead: boolean('is_read').notNull().default(false),
  },
  (t) => [
    check('tickets_status_check', sql`${t.status} in ('open', 'in_progress', 'closed', 'pending')`),
    check('tickets_priority_check', sql`${t.priority} in ('low', 'medium', 'high', 'urgent')`),
    check(
      'tickets_category_check',
      sql`${t.category} in ('general', 'technical', 'billing', 'account', 'other')`,
    ),
    index('tickets_user_idx').on(t.userId, t.createdAt),
    index('tickets_created_idx').on(t.createdAt),
    index('tickets_assigned_idx').on(t.assignedTo),
  ],
);

/** A ticket reply (docs/spec-rules.md, "Tickets and replies"). `is_read` = the other side (owner / an admin) has opened the ticket since. */
export const ticketReplies = pgTable(
  'ticket_replies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => authUsers.id, { onDelete: 'set null' }),
    isAdmin: boolean('is_admin').notNull().default(false),
    content: text('content').notNull(),
    attachmentUrl: text('attachment_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    isRead: boolean('is_read').notNull().default(false),
  },
  (t) => [
    index('ticket_replies_ticket_idx').on(t.ticketId, t.createdAt),
    index('ticket_replies_unread_idx').on(t.ticketId, t.isAdmin, t.isRead),
  ],
);

/** A reply's file; the bytes live on disk under <dataDir>/attachments or in S3, under a random key. */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: text('id').primaryKey(),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    replyId: bigint('reply_id', { mode: 'number' })
      .notNull()
      .references(() => ticketReplies.id, { onDelete: 'cascade' }),
    storage: text('storage').$type<'disk' | 's3'>().notNull(),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdBy: text('created_by').references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ticket_attachments_storage_check', sql`${t.storage} in ('disk', 's3')`),
    index('ticket_attachments_ticket_idx').on(t.ticketId),
    uniqueIndex('ticket_attachments_reply_idx').on(t.replyId),
  ],
);

export const kbCategories = pgTable(
  'kb_categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('kb_categories_name_idx').on(sql`lower(${t.name})`)],
);

/** Markdown text, stored as written; the client renders it without raw HTML. */
export const kbArticles = pgTable(
  'kb_articles',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    categoryId: integer('category_id')
      .notNull()
      .references(() => kbCategories.id, { onDelete: 'restrict' }),
    sortOrder: integer('sort_order').notNull().default(0),
    published: boolean('published').notNull().default(false),
    createdBy: text('created_by').references(() => authUsers.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('kb_articles_category_idx').on(t.categoryId, t.sortOrder)],
);
