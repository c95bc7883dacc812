import type { Line } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { toLine } from '../lines/line-mapper.js';
import { today } from '../lines/line-scope.js';
import { linesRepository } from '../lines/lines.repository.js';

/**
 * Customers' open asks (to renew, to freeze) as the dashboard's to-do list shows them: each with its
 * line, read in one statement, so the list's buttons act on the line itself. A line deleted between
 * the two reads is left out.
 */
export async function asksWithLines<Ask extends { lineId: number }, Item>(
  ctx: AppContext,
  asks: readonly Ask[],
  item: (line: Line, ask: Ask) => Item,
): Promise<Item[]> {
  const found = await linesRepository.findManyByIds(
    ctx.db,
    asks.map((ask) => ask.lineId),
  );
  const rows = new Map(found.map((row) => [row.id, row]));
  const day = today();
  return asks.flatMap((ask) => {
    const row = rows.get(ask.lineId);
    return row ? [item(toLine(row, day), ask)] : [];
  });
}
