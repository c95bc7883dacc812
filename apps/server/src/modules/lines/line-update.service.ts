import {
  editedOverrides,
  isValidLineCredential,
  lineEntryRestrictions,
  parseExpiryDate,
  type LinePatchBody,
  type LineRestrictions,
  type LineWriteResult,
} from '@linedesk/shared';
import type { Db } from '../../db/client.js';
import { planOfLine } from '../line-plans/line-plans.service.js';
import { serversRepository } from '../servers/servers.repository.js';
import { assertPackagesOnServer } from './line-packages.js';
import type { LineRecord } from './lines.repository.js';
import type { AppContext } from '../../app-context.js';
import { access, type Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { deliver, writeResult } from './line-answer.js';
import { balanceOf, publishLineWrite } from './line-charge.js';
import { cleanHostPort, cleanText } from './line-fields.js';
import { SYNC_OK } from '../line-sync/line-sync.js';
import { inTransaction, lockVisible } from './line-scope.js';
import { keyOf, requestDelivery, writeLineChange, type Claimed, type LineHistory } from './line-write.js';
import { linesRepository, type LineUpdate } from './lines.repository.js';
import { lineHistoryRepository } from './line-history.repository.js';

/** The fields an agent holds for a line: a change of any of them goes to its server. */
const AGENT_FIELDS: readonly (keyof LineUpdate)[] = [
  'password',
  'expiryDate',
  'enabled',
  'restrictionOverrides',
  'entryExtra',
];

/**
 * Edits a line: password, expiry (admins only), notes, name, email, language, company, host_port and the
 * enabled flag (suspend/enable). What the server holds (password, expiry, enabled) goes to the outbox.
 */
export async function updateLine(
  ctx: AppContext,
  actor: Actor,
  id: number,
  patch: LinePatchBody,
): Promise<LineWriteResult> {
  const scope = access.lines(actor);
  let claimed: Claimed | undefined;
  const { line, agentChanged, changedAny } = await inTransaction(ctx, async (tx) => {
    // Visibility first, under the row lock: someone else's line is not found, whatever the patch.
    const current = await lockVisible(tx, scope, id);
    const values = patchValues(scope.actor, patch);
    const changed = (Object.keys(values) as (keyof LineUpdate)[]).filter(
      (field) => JSON.stringify(values[field]) !== JSON.stringify(current[field]),
    );
    if (changed.length === 0) return { line: current, agentChanged: false, changedAny: false };
    if (changed.includes('restrictionOverrides') || changed.includes('entryExtra')) {
      await checkEntryChange(tx, scope.actor, current, values);
    }
    // A frozen line stays off until it is unfrozen, which gives its days back.
    if (changed.includes('enabled') && current.frozenAt !== null) throw new AppError('LINE_FROZEN');
    const reachesServer = changed.some((field) => AGENT_FIELDS.includes(field));
    const history: LineHistory[] = [];
    if (changed.includes('enabled')) {
      history.push({ actorId: scope.actor.id, action: values.enabled ? 'enabled' : 'disabled' });
    }
    const edited = changed.filter((f) => f !== 'enabled');
    if (edited.length > 0) {
      history.push({
        actorId: scope.actor.id,
        action: 'edited',
        details: {
          fields: edited.map((f) => f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)),
          ...(edited.includes('expiryDate') ? { from: current.expiryDate, to: values.expiryDate } : {}),
        },
      });
    }
    const written = await writeLineChange(tx, current, {
      values,
      reachesServer,
      history,
      delivery: requestDelivery(ctx),
    });
    claimed = written.claimed;
    return { line: written.line, agentChanged: reachesServer, changedAny: true };
  });

  if (changedAny) await publishLineWrite(ctx, 'update', line);
  const sync = agentChanged ? await deliver(ctx, keyOf(line), 'update', claimed) : SYNC_OK;
  return writeResult(ctx, id, sync, 0, await balanceOf(ctx, scope.actor, null));
}

