import type { AppContext } from '../app-context.js';

/**
 * One value per app context, made on first use: each instance (and each test's app) keeps its own
 * caches, deliverers and queues, and they go away with their context.
 */
export function perContext<T>(make: (ctx: AppContext) => T): (ctx: AppContext) => T {
  const made = new WeakMap<AppContext, T>();
  return (ctx) => {
    let value = made.get(ctx);
    if (value === undefined) {
      value = make(ctx);
      made.set(ctx, value);
    }
    return value;
  };
}
