import { z } from 'zod';
import { LINE_BULK_MAX_LINES } from './line-bulk.js';
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
