import type { AppContext } from '../../app-context.js';

/** The codes list of their owner (and every admin's) refreshes live. */
export async function publishCodeChange(
  ctx: AppContext,
  action: 'insert' | 'update',
  code: { id: number; ownerId: string },
): Promise<void> {
  await ctx.bus.publish({ table: 'activation_codes', action, id: String(code.id), audience: [code.ownerId] });
}
