import { and, eq, isNull, lte } from 'drizzle-orm';
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
  /**
   * Records install.sh's report that the agent it installed with this token started: 'claimed' the
   * first time, 'reported' after, 'not-used' for a token no install has exchanged (so it installed
   * nothing there is to report).
   */
  async claimStarted(db: Db, tokenId: string): Promise<'claimed' | 'reported' | 'not-used'> {
    const claimed = await db
      .update(agentInstallTokensUsed)
      .set({ startedAt: new Date() })
      .where(and(eq(agentInstallTokensUsed.tokenId, tokenId), isNull(agentInstallTokensUsed.startedAt)))
      .returning({ tokenId: agentInstallTokensUsed.tokenId });
    if (claimed.length === 1) return 'claimed';
    const [row] = await db
      .select({ tokenId: agentInstallTokensUsed.tokenId })
      .from(agentInstallTokensUsed)
      .where(eq(agentInstallTokensUsed.tokenId, tokenId));
    return row ? 'reported' : 'not-used';
  },
  /** Rows of tokens that have run out: their expiry refuses them without the row. */
  async deleteExpired(db: Db, now: Date): Promise<void> {
    await db.delete(agentInstallTokensUsed).where(lte(agentInstallTokensUsed.expiresAt, now));
  },
};
