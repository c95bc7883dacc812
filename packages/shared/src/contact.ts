import { z } from 'zod';
import { ticketCategorySchema } from './ticket.js';

/**
 * Contact details an admin sets (support/contact-us and /contact), stored in app_settings.
 *
 * - GET /api/contact → ContactDetails (signed in); PUT /api/contact ContactDetailsBody (admin) → ContactDetails
 * - POST /api/contact/message ContactMessageBody → 201 Ticket (opens a ticket for the caller)
 * Live: SSE event `app_settings` when the details change.
 */
export const contactDetailsSchema = z.object({
  email: z.string(),
  telegram: z.string(),
  whatsapp: z.string(),
  hours: z.string(),
  note: z.string(),
});
export type ContactDetails = z.infer<typeof contactDetailsSchema>;

export const contactDetailsBodySchema = z.object({
  email: z.union([z.literal(''), z.email().max(254)]).default(''),
  telegram: z.string().trim().max(100).default(''),
  whatsapp: z.string().trim().max(100).default(''),
  hours: z.string().trim().max(200).default(''),
  note: z.string().trim().max(1000).default(''),
});
export type ContactDetailsBody = z.infer<typeof contactDetailsBodySchema>;
export type ContactDetailsInput = z.input<typeof contactDetailsBodySchema>;

/** Quick Contact form: opens a ticket for the caller (response: the Ticket). */
export const contactMessageBodySchema = z.object({
  subject: z.string().trim().min(1).max(200),
  message: z.string().trim().min(1).max(10_000),
  category: ticketCategorySchema.default('general'),
});
export type ContactMessageBody = z.infer<typeof contactMessageBodySchema>;
export type ContactMessageInput = z.input<typeof contactMessageBodySchema>;
