// Load for the benchmarks comes from autocannon (a maintained HTTP load generator) run as its own
// process, so the client's CPU time is never taken from the server's event loop, whatever process
// the server runs in.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';

const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

export type LoadSpec = {
  label: string;
  url: string;
  connections: number;
  /** Seconds of load (ignored when `amount` is given). */
  seconds?: number;
  /** A fixed number of requests instead of a duration. */
  amount?: number;
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  /** Sent as is; `[<id>]` in it is replaced by a fresh unique id per request (autocannon -I). */
  body?: string;
  /** Seconds of unmeasured warm-up at the same concurrency first (plans, caches, JIT). */
  warmupSeconds?: number;
};

export type LoadResult = {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  /** The slowest answer. */
  max: number;
  /** Connection errors, time-outs and non-2xx answers. */
  errors: number;
  /** What the errors were, when there were any: "connection errors 1, 502 ×2". */
  errorDetail: string;
  requests: number;
  /** Requests answered during the warm-up (not in the figures; for per-request costs over the whole run). */
  warmupRequests: number;
  /** When the load's first request went out and when it ended (ms since the epoch): without the
   * client's start-up, which a short run would otherwise count. */
  startedAt: number;
  finishedAt: number;
};

type AutocannonJson = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
  start: string;
  finish: string;
  statusCodeStats?: Record<string, { count: number }>;
};

function errorDetailOf(result: AutocannonJson): string {
  const parts = [];
  if (result.errors) parts.push(`connection errors ${result.errors}`);
  if (result.timeouts) parts.push(`time-outs ${result.timeouts}`);
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) {
    if (!code.startsWith('2') && count) parts.push(`${code} ×${count}`);
  }
  return parts.join(', ');
}

export async function measure(spec: LoadSpec): Promise<LoadResult> {
  const args = [autocannonCli, '-j', '-n', '-c', String(spec.connections)];
  // A fixed amount ends at the first sample tick after the last answer, and ticks come once a second
  // by default: every short run would last a whole number of seconds. Ticks every 5 ms end it then.
  if (spec.amount !== undefined) args.push('-a', String(spec.amount), '-L', '5');
  else args.push('-d', String(spec.seconds ?? 3));
  if (spec.method) args.push('-m', spec.method);
  for (const [name, value] of Object.entries(spec.headers ?? {})) args.push('-H', `${name}=${value}`);
  if (spec.body !== undefined) {
    args.push('-b', spec.body);
    if (spec.body.includes('[<id>]')) args.push('-I');
  }
  if (spec.warmupSeconds)
    args.push('-W', '[', '-c', String(spec.connections), '-d', String(spec.warmupSeconds), ']');
  args.push(spec.url);
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 }, (error, out, err) => {
      if (error) reject(new Error(`autocannon failed: ${error.message}\n${err}`));
      else resolve(out);
    });
  });
  // With a warm-up, autocannon prints the warm-up's result first: the run's own is the last line.
  const printed = stdout.trim().split('\n');
  const result = JSON.parse(printed.at(-1) ?? '') as AutocannonJson;
  const warmup =
    spec.warmupSeconds && printed.length > 1 ? (JSON.parse(printed[0]!) as AutocannonJson) : null;
  const requests = result.requests.total;
  return {
    label: spec.label,
    // autocannon's average is per second of its sampling window; total / duration is exact for short runs.
    rps: Math.round(requests / Math.max(result.duration, 0.001)),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts + result.non2xx,
    errorDetail: errorDetailOf(result),
    requests,
    warmupRequests: warmup?.requests.total ?? 0,
    startedAt: Date.parse(result.start),
    finishedAt: Date.parse(result.finish),
  };
}

/** One printed line: the figure, its target, and whether it is met. */
export function report(result: LoadResult, target?: { text: string; met: boolean }) {
  const figure = `${String(result.rps).padStart(6)} req/s   p50 ${result.p50} ms   p99 ${result.p99} ms   errors ${result.errors}${result.errors ? ` (${result.errorDetail})` : ''}`;
  const verdict = target ? `   target ${target.text}: ${target.met ? 'met' : 'MISSED'}` : '';
  console.log(`${result.label.padEnd(36)} ${figure}${verdict}`);
}
