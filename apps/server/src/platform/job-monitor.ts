import { outsideRequest } from './request-context.js';

/** What the status page shows of a background job, as seen by this app instance. */
export type JobReport = {
  name: string;
  runs: number;
  last_run_at: string | null;
  last_duration_ms: number | null;
  last_error: string | null;
  last_error_at: string | null;
};

export type JobMonitor = {
  /** Runs one round of a job and remembers when, how long and whether it failed (and rethrows). */
  track: <T>(name: string, round: () => Promise<T>) => Promise<T>;
  snapshot: () => JobReport[];
};

export function createJobMonitor(): JobMonitor {
  const reports = new Map<string, JobReport>();
  const reportFor = (name: string) => {
    let report = reports.get(name);
    if (!report) {
      report = {
        name,
        runs: 0,
        last_run_at: null,
        last_duration_ms: null,
        last_error: null,
        last_error_at: null,
      };
      reports.set(name, report);
    }
    return report;
  };
  return {
    track: async (name, round) => {
      const report = reportFor(name);
      const started = Date.now();
      try {
        return await outsideRequest(round);
      } catch (error) {
        report.last_error = error instanceof Error ? error.message : String(error);
        report.last_error_at = new Date().toISOString();
        throw error;
      } finally {
        report.runs += 1;
        report.last_run_at = new Date(started).toISOString();
        report.last_duration_ms = Date.now() - started;
      }
    },
    snapshot: () => [...reports.values()].map((report) => ({ ...report })),
  };
}
