import {
  KB_BODY_MAX,
  KB_TITLE_MAX,
  TICKET_TEXT_MAX,
  TICKET_TITLE_MAX,
  ticketCategories,
  ticketPriorities,
} from '@linedesk/shared';
import { z } from 'zod';

/** zod messages are error codes the form fields translate (validation.REQUIRED, validation.TOO_LONG). */
const requiredText = (max: number) =>
  z.string().trim().min(1, { error: 'REQUIRED' }).max(max, { error: 'TOO_LONG' });

export const ticketFormSchema = z.object({
  title: requiredText(TICKET_TITLE_MAX),
  description: requiredText(TICKET_TEXT_MAX),
  priority: z.enum(ticketPriorities),
  category: z.enum(ticketCategories),
});
export type TicketFormValues = z.infer<typeof ticketFormSchema>;

export const contactMessageFormSchema = z.object({
  subject: requiredText(200),
  message: requiredText(10_000),
  category: z.enum(ticketCategories),
});
export type ContactMessageFormValues = z.infer<typeof contactMessageFormSchema>;

export const kbArticleFormSchema = z.object({
  title: requiredText(KB_TITLE_MAX),
  body: z.string().max(KB_BODY_MAX, { error: 'TOO_LONG' }),
  category_id: z.string().min(1, { error: 'REQUIRED' }),
  published: z.boolean(),
});
export type KbArticleFormValues = z.infer<typeof kbArticleFormSchema>;

export const kbCategoryFormSchema = z.object({
  name: requiredText(100),
  description: z.string().trim().max(500, { error: 'TOO_LONG' }),
});
export type KbCategoryFormValues = z.infer<typeof kbCategoryFormSchema>;

export const contactDetailsFormSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254, { error: 'TOO_LONG' })
    .refine((value) => value === '' || z.email().safeParse(value).success, { error: 'INVALID_EMAIL' }),
  telegram: z.string().trim().max(100, { error: 'TOO_LONG' }),
  whatsapp: z.string().trim().max(100, { error: 'TOO_LONG' }),
  hours: z.string().trim().max(200, { error: 'TOO_LONG' }),
  note: z.string().trim().max(1000, { error: 'TOO_LONG' }),
});
export type ContactDetailsFormValues = z.infer<typeof contactDetailsFormSchema>;
