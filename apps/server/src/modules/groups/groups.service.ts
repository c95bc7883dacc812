import { FIXED_GROUP_IDS, type Group, type GroupBody, type GroupPatch } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { audited } from '../audit/audit.service.js';
import { toGroup } from './group-mapper.js';
import { groupsRepository } from './groups.repository.js';

const groupEntity = (id: number) => ({ type: 'group' as const, id });
const readGroup = (id: number | undefined) => async (db: Db) => {
  const row = id === undefined ? undefined : await groupsRepository.findById(db, id);
  return row ? toGroup(row) : null;
};

async function publish(ctx: AppContext, action: 'insert' | 'update' | 'delete', id: number) {
  await ctx.bus.publish({ table: 'groups', action, id: String(id), audience: [] });
}

async function assertNameFree(ctx: AppContext, name: string, exceptId?: number) {
  const existing = await groupsRepository.findByName(ctx.db, name);
  if (existing && existing.id !== exceptId) throw new AppError('GROUP_NAME_TAKEN');
}

export async function listGroups(ctx: AppContext, signedIn: Actor): Promise<Group[]> {
  if (!signedIn.isAdmin && !signedIn.permissions.has('view_groups')) throw new AppError('ADMIN_ONLY');
  return (await groupsRepository.list(ctx.db)).map(toGroup);
}

export async function createGroup(ctx: AppContext, admin: Actor, body: GroupBody): Promise<Group> {
  await assertNameFree(ctx, body.name);
  const values = {
    name: body.name,
    description: body.description ?? null,
    permissions: [...new Set(body.permissions)],
  };
  const subject = {
    action: 'group.create' as const,
    entity: groupEntity,
    read: (db: Db, id: number | undefined) => readGroup(id)(db),
  };
  const id = await audited(ctx, admin, subject, (tx) => groupsRepository.insert(tx, values));
  await publish(ctx, 'insert', id);
  return toGroup((await groupsRepository.findById(ctx.db, id))!);
}

export async function updateGroup(
  ctx: AppContext,
  admin: Actor,
  id: number,
  patch: GroupPatch,
): Promise<Group> {
  const existing = await groupsRepository.findById(ctx.db, id);
  if (!existing) throw new AppError('GROUP_NOT_FOUND');
  // The spec fixes the three built-in groups' permission lists; other code relies on them.
  if (FIXED_GROUP_IDS.includes(id)) throw new AppError('GROUP_FIXED');
  if (patch.name !== undefined) await assertNameFree(ctx, patch.name, id);
  const subject = { action: 'group.update' as const, entity: groupEntity(id), read: readGroup(id) };
  await audited(ctx, admin, subject, (tx) =>
    groupsRepository.update(tx, id, {
      name: patch.name,
      description: patch.description,
      permissions: patch.permissions ? [...new Set(patch.permissions)] : undefined,
    }),
  );
  await publish(ctx, 'update', id);
  return toGroup((await groupsRepository.findById(ctx.db, id))!);
}

/**
 * Deletes only while nobody is in the group: the group's row is locked, then its members counted, in
 * the caller's transaction, so a member added concurrently cannot be left pointing at a deleted group
 * (the foreign key would refuse it anyway).
 */
async function deleteIfEmpty(tx: Db, id: number): Promise<'deleted' | 'has_users' | 'missing'> {
  if (!(await groupsRepository.lockById(tx, id))) return 'missing';
  if ((await groupsRepository.countMembers(tx, id)) > 0) return 'has_users';
  await groupsRepository.delete(tx, id);
  return 'deleted';
}

export async function deleteGroup(ctx: AppContext, admin: Actor, id: number): Promise<void> {
  if (FIXED_GROUP_IDS.includes(id)) throw new AppError('GROUP_FIXED');
  const subject = { action: 'group.delete' as const, entity: groupEntity(id), read: readGroup(id) };
  const outcome = await audited(ctx, admin, subject, (tx) => deleteIfEmpty(tx, id));
  if (outcome === 'missing') throw new AppError('GROUP_NOT_FOUND');
  if (outcome === 'has_users') throw new AppError('GROUP_HAS_USERS');
  await publish(ctx, 'delete', id);
}
