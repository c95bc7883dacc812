/**
 * Reads until `done` holds, every 100 ms; fails with the last value read after `ms`. The limit only
 * stops a test that would otherwise hang, so it is generous (a machine busy with other work is many
 * times slower) and below the API tests' 120 s, so the failure shows the last value read.
 */
export async function waitFor<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  ms = 90_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
