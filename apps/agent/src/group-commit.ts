export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export type GroupCommit<I, O> = {
  /** Resolves once the write holding `item` is durable; rejects when that write failed. */
  submit(item: I): Promise<O>;
  /** Like submit for several items at once; they share one write. */
  submitAll(items: readonly I[]): Promise<Settled<O>[]>;
  /** Runs `task` alone, between two batches (start-up, the expiry re-render). */
  exclusive<T>(task: () => Promise<T>): Promise<T>;
  /** Resolves once everything queued so far has settled. */
  idle(): Promise<void>;
};

type Entry<I, O> =
  | { kind: 'item'; item: I; settle: (result: Settled<O>) => void }
  | { kind: 'task'; run: () => Promise<void> };

/**
 * One write at a time (each write re-reads the file, so overlapping writers would drop each other's
 * changes), but every item that arrives while a write runs goes into the next write together: one
 * file replacement and one reload for the lot instead of one per request. `commit` answers per item
 * (one item's refusal does not fail the others) or throws, which fails every item of that batch.
 */
export function createGroupCommit<I, O>(
  commit: (items: readonly I[]) => Promise<Settled<O>[]>,
  /** Wait this long before taking a batch, so a burst shares it (a CCcam restart drops everyone). */
  gatherMs = 0,
): GroupCommit<I, O> {
  const queue: Entry<I, O>[] = [];
  let running = false;
  let idleWaiters: (() => void)[] = [];

  async function pump(): Promise<void> {
    running = true;
    // Let requests that arrive in the same tick join the first batch.
    await Promise.resolve();
    while (queue.length > 0) {
      const head = queue[0]!;
      if (head.kind === 'task') {
        queue.shift();
        await head.run();
        continue;
      }
      if (gatherMs > 0) await new Promise((resolve) => setTimeout(resolve, gatherMs));
      const end = queue.findIndex((entry) => entry.kind === 'task');
      const batch = queue.splice(0, end === -1 ? queue.length : end) as Extract<
        Entry<I, O>,
        { kind: 'item' }
      >[];
      let results: Settled<O>[];
      try {
        results = await commit(batch.map((entry) => entry.item));
      } catch (error) {
        results = batch.map(() => ({ ok: false, error }));
      }
      batch.forEach((entry, i) => entry.settle(results[i] ?? { ok: false, error: new Error('no result') }));
    }
    running = false;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  function enqueue(entry: Entry<I, O>): void {
    queue.push(entry);
    if (!running) void pump();
  }

  function submitAll(items: readonly I[]): Promise<Settled<O>[]> {
    return Promise.all(
      items.map(
        (item) =>
          new Promise<Settled<O>>((settle) => {
            enqueue({ kind: 'item', item, settle });
          }),
      ),
    );
  }

  return {
    async submit(item) {
      const [result] = await submitAll([item]);
      if (!result!.ok) throw result!.error;
      return result!.value;
    },
    submitAll,
    exclusive<T>(task: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        enqueue({ kind: 'task', run: () => task().then(resolve, reject) });
      });
    },
    idle() {
      if (!running && queue.length === 0) return Promise.resolve();
      return new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
  };
}
