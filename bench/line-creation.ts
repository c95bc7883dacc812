// Line creation end to end: POST /api/lines from autocannon in its own process, each line answered
// by the API and present in the agent's oscam.user. The figure is lines per second from the first
// request until the last line is in the file.
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.js';
import { measure } from './load.js';

export const LINE_CREATION_TARGET = 200;

export type LineCreationSetup = {
  url: string;
  db: Db;
  /** Cookie of the reseller who creates (and is charged for) the lines. */
  cookie: string;
  serverId: number;
  /** The agent's oscam.user (an OSCam agent: CCcam names are limited to 20 characters). */
  configFile: string;
  count: number;
  connections: number;
  /** Username prefix, so runs on the same panel do not collide. */
  prefix: string;
};

async function linesInFile(file: string, prefix: string): Promise<number> {
  const text = await readFile(file, 'utf8');
  return text.split('\n').filter((line) => line.startsWith(`user = ${prefix}`)).length;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export async function measureLineCreation(setup: LineCreationSetup): Promise<{
  linesPerSecond: number;
  created: number;
  answeredSeconds: number;
  liveSeconds: number;
  errors: number;
  notSynced: number;
  p50: number;
  p99: number;
}> {
  const started = performance.now();
  const load = await measure({
    label: 'POST /api/lines',
    url: `${setup.url}/api/lines`,
    method: 'POST',
    connections: setup.connections,
    amount: setup.count,
    headers: { 'content-type': 'application/json', cookie: setup.cookie, origin: setup.url },
    // hyperid ids (22 url-safe characters, '-', a counter) are valid line usernames.
    body: JSON.stringify({
      username: `${setup.prefix}[<id>]`,
      password: 'pw-bench',
      subscription_months: 1,
      server_id: setup.serverId,
    }),
  });
  const answeredMs = performance.now() - started;
  const count = async (condition: ReturnType<typeof sql>) =>
    rowsOf<{ n: number }>(
      await setup.db.execute(
        sql`select count(*)::int as n from users where username like ${`${setup.prefix}%`} and ${condition}`,
      ),
    )[0]?.n ?? 0;
  // A request the client gave up on (time-out) may still have created its line: wait for every
  // line the panel holds, not only for the answered ones.
  const created = await count(sql`true`);
  for (;;) {
    if ((await linesInFile(setup.configFile, setup.prefix)) >= created) break;
    if (performance.now() - started > 300_000) throw new Error('lines did not reach the agent in 5 min');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const liveMs = performance.now() - started;
  const notSynced = await count(sql`sync_state <> 'synced'`);
  return {
    linesPerSecond: Math.round((created / liveMs) * 1000),
    created,
    answeredSeconds: answeredMs / 1000,
    liveSeconds: liveMs / 1000,
    errors: load.errors,
    notSynced,
    p50: load.p50,
    p99: load.p99,
  };
}

export function reportLineCreation(
  kind: string,
  setup: Pick<LineCreationSetup, 'count' | 'connections'>,
  result: Awaited<ReturnType<typeof measureLineCreation>>,
): void {
  const met =
    result.linesPerSecond >= LINE_CREATION_TARGET &&
    result.errors === 0 &&
    result.notSynced === 0 &&
    result.created === setup.count;
  console.log(
    `POST /api/lines x${setup.count} live on the agent (${kind}, ${setup.connections} clients)  ${result.linesPerSecond} lines/s   target >= ${LINE_CREATION_TARGET} lines/s: ${met ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  all answered in ${result.answeredSeconds.toFixed(1)} s (p50 ${result.p50} ms, p99 ${result.p99} ms), all ${result.created} created in oscam.user after ${result.liveSeconds.toFixed(1)} s; client errors/time-outs ${result.errors}, not synced ${result.notSynced}`,
  );
}
