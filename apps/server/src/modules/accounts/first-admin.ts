import { randomBytes, randomUUID } from 'node:crypto';
import { ADMIN_GROUP_ID } from '@linedesk/shared';
import type { Db } from '../../db/client.js';
import { hashPassword } from '../../platform/password.js';
import { accountsRepository } from './accounts.repository.js';
import { insertAccount } from './accounts.service.js';

export type FirstAdmin = { email: string; password: string; generated: boolean };

/**
 * On an empty database, creates the first admin (group 1, is_admin, email confirmed). Written in the
 * better-auth credential format directly, so no confirmation mail goes out for it.
 */
export async function ensureFirstAdmin(
  db: Db,
  admin: { email: string; password: string | undefined },
): Promise<FirstAdmin | null> {
  if ((await accountsRepository.countAll(db)) > 0) return null;
  const password = admin.password ?? randomBytes(18).toString('base64url');
  const email = admin.email.toLowerCase();
  const id = randomUUID();
  const passwordHash = await hashPassword(password);
  const created = await db.transaction((tx) =>
    insertAccount(
      tx,
      {
        id,
        name: 'Administrator',
        email,
        emailVerified: true,
        username: email,
        groupId: ADMIN_GROUP_ID,
        ownerId: null,
        notes: null,
      },
      passwordHash,
    ),
  );
  return created ? { email, password, generated: !admin.password } : null;
}
