import { z } from 'zod';
import { text } from './schema-blocks.js';
import { ticketCategorySchema } from './ticket.js';

/**
 * Contact details an admin sets (support/contact-us and /contact), stored in app_settings.
 *
 * - GET /api/contact → ContactDetails (signed in); PUT /api/contact ContactDetailsBody (admin) → ContactDetails
 * - POST /api/contact/message ContactMessageBody → 201 Ticket (opens a ticket for the caller)
 * Live: SSE event `app_settings` when the details change.
 */
export const contactDetailsSchema = z.object({
  email: text(),
  telegram: text(),
  whatsapp: text(),
  hours: text(),
  note: text(),
});
export type ContactDetails = z.infer<typeof contactDetailsSchema>;

export const contactDetailsBodySchema = z.object({
  email: z.union([z.literal(''), z.email().max(254)]).default(''),
  telegram: text().trim().max(100).default(''),
  whatsapp: text().trim().max(100).default(''),
  hours: text().trim().max(200).default(''),
  note: text().trim().max(1000).default(''),
});
export type ContactDetailsBody = z.infer<typeof contactDetailsBodySchema>;
export type ContactDetailsInput = z.input<typeof contactDetailsBodySchema>;

/** Quick Contact form: opens a ticket for the caller (response: the Ticket). */
export const contactMessageBodySchema = z.object({
  subject: text().trim().min(1).max(200),
  message: text().trim().min(1).max(10_000),
  category: ticketCategorySchema.default('general'),
});
export type ContactMessageBody = z.infer<typeof contactMessageBodySchema>;
export type ContactMessageInput = z.input<typeof contactMessageBodySchema>;
