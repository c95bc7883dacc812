import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { notifyEach, nothingNotified, type Notified } from '../notifications/notify.js';
import { ticketsRepository } from './tickets.repository.js';

/**
 * The other side hears about a new reply: an admin's reply goes to the ticket's owner, a user's to
 * the assigned admin (every admin while unassigned); never to the author. Written in the reply's
 * transaction, on the channels each recipient chose for `ticket_answered`.
 */
export async function notifyReply(
  ctx: AppContext,
  tx: Db,
  reply: { ticketId: number; authorId: string; byAdmin: boolean },
): Promise<Notified> {
  const ticket = await ticketsRepository.findById(tx, reply.ticketId, 'user');
  if (!ticket) return nothingNotified();
  let recipients: string[];
  if (reply.byAdmin) {
    recipients = [ticket.userId];
  } else {
    const admins = await ticketsRepository.listAdmins(
      tx,
      ticket.assignedTo ? [ticket.assignedTo] : undefined,
    );
    recipients = admins.map((admin) => admin.id);
  }
  return notifyEach(
    ctx,
    tx,
    recipients.filter((id) => id !== reply.authorId),
    { kind: 'ticket_answered', params: { ticket_id: ticket.id, title: ticket.title } },
  );
}
