import { z } from 'zod';
import { LINE_BULK_MAX_LINES } from './line-bulk.js';
import { idSchema } from './schema-blocks.js';

/** The steps of one line's move, kept on its job item while it is pending (see `line_bulk_items.stage`). */
export const lineMoveStages = ['added', 'removing'] as const;
export type LineMoveStage = (typeof lineMoveStages)[number];

/**
 * Lines to move (admins): the selected `ids`, or every line of `source_server_id`, to
 * `target_server_id`, a server of the same protocol.
 */
export const lineMoveBodySchema = z.object({
  ids: z.array(idSchema).min(1).max(LINE_BULK_MAX_LINES).optional(),
  source_server_id: idSchema.optional(),
  target_server_id: idSchema,
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
