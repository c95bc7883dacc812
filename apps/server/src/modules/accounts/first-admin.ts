import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { authAccounts, authUsers } from '../../db/schema.js';
import { hashPassword } from '../../platform/password.js';
import { ADMIN_GROUP_ID } from '@linedesk/shared';
import { accountsRepository } from './accounts.repository.js';

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
  const created = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(authUsers)
      .values({
        id,
        name: 'Administrator',
        email,
        emailVerified: true,
        username: email,
        groupId: ADMIN_GROUP_ID,
        isAdmin: true,
        role: 'admin',
      })
      .onConflictDoNothing()
      .returning({ id: authUsers.id });
    if (inserted.length === 0) return false;
    await tx.insert(authAccounts).values({
      id: randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: passwordHash,
    });
    return true;
  });
  return created ? { email, password, generated: !admin.password } : null;
}
