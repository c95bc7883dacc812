import { lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { agentInstallTokensUsed } from '../../db/schema.js';

export const agentInstallRepository = {
  /**
   * Records a token as used; false when it already was. The primary key decides between two
   * exchanges of one token at once, on one panel or on two instances of it.
   */
  async markTokenUsed(db: Db, row: { tokenId: string; serverId: number; expiresAt: Date }): Promise<boolean> {
    const inserted = await db
      .insert(agentInstallTokensUsed)
      .values(row)
      .onConflictDoNothing({ target: agentInstallTokensUsed.tokenId })
      .returning({ tokenId: agentInstallTokensUsed.tokenId });
    return inserted.length === 1;
  },
  /** Rows of tokens that have run out: their expiry refuses them without the row. */
  async deleteExpired(db: Db, now: Date): Promise<void> {
    await db.delete(agentInstallTokensUsed).where(lte(agentInstallTokensUsed.expiresAt, now));
  },
};