/** The fields a patch sets, checked; refused when it sets none. */
function patchValues(actor: Actor, patch: LinePatchBody): LineUpdate {
  const values: LineUpdate = {};
  if (patch.expiry_date !== undefined) {
    if (!actor.isAdmin) throw new AppError('LINE_EXPIRY_ADMIN_ONLY');
    const expiry = parseExpiryDate(patch.expiry_date);
    if (!expiry) throw new AppError('LINE_INVALID_EXPIRY_DATE');
    values.expiryDate = expiry;
  }
  // An empty password keeps the current one: edit forms send every field.
  const password = patch.password?.trim();
  if (password) {
    if (!isValidLineCredential(password)) throw new AppError('LINE_INVALID_PASSWORD');
    values.password = password;
  }
  if (patch.notes !== undefined) values.notes = cleanText(patch.notes);
  if (patch.name !== undefined) values.name = cleanText(patch.name);
  if (patch.email !== undefined) values.email = cleanText(patch.email);
  if (patch.language !== undefined) values.language = patch.language;
  if (patch.company !== undefined) values.company = cleanText(patch.company);
  if (patch.host_port !== undefined) values.hostPort = cleanHostPort(patch.host_port);
  if (patch.enabled !== undefined) values.enabled = patch.enabled;
  if (patch.restriction_overrides !== undefined) {
    values.restrictionOverrides = editedOverrides(patch.restriction_overrides);
  }
  if (patch.entry_extra !== undefined) {
    if (!actor.isAdmin) throw new AppError('LINE_OVERRIDES_ADMIN_ONLY');
    const extra = patch.entry_extra;
    values.entryExtra = extra?.oscam
      ? { oscam: extra.oscam }
      : extra?.cccam !== undefined
        ? { cccam: extra.cccam }
        : null;
  }
  if (Object.keys(values).length === 0) throw new AppError('LINE_NOTHING_TO_UPDATE');
  return values;
}

/**
 * A change of what the line's entry holds beyond its plan. The "kept from the server" values can
 * give a line more than its plan sells (more groups, connections, readers), so only administrators
 * set them; an owner may only give a setting back to the plan (drop a key as it stands). Whoever
 * changes them, the line's server must know every package the line then gets.
 */
async function checkEntryChange(
  tx: Db,
  actor: Actor,
  current: LineRecord,
  values: LineUpdate,
): Promise<void> {
  const overrides = values.restrictionOverrides ?? current.restrictionOverrides;
  if (!actor.isAdmin && values.restrictionOverrides !== undefined) {
    const before = current.restrictionOverrides as Record<string, unknown>;
    const onlyDropped = Object.entries(overrides).every(
      ([key, value]) => JSON.stringify(before[key]) === JSON.stringify(value),
    );
    if (!onlyDropped) throw new AppError('LINE_OVERRIDES_ADMIN_ONLY');
  }
  if (current.serverId === null) return;
  // One after another: a transaction runs one statement at a time.
  const plan = await planOfLine(tx, current.planId);
  const server = await serversRepository.findById(tx, current.serverId);
  const effective: LineRestrictions = lineEntryRestrictions(plan.restrictions, overrides) ?? {};
  if (server) assertPackagesOnServer(effective, server);
}

/** A line write the caller delivers after its commit (`deliverLineWrite`). */
export type PendingLineWrite = { line: LineRecord; claimed: Claimed | undefined };

/**
 * Puts a sharing step's OSCam lines on the line's account, or (null) lifts them, in the caller's
 * transaction with its history row; the entry goes to the server with every other write of the line.
 * Null when nothing is to be delivered: the line is gone, already so, or archived (off its server:
 * the value is kept for its restore).
 */
export async function setSharingOscam(
  ctx: AppContext,
  tx: Db,
  id: number,
  lines: string[] | null,
  history: LineHistory,
): Promise<PendingLineWrite | null> {
  const current = await linesRepository.lockById(tx, id);
  if (!current || JSON.stringify(current.sharingOscam) === JSON.stringify(lines)) return null;
  if (current.archivedAt !== null) {
    await linesRepository.update(tx, id, { sharingOscam: lines });
    await lineHistoryRepository.insert(tx, { lineId: id, ...history });
    return null;
  }
  const written = await writeLineChange(tx, current, {
    values: { sharingOscam: lines },
    reachesServer: keyOf(current) !== null,
    history: [history],
    delivery: requestDelivery(ctx),
  });
  return { line: written.line, claimed: written.claimed };
}

/** After the commit of `setSharingOscam`: the realtime update and the delivery to the server. */
export async function deliverLineWrite(ctx: AppContext, write: PendingLineWrite): Promise<void> {
  await publishLineWrite(ctx, 'update', write.line);
  await deliver(ctx, keyOf(write.line), 'update', write.claimed);
}

/**
 * Suspends a line the panel found shared (the automatic suspension of sharing detection): the same
 * write, outbox delivery and history row as an owner's disable, with no actor. False when the line is
 * gone or already suspended.
 */
export async function suspendLineForSharing(ctx: AppContext, id: number): Promise<boolean> {
  const written = await inTransaction(ctx, async (tx) => {
    const current = await linesRepository.lockById(tx, id);
    if (!current || !current.enabled) return null;
    return writeLineChange(tx, current, {
      values: { enabled: false },
      history: [{ actorId: null, action: 'disabled', details: { reason: 'sharing' } }],
      delivery: requestDelivery(ctx),
    });
  });
  if (!written) return false;
  await publishLineWrite(ctx, 'update', written.line);
  await deliver(ctx, keyOf(written.line), 'update', written.claimed);
  return true;
}
