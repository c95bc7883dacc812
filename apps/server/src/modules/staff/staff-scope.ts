import { staffOperations, type AuditValues, type ErrorCode, type StaffOperationKind } from '@linedesk/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { staffScopeRepository } from './staff-scope.repository.js';

type OwnerLookup = (ctx: AppContext, id: number) => Promise<{ ownerId: string | null } | undefined>;

/** The row an operation's `:id` names, and the refusal a row outside the scope gets (its not-found). */
const rowsOf: Partial<Record<StaffOperationKind, { owner: OwnerLookup; notFound: ErrorCode }>> = {
  line: { owner: (ctx, id) => staffScopeRepository.lineOwner(ctx.db, id), notFound: 'LINE_NOT_FOUND' },
  ticket: { owner: (ctx, id) => staffScopeRepository.ticketOwner(ctx.db, id), notFound: 'TICKET_NOT_FOUND' },
  topup: { owner: (ctx, id) => staffScopeRepository.topupOwner(ctx.db, id), notFound: 'TOPUP_NOT_FOUND' },
};

/** No account has this id: an owner filter set to it finds nothing. */
const NO_ACCOUNT = '-';

/**
 * A list's query parameter naming one account: one outside the scope finds nothing, as an id of no
 * account would. Without it the list holds every account of the scope (its service filters by the
 * scope's subtree, `access.staffTree`).
 */
function narrowList(request: FastifyRequest, param: string, accountIds: Set<string>): void {
  const query = request.query as Record<string, unknown>;
  const asked = query[param];
  if (typeof asked === 'string' && asked !== '' && !accountIds.has(asked)) query[param] = NO_ACCOUNT;
}

/**
 * A scoped staff member acting as an admin (`access.staffActing`): reads its scope's accounts for this
 * request (lists and tree checks filter by them), and refuses a row outside it with the row's own
 * not-found, before the handler runs, as another owner's row answers.
 */
export async function resolveStaffScope(
  ctx: AppContext,
  actor: Actor,
  operation: string,
  request: FastifyRequest,
): Promise<Actor> {
  const staff = actor.staff;
  if (!actor.actingAsStaff || !staff || staff.scopeId === null) return actor;
  const accountIds = new Set(await staffScopeRepository.subtree(ctx.db, staff.scopeId));
  const scoped: Actor = { ...actor, staff: { ...staff, accountIds } };
  const kind = staffOperations[staff.role][operation]!;
  if (kind.startsWith('list:')) narrowList(request, kind.slice('list:'.length), accountIds);
  const rows = rowsOf[kind];
  if (rows) {
    const id = Number((request.params as { id?: unknown } | undefined)?.id);
    const row = Number.isSafeInteger(id) ? await rows.owner(ctx, id) : undefined;
    if (!row || row.ownerId === null || !accountIds.has(row.ownerId)) throw new AppError(rows.notFound);
  }
  return scoped;
}

/**
 * One audit entry for each change a staff member made as an admin, after it succeeded: the operation
 * and the row it named, with the staff account as the actor. Many of these operations (a ticket reply,
 * a top-up approval) write no entry of their own, so this is what says who did them.
 */
export async function recordStaffAction(
  ctx: AppContext,
  actor: Actor,
  operation: string,
  request: FastifyRequest,
): Promise<void> {
  await recordAudit(ctx.db, actor, {
    action: 'staff.action',
    after: { operation, role: actor.staff?.role ?? null, params: (request.params ?? {}) as AuditValues },
  });
}
