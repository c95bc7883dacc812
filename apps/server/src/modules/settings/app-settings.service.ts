import type { AuditValues } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/access.js';
import { audited } from '../audit/audit.service.js';
import { appSettingsRepository } from './app-settings.repository.js';

/** How a setting's value appears in the audit log: an object's fields one by one, anything else as `value`. */
function auditValues(value: unknown): AuditValues | null {
  if (value === undefined) return null;
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as AuditValues;
  return { value };
}

/** An admin's change of one setting, with its audit entry in the same transaction. */
export async function updateSetting<T>(ctx: AppContext, actor: Actor, key: string, value: T): Promise<void> {
  const read = async (db: Db) => auditValues(await appSettingsRepository.get<unknown>(db, key, undefined));
  await audited(ctx, actor, { action: 'setting.update', entity: { type: 'setting', id: key }, read }, (tx) =>
    appSettingsRepository.set(tx, key, value),
  );
}
