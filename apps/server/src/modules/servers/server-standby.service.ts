import {
  LINE_MOVE_GRACE_DEFAULT_HOURS,
  serverAddress,
  type LineBulkJob,
  type Server,
  type ServerStandbyBody,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { audited } from '../audit/audit.service.js';
import { startLineMove } from '../line-bulk/line-move.service.js';
import { lineOutboxRepository } from '../line-sync/line-outbox.repository.js';
import { nothingNotified, notify, type Notified } from '../notifications/notify.js';
import { serverStandbyRepository } from './server-standby.repository.js';
import { shownServers } from './servers.service.js';
import { serversRepository, type ServerRow } from './servers.repository.js';

const FILE_LABELS = { oscam: 'oscam.user', cccam: 'CCcam.cfg' } as const;

const addressOf = (server: ServerRow) =>
  serverAddress({ host_ip: server.hostIp, hostname: server.hostname, port: server.port });

/**
 * Whether `standby` may hold `primary`'s lines: the same protocol and agent file (its entries are
 * copies of the primary's), for NewCamd the same DES key (a customer's receiver has one), no lines
 * of its own (its own lines' customers would share its agent with another server's), and no chain:
 * a standby has no standby of its own and serves one primary, and a primary is nobody's standby.
 */
async function assertStandbyFits(tx: Db, primary: ServerRow, standby: ServerRow): Promise<void> {
  if (standby.id === primary.id) throw new AppError('SERVER_STANDBY_SELF');
  if (standby.protocol !== primary.protocol) {
    throw new AppError('SERVER_STANDBY_PROTOCOL_MISMATCH', {
      params: { from: primary.protocol, to: standby.protocol },
    });
  }
  if (primary.agentBackend && standby.agentBackend && primary.agentBackend !== standby.agentBackend) {
    throw new AppError('SERVER_STANDBY_FILE_MISMATCH', {
      params: { from: FILE_LABELS[primary.agentBackend], to: FILE_LABELS[standby.agentBackend] },
    });
  }
  if (primary.protocol === 'NewCamd' && primary.newcamdDesKey !== standby.newcamdDesKey) {
    throw new AppError('SERVER_STANDBY_DES_KEY_MISMATCH');
  }
  if (standby.standbyId !== null) throw new AppError('SERVER_STANDBY_IS_PRIMARY');
  const taken = await serverStandbyRepository.primaryOf(tx, standby.id, primary.id);
  if (taken) throw new AppError('SERVER_STANDBY_TAKEN', { params: { server: taken.serverName } });
  const above = await serverStandbyRepository.primaryOf(tx, primary.id);
  if (above) throw new AppError('SERVER_IS_STANDBY', { params: { server: above.serverName } });
  if ((await serverStandbyRepository.lineCount(tx, standby.id)) > 0) {
    throw new AppError('SERVER_STANDBY_HAS_LINES');
  }
}

/**
 * Gives a server a standby, changes it or takes it away. In the same transaction the new standby
 * gets every line of the server queued (the line outbox delivers them, retried while it is down, so
 * the fill survives a restart), the old one each of them queued for removal, and the lines' connection
 * lines gain the new standby's address and lose the old one's.
 */
export async function setServerStandby(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: ServerStandbyBody,
): Promise<Server> {
  const subject = { action: 'server.standby' as const, entity: { type: 'server' as const, id } };
  const read = async (db: Db) => {
    const row = (await serverStandbyRepository.lock(db, [id])).get(id);
    return row ? { standby_id: row.standbyId } : null;
  };
  let owners: (string | null)[] = [];
  const row = await audited(ctx, actor, { ...subject, read }, async (tx) => {
    const ids = [id, ...(body.standby_id === null ? [] : [body.standby_id])];
    const locked = await serverStandbyRepository.lock(tx, ids);
    const primary = locked.get(id);
    if (!primary) throw new AppError('SERVER_NOT_FOUND');
    if (primary.standbyId === body.standby_id) return primary;
    const next = body.standby_id === null ? null : locked.get(body.standby_id);
    if (next === undefined) throw new AppError('SERVER_NOT_FOUND');
    if (next) await assertStandbyFits(tx, primary, next);
    const previous =
      primary.standbyId === null
        ? null
        : (await serverStandbyRepository.lock(tx, [primary.standbyId])).get(primary.standbyId);
    const updated = await serverStandbyRepository.setStandby(tx, id, body.standby_id);
    if (previous) {
      await lineOutboxRepository.enqueueForStandby(tx, id, previous.id, 'delete');
      owners = await serverStandbyRepository.removeAddress(tx, id, addressOf(previous));
    }
    if (next) {
      await lineOutboxRepository.enqueueForStandby(tx, id, next.id, 'upsert');
      owners = [...owners, ...(await serverStandbyRepository.addAddress(tx, id, addressOf(next)))];
    }
    return updated!;
  });
  await ctx.bus.publish({ table: 'cccam_servers', action: 'update', id: String(id), audience: [] });
  for (const ownerId of new Set(owners)) {
    await ctx.bus.publish({ table: 'users', action: 'update', id: '0', audience: ownerId ? [ownerId] : [] });
  }
  return (await shownServers(ctx.db, [row]))[0]!;
}

/**
 * Makes a server's standby its primary: the standby stops being one (so the server's removals are
 * no longer copied to it), then the server's lines move onto it as any server move does, a durable
 * bulk job. The standby holds them already, so the customers, whose receivers have its connection
 * line too, keep watching throughout.
 */
export async function promoteServerStandby(ctx: AppContext, actor: Actor, id: number): Promise<LineBulkJob> {
  const current = await serversRepository.findById(ctx.db, id);
  if (!current) throw new AppError('SERVER_NOT_FOUND');
  if (current.standbyId === null) throw new AppError('SERVER_NO_STANDBY');
  const standby = await serversRepository.findById(ctx.db, current.standbyId);
  if (!standby || standby.status !== 'active') throw new AppError('LINE_MOVE_TARGET_INACTIVE');
  if ((await serverStandbyRepository.lineCount(ctx.db, id)) === 0) {
    throw new AppError('LINE_BULK_NOTHING_SELECTED');
  }
  // The link goes first, without emptying the standby: the move adds the lines there itself.
  await audited(
    ctx,
    actor,
    {
      action: 'server.standby',
      entity: { type: 'server', id },
      read: async (db) => ({ standby_id: (await serverStandbyRepository.lock(db, [id])).get(id)?.standbyId }),
    },
    (tx) => serverStandbyRepository.setStandby(tx, id, null),
  );
  await ctx.bus.publish({ table: 'cccam_servers', action: 'update', id: String(id), audience: [] });
  return startLineMove(
    ctx,
    actor,
    { source_server_id: id, target_server_id: standby.id, grace_hours: LINE_MOVE_GRACE_DEFAULT_HOURS },
    (tx) => tellPromotion(ctx, tx, actor, current, standby),
  );
}

/**
 * One notice to each owner of the server's lines (but the one promoting): its lines now run on the
 * standby, and its customers, whose receivers hold the standby's connection line already, have
 * nothing to do. The move itself tells nobody new connection lines for them (they list the
 * standby's address already).
 */
async function tellPromotion(
  ctx: AppContext,
  tx: Db,
  actor: Actor,
  primary: ServerRow,
  standby: ServerRow,
): Promise<Notified> {
  const all = nothingNotified();
  for (const [ownerId, lines] of await serverStandbyRepository.lineCountsByOwner(tx, primary.id)) {
    if (ownerId === actor.id) continue;
    const one = await notify(ctx, tx, ownerId, {
      kind: 'standby_promoted',
      params: { server: primary.serverName, standby: standby.serverName, lines },
    });
    all.messages.push(...one.messages);
    all.queued += one.queued;
  }
  return all;
}
