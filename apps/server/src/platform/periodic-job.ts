import type { AppContext } from '../app-context.js';

export type PeriodicJob = { stop: () => Promise<void> };

export type PeriodicJobOptions = {
  /** The job's name on the status page (ctx.jobs). */
  name: string;
  /** Pause between the end of one round and the start of the next. */
  everyMs: number;
  /** Pause before the first round; `everyMs` when not given. */
  firstAfterMs?: number;
  /** Logged, with the error, when a round fails (unless the job is being stopped). */
  failureMessage: string;
  /** One round; `signal` aborts when the app stops, so long rounds can end early. */
  round: (signal: AbortSignal) => Promise<unknown>;
};

/**
 * The background jobs' common loop: one round at a time on this instance, each recorded on the status
 * page, a failed round logged and the next one scheduled all the same. Timers never keep the process
 * alive; `stop` cancels the next round, aborts a running one and waits for it to finish.
 */
export function startPeriodicJob(ctx: AppContext, options: PeriodicJobOptions): PeriodicJob {
  const aborter = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const runRound = async () => {
    try {
      await ctx.jobs.track(options.name, () => options.round(aborter.signal));
    } catch (error) {
      if (!aborter.signal.aborted) ctx.log.error({ err: error }, options.failureMessage);
    }
  };
  const schedule = (delayMs: number) => {
    if (aborter.signal.aborted) return;
    timer = setTimeout(() => {
      running = runRound().finally(() => {
        running = undefined;
        schedule(options.everyMs);
      });
    }, delayMs);
    timer.unref();
  };
  schedule(options.firstAfterMs ?? options.everyMs);

  return {
    stop: async () => {
      aborter.abort();
      clearTimeout(timer);
      await running;
    },
  };
}
