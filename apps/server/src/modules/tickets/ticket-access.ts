import type { Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import type { TicketSide } from './tickets.repository.js';

/**
 * Ticket rules on top of platform/access.ts: admins handle every ticket, everyone else only their
 * own; another owner's ticket answers exactly like a missing one.
 */
export const ticketAccess = {
  side(actor: Actor): TicketSide {
    return actor.isAdmin ? 'admin' : 'user';
  },
  canSee(actor: Actor, ticket: { userId: string }): boolean {
    return actor.isAdmin || ticket.userId === actor.id;
  },
  /** Reads, edits, downloads: a ticket the caller may not see is 'Ticket not found' (404). */
  visibleOrNotFound<T extends { userId: string }>(actor: Actor, ticket: T | undefined): T {
    if (!ticket || !ticketAccess.canSee(actor, ticket)) throw new AppError('TICKET_NOT_FOUND');
    return ticket;
  },
  /**
   * Replying (a signed-out caller is refused 'You must be logged in to add a reply' by the route's
   * access, before any lookup):
   * - an admin and no such ticket → 'Ticket not found' (404);
   * - not an admin and not the owner → 'You do not have permission to reply to this ticket' (403).
   * Existence must not leak, so for a non-admin a missing ticket answers the same 403 as another
   * user's ticket: both are tickets this caller may not reply to, and the two are indistinguishable.
   * (Reading replies of either answers 404 'Ticket not found', like every other read.)
   */
  mayReply<T extends { userId: string }>(actor: Actor, ticket: T | undefined): T {
    if (actor.isAdmin) {
      if (!ticket) throw new AppError('TICKET_NOT_FOUND');
      return ticket;
    }
    if (!ticket || ticket.userId !== actor.id) throw new AppError('REPLY_FORBIDDEN');
    return ticket;
  },
};
