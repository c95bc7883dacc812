import { z } from 'zod';
import { LINE_BULK_MAX_LINES } from './line-bulk.js';
import type { ErrorCode, ErrorParams } from './errors.js';
import { idSchema } from './schema-blocks.js';

/** The steps of one line's move, kept on its job item while it is pending (see `line_bulk_items.stage`). */
export const lineMoveStages = ['added', 'grace', 'removing'] as const;
export type LineMoveStage = (typeof lineMoveStages)[number];

/**
 * How long a moved line's old entry stays on the server it came from once the new server has loaded
 * the line, unless the line is seen connected on the new server before: receivers that still reach
 * the old address (DNS not changed yet, or cached) keep working meanwhile.
 */
export const LINE_MOVE_GRACE_DEFAULT_HOURS = 24;
export const LINE_MOVE_GRACE_MAX_HOURS = 168;

/**
 * Lines to move (admins): the selected `ids`, or every line of `source_server_id`, to
 * `target_server_id`, a server of the same protocol.
 */
export const lineMoveBodySchema = z.object({
  ids: z.array(idSchema).min(1).max(LINE_BULK_MAX_LINES).optional(),
  source_server_id: idSchema.optional(),
  target_server_id: idSchema,
  /** Hours the old entry stays (see LINE_MOVE_GRACE_DEFAULT_HOURS); 0 removes it at once. */
  grace_hours: z.number().int().min(0).max(LINE_MOVE_GRACE_MAX_HOURS).optional(),
});
export type LineMoveBody = z.infer<typeof lineMoveBodySchema>;

export const lineMovePreviewSchema = z.object({
  /** Lines that will move. */
  count: z.number().int(),
  /** Of the given ids, those that do not exist or are already on the target (refused when run). */
  refused: z.number().int(),
  /**
   * Whether the customers' connection lines change (another address than the servers they are on):
   * then each owner is told their new connection lines; with the same hostname nothing changes.
   */
  address_changes: z.boolean(),
});
export type LineMovePreview = z.infer<typeof lineMovePreviewSchema>;

/** A server lines could move to, as the server record and the API's server lists hold it. */
export type MoveTarget = {
  id: number;
  status: string;
  protocol: string;
  /** The file its agent writes; null until a test with an agent that says. */
  backend: 'oscam' | 'cccam' | null;
};

/** A line that would move: the server it is on now, with that server's protocol and file. */
export type MovingLine = {
  serverId: number | null;
  protocol: string | null;
  backend: 'oscam' | 'cccam' | null;
};

const FILE_LABELS = { oscam: 'oscam.user', cccam: 'CCcam.cfg' } as const;

/**
 * Whether a server can take these lines, and if not, why (an error code with its parameters):
 * it must be active (a server out of use would hold the adds back for good), not the server the
 * lines are all on already, of the lines' protocol (their customers' receivers speak it), and its
 * agent must write the same file as theirs (each entry is kept in its file's own syntax, which
 * the other agent would refuse). The move's refusal and the move dialog's list of servers both
 * ask this.
 */
export function moveTargetRefusal(
  target: MoveTarget,
  lines: readonly MovingLine[],
): { code: ErrorCode; params?: ErrorParams } | null {
  if (target.status !== 'active') return { code: 'LINE_MOVE_TARGET_INACTIVE' };
  if (lines.length > 0 && lines.every((line) => line.serverId === target.id)) {
    return { code: 'LINE_MOVE_SAME_SERVER' };
  }
  const moving = lines.filter((line) => line.serverId !== target.id);
  const other = moving.find((line) => line.protocol !== null && line.protocol !== target.protocol);
  if (other) {
    return { code: 'LINE_MOVE_PROTOCOL_MISMATCH', params: { from: other.protocol!, to: target.protocol } };
  }
  const otherFile = moving.find(
    (line) => line.backend !== null && target.backend !== null && line.backend !== target.backend,
  );
  if (otherFile) {
    return {
      code: 'LINE_MOVE_FILE_MISMATCH',
      params: { from: FILE_LABELS[otherFile.backend!], to: FILE_LABELS[target.backend!] },
    };
  }
  return null;
}
