import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authUsers, lines } from '../../db/schema.js';

/** What the portal shows of a line's owner, and whether the owner lets customers in. */
export type PortalOwner = {
  id: string;
  email: string;
  fullName: string;
  username: string;
  banned: boolean;
  portalEnabled: boolean;
  portalContact: string;
};

export const portalRepository = {
  async findLineIdByUsername(db: Db, username: string): Promise<number | undefined> {
    const [row] = await db.select({ id: lines.id }).from(lines).where(eq(lines.username, username)).limit(1);
    return row?.id;
  },

  async findOwner(db: Db, id: string): Promise<PortalOwner | undefined> {
    const [row] = await db
      .select({
        id: authUsers.id,
        email: authUsers.email,
        fullName: authUsers.name,
        username: authUsers.username,
        banned: authUsers.banned,
        portalEnabled: authUsers.portalEnabled,
        portalContact: authUsers.portalContact,
      })
      .from(authUsers)
      .where(eq(authUsers.id, id));
    return row;
  },

  async setSettings(db: Db, id: string, settings: { enabled: boolean; contact: string }): Promise<void> {
    await db
      .update(authUsers)
      .set({ portalEnabled: settings.enabled, portalContact: settings.contact })
      .where(eq(authUsers.id, id));
  },
};
