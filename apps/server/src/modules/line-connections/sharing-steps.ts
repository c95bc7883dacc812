import {
  oscamSharingLines,
  type SharingSignal,
  type SharingStep,
  type SharingStepKind,
} from '@linedesk/shared';
import { and, eq, isNotNull, or } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { inJsonList } from '../../db/json-list.js';
import { linePlans, linePresence, lines } from '../../db/schema.js';
import { lineHistoryRepository } from '../lines/line-history.repository.js';
import {
  deliverLineWrite,
  setSharingOscam,
  suspendLineForSharing,
  type PendingLineWrite,
} from '../lines/line-update.service.js';
import { announceNotices, notify, type Notified } from '../notifications/notify.js';
import { serversRepository } from '../servers/servers.repository.js';

/**
 * A line's place on its plan's ladder in one sharing episode: per step, the polls in a row at or
 * above its score, and the steps already taken (each once per episode).
 */
export type LadderState = { counts: Partial<Record<SharingStepKind, number>>; applied: SharingStepKind[] };

export type LadderOutcome = {
  /** Null: no episode (the line does not look shared). */
  state: LadderState | null;
  /** The steps to take at this poll, in the plan's order. */
  due: SharingStep[];
  /** The episode ended at this poll (what a step left in force is lifted). */
  ended: boolean;
};

/**
 * One poll of a line on its plan's ladder. An episode runs while the line scores above 0 and ends
 * at the first poll where it scores 0 (one address, or not online). A poll below a step's score
 * starts that step's count again, so "polls" means in a row.
 */
export function advanceLadder(
  steps: readonly SharingStep[],
  state: LadderState | null,
  score: number,
): LadderOutcome {
  if (score <= 0) return { state: null, due: [], ended: state !== null };
  const counts: LadderState['counts'] = {};
  for (const step of steps) {
    counts[step.step] = score >= step.min_score ? (state?.counts[step.step] ?? 0) + 1 : 0;
  }
  const applied = state?.applied ?? [];
  const due = steps.filter((step) => (counts[step.step] ?? 0) >= step.polls && !applied.includes(step.step));
  return { state: { counts, applied: [...applied, ...due.map((step) => step.step)] }, due, ended: false };
}

/**
 * Whether a server can take a step: the `oscam` step writes OSCam account settings, which a CCcam
 * server (or one whose backend is not known yet) has no place for. The step is still recorded, so
 * the owner sees the line reached it and that it was not supported there.
 */
export function stepSupported(step: string, backend: string | null | undefined): boolean {
  return step !== 'oscam' || backend === 'oscam';
}

/** What a poll's steps leave to do after its commit. */
export type StepsAfterCommit = { notified: Notified[]; writes: PendingLineWrite[]; suspend: number[] };

export type LineScore = { score: number; signals: SharingSignal[] };

/**
 * Moves the lines of one server poll along their plans' ladders, in the poll's transaction (which
 * holds the server's lock, so two polls never take the same step twice): the lines scored now and
 * those whose episode is open. History rows, notices and the OSCam lines commit with the poll.
 */
export async function takeSharingSteps(
  ctx: AppContext,
  tx: Db,
  serverId: number,
  scores: ReadonlyMap<number, LineScore>,
): Promise<StepsAfterCommit> {
  const after: StepsAfterCommit = { notified: [], writes: [], suspend: [] };
  const scoring = [...scores].filter(([, s]) => s.score > 0).map(([lineId]) => lineId);
  const rows = await tx
    .select({
      lineId: linePresence.lineId,
      ladder: linePresence.sharingLadder,
      steps: linePlans.sharingSteps,
      ownerId: lines.ownerId,
      username: lines.username,
      sharingOscam: lines.sharingOscam,
    })
    .from(linePresence)
    .innerJoin(lines, eq(lines.id, linePresence.lineId))
    .innerJoin(linePlans, eq(linePlans.id, lines.planId))
    .where(
      or(
        scoring.length > 0 ? inJsonList(linePresence.lineId, scoring, 'int') : undefined,
        and(eq(linePresence.serverId, serverId), isNotNull(linePresence.sharingLadder)),
      ),
    );
  if (rows.length === 0) return after;
  const backend = (await serversRepository.findById(tx, serverId))?.agentBackend;

  for (const row of rows) {
    const scored = scores.get(row.lineId) ?? { score: 0, signals: [] };
    const state = row.ladder as LadderState | null;
    const outcome = advanceLadder(row.steps, state, scored.score);
    if (JSON.stringify(outcome.state) !== JSON.stringify(state)) {
      await tx
        .update(linePresence)
        .set({ sharingLadder: outcome.state })
        .where(eq(linePresence.lineId, row.lineId));
    }
    for (const step of outcome.due) {
      // The evidence behind the step, as the line's history keeps it.
      const details = {
        step: step.step,
        score: scored.score,
        signals: scored.signals,
        min_score: step.min_score,
        polls: step.polls,
      };
      const history = { actorId: null, action: 'sharing_step', details };
      if (!stepSupported(step.step, backend)) {
        await lineHistoryRepository.insert(tx, {
          lineId: row.lineId,
          ...history,
          details: { ...details, unsupported: true },
        });
        continue;
      }
      if (step.step === 'oscam') {
        const oscamLines = oscamSharingLines(step);
        const write = await setSharingOscam(ctx, tx, row.lineId, oscamLines, {
          ...history,
          details: { ...details, oscam: oscamLines },
        });
        if (write) after.writes.push(write);
        continue;
      }
      if (step.step === 'warn') {
        const warned = row.ownerId !== null;
        if (row.ownerId) {
          after.notified.push(
            await notify(ctx, tx, row.ownerId, {
              kind: 'sharing_step',
              params: {
                line_id: row.lineId,
                username: row.username,
                score: scored.score,
                signals: scored.signals,
              },
            }),
          );
        }
        await lineHistoryRepository.insert(tx, {
          lineId: row.lineId,
          ...history,
          details: { ...details, warned },
        });
        continue;
      }
      if (step.step === 'suspend') after.suspend.push(row.lineId);
      await lineHistoryRepository.insert(tx, { lineId: row.lineId, ...history });
    }
    // The OSCam lines hold while the episode lasts; a suspension and the notices stay as they are.
    if (outcome.ended && row.sharingOscam !== null) {
      const write = await setSharingOscam(ctx, tx, row.lineId, null, {
        actorId: null,
        action: 'sharing_step_lifted',
        details: { step: 'oscam', oscam: row.sharingOscam },
      });
      if (write) after.writes.push(write);
    }
  }
  return after;
}

/** After the poll's commit: the bells, the deliveries of the OSCam lines and the suspensions. */
export async function finishSharingSteps(ctx: AppContext, after: StepsAfterCommit): Promise<void> {
  await announceNotices(ctx, ...after.notified);
  for (const write of after.writes) {
    await deliverLineWrite(ctx, write).catch((error: unknown) => {
      ctx.log.error({ err: error, lineId: write.line.id }, 'Delivering a sharing step failed');
    });
  }
  for (const lineId of after.suspend) {
    await suspendLineForSharing(ctx, lineId).catch((error: unknown) => {
      ctx.log.error({ err: error, lineId }, 'Suspension for sharing failed');
    });
  }
}
