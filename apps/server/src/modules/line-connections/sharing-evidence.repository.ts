import {
  SHARING_EVIDENCE_LIMIT,
  SHARING_EVIDENCE_RETENTION_DAYS,
  type SharingSignal,
} from '@linedesk/shared';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { inJsonList, notInJsonList } from '../../db/json-list.js';
import { linePresence, lineSharingEvidence } from '../../db/schema.js';

export type EvidenceInsert = {
  lineId: number;
  ip: string;
  asn: number | null;
  network: string | null;
  country: string | null;
  channel: string | null;
  signals: SharingSignal[];
  score: number;
};

export const sharingEvidenceRepository = {
  /** Each line's score of this poll; the server's other lines that still had one go back to 0. */
  async setScores(tx: Db, serverId: number, scores: Map<number, number>): Promise<void> {
    const scored = [...scores].filter(([, score]) => score > 0);
    // One statement for all of them: a statement a line was 500 a poll at 50,000 connected lines.
    if (scored.length > 0) {
      const rows = scored.map(([lineId, score]) => ({ line_id: lineId, score }));
      await tx.execute(sql`
        update ${linePresence} p set sharing_score = s.score
        from json_to_recordset(${JSON.stringify(rows)}::json) as s (line_id int, score int)
        where p.line_id = s.line_id`);
    }
    await tx
      .update(linePresence)
      .set({ sharingScore: 0 })
      .where(
        and(
          eq(linePresence.serverId, serverId),
          gt(linePresence.sharingScore, 0),
          scored.length > 0
            ? notInJsonList(
                linePresence.lineId,
                scored.map(([lineId]) => lineId),
                'int',
              )
            : undefined,
        ),
      );
  },
  /**
   * One row per line and address, refreshed while the line scores above zero (keeping its highest
   * score); each line keeps its newest rows only, and rows unseen for the retention period go.
   */
  async record(tx: Db, rows: EvidenceInsert[]): Promise<void> {
    if (rows.length > 0) {
      await tx
        .insert(lineSharingEvidence)
        .values(rows)
        .onConflictDoUpdate({
          target: [lineSharingEvidence.lineId, lineSharingEvidence.ip],
          set: {
            asn: sql`excluded.asn`,
            network: sql`excluded.network`,
            country: sql`excluded.country`,
            channel: sql`coalesce(excluded.channel, ${lineSharingEvidence.channel})`,
            signals: sql`excluded.signals`,
            score: sql`greatest(${lineSharingEvidence.score}, excluded.score)`,
            lastSeenAt: sql`now()`,
          },
        });
      await tx.execute(sql`
        delete from ${lineSharingEvidence} e
        using (
          select id from (
            select id, row_number() over (partition by line_id order by last_seen_at desc, id desc) as n
            from ${lineSharingEvidence}
            where ${inJsonList(sql`line_id`, [...new Set(rows.map((row) => row.lineId))], 'int')}
          ) ranked
          where n > ${SHARING_EVIDENCE_LIMIT}
        ) old
        where e.id = old.id`);
    }
    await tx
      .delete(lineSharingEvidence)
      .where(
        sql`${lineSharingEvidence.lastSeenAt} < now() - (${SHARING_EVIDENCE_RETENTION_DAYS})::int * interval '1 day'`,
      );
  },
  evidenceOfLine(db: Db, lineId: number) {
    return db
      .select()
      .from(lineSharingEvidence)
      .where(eq(lineSharingEvidence.lineId, lineId))
      .orderBy(desc(lineSharingEvidence.lastSeenAt), desc(lineSharingEvidence.id))
      .limit(SHARING_EVIDENCE_LIMIT);
  },
  async scoresOf(db: Db, lineIds: number[]): Promise<Map<number, number>> {
    if (lineIds.length === 0) return new Map();
    const rows = await db
      .select({ lineId: linePresence.lineId, score: linePresence.sharingScore })
      .from(linePresence)
      .where(inArray(linePresence.lineId, lineIds));
    return new Map(rows.map((row) => [row.lineId, row.score]));
  },
};
