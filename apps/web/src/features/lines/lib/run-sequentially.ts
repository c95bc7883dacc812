export type BulkFailure<Item> = { item: Item; error: unknown };
export type BulkOutcome<Item> = { done: number; failures: BulkFailure<Item>[] };

/**
 * Runs `action` for each item one after another (never in parallel: each renewal may charge credits
 * and a reseller's balance must run out at a predictable line), reporting progress after each one.
 * A failure is collected and the run goes on; `shouldStop` ends it early between items.
 */
export async function runSequentially<Item>(
  items: readonly Item[],
  action: (item: Item) => Promise<unknown>,
  onProgress: (outcome: BulkOutcome<Item>) => void,
  shouldStop: () => boolean = () => false,
): Promise<BulkOutcome<Item>> {
  const outcome: BulkOutcome<Item> = { done: 0, failures: [] };
  for (const item of items) {
    if (shouldStop()) break;
    try {
      await action(item);
    } catch (error) {
      outcome.failures = [...outcome.failures, { item, error }];
    }
    outcome.done += 1;
    onProgress({ ...outcome });
  }
  return outcome;
}
