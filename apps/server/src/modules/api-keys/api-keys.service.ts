import { randomUUID } from 'node:crypto';
import type { ApiKey, ApiKeyCreateBody, ApiKeyCreated } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { audited } from '../audit/audit.service.js';
import { generateApiKey } from './api-key-secret.js';
import { toApiKey } from './api-key-mapper.js';
import { apiKeysRepository, type ApiKeyRow } from './api-keys.repository.js';

export async function listApiKeys(ctx: AppContext, owner: Actor): Promise<ApiKey[]> {
  return (await apiKeysRepository.listActive(ctx.db, owner.id)).map(toApiKey);
}

export async function createApiKey(
  ctx: AppContext,
  owner: Actor,
  body: ApiKeyCreateBody,
): Promise<ApiKeyCreated> {
  const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) throw new AppError('API_KEY_EXPIRY_PAST');
  const { key, prefix, hash } = generateApiKey();
  const subject = {
    action: 'api_key.create' as const,
    target: owner,
    entity: (r: ApiKeyRow) => ({ type: 'api_key' as const, id: r.id }),
    read: async (_db: unknown, r: ApiKeyRow | undefined) => (r ? toApiKey(r) : null),
  };
  const row = await audited(ctx, owner, subject, (tx) =>
    apiKeysRepository.insert(tx, {
      id: randomUUID(),
      accountId: owner.id,
      name: body.name,
      prefix,
      keyHash: hash,
      expiresAt,
    }),
  );
  return { ...toApiKey(row), key };
}

export async function revokeApiKey(ctx: AppContext, owner: Actor, id: string): Promise<void> {
  const subject = {
    action: 'api_key.revoke' as const,
    target: owner,
    entity: { type: 'api_key' as const, id },
    read: async (_db: unknown, revoked: boolean | undefined) => (revoked ? { revoked: true } : null),
  };
  if (!(await audited(ctx, owner, subject, (tx) => apiKeysRepository.revoke(tx, owner.id, id))))
    throw new AppError('API_KEY_NOT_FOUND');
  // Every instance forgets the key now rather than when its cached caller expires.
  await ctx.bus.publishInternal({ type: 'callers_changed', accountId: owner.id });
}
