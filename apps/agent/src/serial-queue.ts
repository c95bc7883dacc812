export type SerialQueue = {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Resolves once every task queued so far has settled. */
  idle(): Promise<void>;
};

// One write at a time: every file change reads the current file, so overlapping writers would
// silently drop each other's changes.
export function createSerialQueue(): SerialQueue {
  let tail: Promise<void> = Promise.resolve();
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      const result = tail.then(task);
      tail = result.then(
        () => undefined,
        () => undefined,
      );
      return result;
    },
    idle(): Promise<void> {
      return tail;
    },
  };
}
