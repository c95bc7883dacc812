/**
 * Group commit: the first call runs at once; calls that arrive while a batch runs wait and go
 * together into the next one (at most `maxBatch`), so a burst costs a few transactions instead of
 * one each. `run` answers each item in order; when it throws, every item of its batch gets the error.
 */
export function groupCommit<I, R>(
  run: (items: I[]) => Promise<R[]>,
  maxBatch: number,
): (item: I) => Promise<R> {
  type Waiting = { item: I; resolve: (result: R) => void; reject: (error: unknown) => void };
  const queue: Waiting[] = [];
  let running = false;

  async function drain(): Promise<void> {
    try {
      while (queue.length > 0) {
        const batch = queue.splice(0, maxBatch);
        try {
          const results = await run(batch.map((waiting) => waiting.item));
          batch.forEach((waiting, index) => waiting.resolve(results[index]!));
        } catch (error) {
          for (const waiting of batch) waiting.reject(error);
        }
      }
    } finally {
      running = false;
    }
  }

  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (running) return;
      running = true;
      // Not at once: the requests whose data arrived in the same turn of the event loop get here
      // first. An embedded database answers without yielding to I/O, so otherwise every batch would
      // hold one item.
      setImmediate(() => void drain());
    });
}
