import {
  LINE_MOVE_GRACE_DEFAULT_HOURS,
  moveTargetRefusal,
  serverAddress,
  type MovingLine,
  type LineBulkJob,
  type LineMoveBody,
  type LineMovePreview,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { announceNotices, nothingNotified, type Notified } from '../notifications/notify.js';
import { serversRepository, type ServerRow } from '../servers/servers.repository.js';
import type { BulkParams } from './line-bulk-item.js';
import { publishJobChange } from './line-bulk-job.js';
import { lineBulkRepository, type BulkItemInsert } from './line-bulk.repository.js';
import { getLineBulk } from './line-bulk.service.js';
import { lineMoveRepository } from './line-move.repository.js';

type MovePlan = {
  target: ServerRow;
  source: ServerRow | null;
  items: BulkItemInsert[];
  count: number;
  refused: number;
  addressChanges: boolean;
};

const publicAddress = (server: Pick<ServerRow, 'hostIp' | 'hostname' | 'port'>) =>
  serverAddress({ host_ip: server.hostIp, hostname: server.hostname, port: server.port });

async function serverOrNotFound(db: Db, id: number): Promise<ServerRow> {
  const server = await serversRepository.findById(db, id);
  if (!server) throw new AppError('SERVER_NOT_FOUND');
  return server;
}

/** A refusal of `moveTargetRefusal`, as the error the API answers. */
function refuse(refusal: ReturnType<typeof moveTargetRefusal>): void {
  if (refusal) throw new AppError(refusal.code, refusal.params ? { params: refusal.params } : {});
}

/**
 * What a move would do. Whether the target can take the lines at all is `moveTargetRefusal`, the
 * rule the move dialog offers servers by: active, of the lines' protocol (their customers'
 * receivers speak it) and file (their entries are kept in its syntax), and not where they all are
 * already; one line that cannot go there refuses the whole move before anything starts. Lines
 * already on the target (or gone) are refused one by one, as a bulk action refuses the lines it
 * cannot touch.
 */
async function planMove(ctx: AppContext, body: LineMoveBody): Promise<MovePlan> {
  if (!body.ids?.length && body.source_server_id === undefined)
    throw new AppError('LINE_MOVE_SOURCE_REQUIRED');
  const target = await serverOrNotFound(ctx.db, body.target_server_id);
  const asTarget = { ...target, backend: target.agentBackend ?? null };
  refuse(moveTargetRefusal(asTarget, []));
  let source: ServerRow | null = null;
  let selected: (MovingLine & { id: number; username: string })[];
  let missing: number[] = [];
  if (body.ids?.length) {
    const ids = [...new Set(body.ids)];
    selected = await lineMoveRepository.linesOf(ctx.db, ids);
    const found = new Set(selected.map((line) => line.id));
    missing = ids.filter((id) => !found.has(id));
    const byId = new Map(selected.map((line) => [line.id, line]));
    selected = ids.flatMap((id) => byId.get(id) ?? []);
  } else {
    source = await serverOrNotFound(ctx.db, body.source_server_id!);
    if (source.id === target.id) throw new AppError('LINE_MOVE_SAME_SERVER');
    const onSource = await lineMoveRepository.linesOnServer(ctx.db, source.id);
    const from = { serverId: source.id, protocol: source.protocol, backend: source.agentBackend ?? null };
    selected = onSource.map((line) => ({ ...line, ...from }));
  }
  refuse(moveTargetRefusal(asTarget, selected));
  const moving = selected.filter((line) => line.serverId !== target.id);
  const already = selected.filter((line) => line.serverId === target.id);
  const fromIds = [...new Set(moving.flatMap((line) => (line.serverId === null ? [] : [line.serverId])))];
  const fromServers = await lineMoveRepository.serversOfLines(ctx.db, fromIds);
  const targetAddress = publicAddress(target);
  const addressChanges =
    moving.some((line) => line.serverId === null) ||
    fromServers.some(
      (server) =>
        publicAddress(server) !== targetAddress ||
        (target.protocol === 'NewCamd' && server.newcamdDesKey !== target.newcamdDesKey),
    );
  const notFound = new AppError('LINE_NOT_FOUND');
  const sameServer = new AppError('LINE_MOVE_SAME_SERVER');
  let seq = 0;
  const items: BulkItemInsert[] = [
    ...moving.map((line) => ({ seq: ++seq, lineId: line.id, username: line.username })),
    ...already.map((line) => ({
      seq: ++seq,
      lineId: line.id,
      username: line.username,
      result: 'refused' as const,
      code: sameServer.code,
      message: sameServer.message,
    })),
    ...missing.map((lineId) => ({
      seq: ++seq,
      lineId,
      result: 'refused' as const,
      code: notFound.code,
      message: notFound.message,
    })),
  ];
  return {
    target,
    source,
    items,
    count: moving.length,
    refused: already.length + missing.length,
    addressChanges: moving.length > 0 && addressChanges,
  };
}

/** How many lines a move would touch, and whether their customers' connection lines change. */
export async function previewLineMove(
  ctx: AppContext,
  _actor: Actor,
  body: LineMoveBody,
): Promise<LineMovePreview> {
  const plan = await planMove(ctx, body);
  return { count: plan.count, refused: plan.refused, address_changes: plan.addressChanges };
}

/**
 * Starts moving the lines as a bulk job (action `move_server`, run by the bulk job runner through
 * `line-move-job.ts`) and answers with it at once; the audit log records who asked for it.
 * `notices`: what the caller tells about the move, written in the job's transaction (a notice is
 * never sent for a move that did not start), announced after it.
 */
export async function startLineMove(
  ctx: AppContext,
  actor: Actor,
  body: LineMoveBody,
  notices?: (tx: Db) => Promise<Notified>,
): Promise<LineBulkJob> {
  const plan = await planMove(ctx, body);
  if (plan.count === 0) throw new AppError('LINE_BULK_NOTHING_SELECTED');
  let notified = nothingNotified();
  const params: BulkParams = {
    target_server_id: plan.target.id,
    grace_hours: body.grace_hours ?? LINE_MOVE_GRACE_DEFAULT_HOURS,
    ...(plan.source ? { source_server_id: plan.source.id } : {}),
  };
  const job = await ctx.db.transaction(async (tx) => {
    const row = await lineBulkRepository.insertJob(tx, {
      accountId: actor.id,
      isAdmin: true,
      action: 'move_server',
      params,
      total: plan.items.length,
    });
    await lineBulkRepository.insertItems(tx, row.id, plan.items);
    await recordAudit(tx, actor, {
      action: 'server.move_lines',
      entity: { type: 'server', id: plan.target.id },
      after: {
        bulk_job_id: row.id,
        target_server: plan.target.serverName,
        source_server: plan.source?.serverName ?? null,
        lines: plan.count,
      },
    });
    if (notices) notified = await notices(tx);
    return row;
  });
  await announceNotices(ctx, notified);
  await lineBulkRepository.refreshCounts(ctx.db, job.id);
  await publishJobChange(ctx, job);
  return getLineBulk(ctx, actor, job.id);
}
