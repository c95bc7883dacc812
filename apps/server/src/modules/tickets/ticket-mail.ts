import type { AppContext } from '../../app-context.js';
import { toLanguage, translate } from '../../i18n/server-texts.js';
import { ticketsRepository } from './tickets.repository.js';

type Recipient = { id: string; email: string; ticketReplyMail: boolean; language: string };

/**
 * The other side hears about a new reply: an admin's reply goes to the ticket's owner, a user's to
 * the assigned admin (every admin while unassigned). Anyone who turned the mail off in /settings, and
 * the author, are skipped. Sent after the answer; one failed address does not stop the others.
 */
export async function notifyReply(
  ctx: AppContext,
  reply: { ticketId: number; authorId: string; byAdmin: boolean },
): Promise<void> {
  const ticket = await ticketsRepository.findById(ctx.db, reply.ticketId, 'user');
  if (!ticket) return;
  let recipients: Recipient[];
  if (reply.byAdmin) {
    const owner = await ticketsRepository.findMailTarget(ctx.db, ticket.userId);
    recipients = owner && !owner.banned ? [owner] : [];
  } else if (ticket.assignedTo) {
    recipients = await ticketsRepository.listAdmins(ctx.db, [ticket.assignedTo]);
  } else {
    recipients = await ticketsRepository.listAdmins(ctx.db);
  }
  const link = `${ctx.config.publicUrl}/tickets/${ticket.id}`;
  for (const recipient of recipients) {
    if (!recipient.ticketReplyMail || recipient.id === reply.authorId) continue;
    const language = toLanguage(recipient.language);
    try {
      await ctx.mailer.send({
        to: recipient.email,
        subject: translate(language, 'tickets.replySubject', { id: ticket.id, title: ticket.title }),
        text: translate(language, 'tickets.replyText', { title: ticket.title, link }),
        link,
      });
    } catch (error) {
      ctx.log.error({ err: error, ticketId: ticket.id, to: recipient.email }, 'Ticket reply mail failed');
    }
  }
}
