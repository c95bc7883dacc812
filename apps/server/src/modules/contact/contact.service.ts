import type { ContactDetails, ContactDetailsBody, ContactMessageBody, Ticket } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { access, type Actor } from '../../platform/access.js';
import { appSettingsRepository } from '../settings/app-settings.repository.js';
import { updateSetting } from '../settings/app-settings.service.js';
import { createTicket } from '../tickets/tickets.service.js';

const CONTACT_KEY = 'contact_details';
const empty: ContactDetails = { email: '', telegram: '', whatsapp: '', hours: '', note: '' };

export async function getContactDetails(ctx: AppContext, _actor: Actor): Promise<ContactDetails> {
  const stored = await appSettingsRepository.get<Partial<ContactDetails>>(ctx.db, CONTACT_KEY, {});
  return { ...empty, ...stored };
}

export async function setContactDetails(
  ctx: AppContext,
  actor: Actor,
  body: ContactDetailsBody,
): Promise<ContactDetails> {
  const admin = access.admin(actor);
  const details: ContactDetails = {
    email: body.email,
    telegram: body.telegram,
    whatsapp: body.whatsapp,
    hours: body.hours,
    note: body.note,
  };
  await updateSetting(ctx, admin, CONTACT_KEY, details);
  await ctx.bus.publish({ table: 'app_settings', action: 'update', id: CONTACT_KEY, audience: 'all' });
  return details;
}

/** The Quick Contact form: a short message becomes a ticket of the caller. */
export async function sendContactMessage(
  ctx: AppContext,
  actor: Actor,
  body: ContactMessageBody,
): Promise<Ticket> {
  return createTicket(ctx, actor, {
    title: body.subject,
    description: body.message,
    priority: 'medium',
    category: body.category,
  });
}
