import { ECM_READER_UP_STATES } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { AgentUnreachableError, createAgentClient } from '../servers/agent-client.js';
import { recordServerHealth } from '../outages/outage-watch.js';
import { resolveAgentTarget } from '../servers/server-connection.js';
import { serversRepository } from '../servers/servers.repository.js';
import {
  ecmPollRepository,
  ecmPollsRepository,
  type EcmAccountReading,
  type EcmReaderReading,
} from './ecm-poll.repository.js';

/** Accounts whose readings one transaction stores (see `pollEcmStats`). */
export const ECM_ACCOUNTS_PER_TRANSACTION = 2_000;

const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value.slice(0, 200) : null);
const count = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0
    ? Math.min(Math.floor(value), 2 ** 52)
    : null;
const ms = (value: unknown) => {
  const n = count(value);
  return n === null || n === 0 ? null : Math.min(n, 600_000);
};

/** The agent's GET /ecm-stats (docs/line-agent-api-additions.md), or null when it is not that. */
export function parseEcmStats(
  body: unknown,
): { accounts: EcmAccountReading[]; readers: EcmReaderReading[] } | null {
  const answer = body as { accounts?: unknown; readers?: unknown } | null;
  if (!answer || !Array.isArray(answer.accounts)) return null;
  const seen = new Set<string>();
  const accounts = answer.accounts.flatMap((raw): EcmAccountReading[] => {
    const entry = raw as Record<string, unknown> | null;
    const username = str(entry?.username);
    const ok = count(entry?.ecmOk);
    const nok = count(entry?.ecmNok);
    if (!entry || username === null || ok === null || nok === null || seen.has(username)) return [];
    seen.add(username);
    return [
      {
        username,
        ok,
        nok,
        ms: ms(entry.lastAnswerMs),
        caid: str(entry.lastCaid),
        srvid: str(entry.lastSrvid),
        channel: str(entry.lastChannel),
      },
    ];
  });
  const readers = (Array.isArray(answer.readers) ? answer.readers : []).flatMap((raw): EcmReaderReading[] => {
    const entry = raw as Record<string, unknown> | null;
    const label = str(entry?.label);
    if (!entry || label === null) return [];
    return [
      {
        label,
        protocol: str(entry.protocol) ?? '',
        state: str(entry.state) ?? '',
        ms: ms(entry.lastAnswerMs),
        // Both or neither: a difference of one without the other would be no answer rate.
        ...(count(entry.ecmOk) !== null && count(entry.ecmNok) !== null
          ? { ok: count(entry.ecmOk), nok: count(entry.ecmNok) }
          : { ok: null, nok: null }),
      },
    ];
  });
  return { accounts, readers };
}

/**
 * Reads one server's ECM counters through its agent and adds them to this minute's rows; what it saw
 * (no answer, or the server's answer rate) goes to the outage watch. `poll` is the server's claim
 * (`ecmPollsRepository.claimDue`) and the interval to its next reading.
 */
export async function pollEcmStats(
  ctx: AppContext,
  serverId: number,
  poll: { claim: string; intervalSeconds: number },
  signal?: AbortSignal,
): Promise<void> {
  const recordPoll = (db: typeof ctx.db, error: string | null) =>
    ecmPollsRepository.recordPoll(db, serverId, poll.claim, { error, intervalSeconds: poll.intervalSeconds });
  const server = await serversRepository.findById(ctx.db, serverId);
  if (!server || server.status !== 'active') return;
  const { target } = resolveAgentTarget(ctx, server);
  if (!target) {
    await recordPoll(ctx.db, 'Server connection settings are incomplete');
    return;
  }
  const client = createAgentClient(target, { timeoutMs: ctx.config.serverApiTimeoutMs, signal });
  let reading: ReturnType<typeof parseEcmStats>;
  try {
    const response = await client.ecmStats();
    reading = response.status === 200 ? parseEcmStats(response.body) : null;
    if (!reading) {
      const body = response.body as { message?: unknown; code?: unknown } | null;
      const message = body?.message;
      const held = await recordPoll(
        ctx.db,
        `Agent answered ${response.status}${typeof message === 'string' ? `: ${message}` : ''}`,
      );
      // The agent runs but the card server behind it does not answer (stopped, crashed): its
      // customers get no control words. Its own cause: the agent's check answering does not end it.
      // A read whose claim was taken over tells the watch nothing: a newer read has seen the server
      // since (or will), and this stale failure must not open or keep a suspicion after it.
      if (held && body?.code === 'SERVER_NOT_ANSWERING') {
        await recordServerHealth(ctx, serverId, { reachable: true, cardServer: false });
      }
      return;
    }
  } catch (error) {
    if (!(error instanceof AgentUnreachableError)) throw error;
    if (await recordPoll(ctx.db, error.reason)) await recordServerHealth(ctx, serverId, { reachable: false });
    return;
  }
  const { accounts, readers } = reading;
  // A transaction a slice of accounts: on the embedded database a transaction holds its only
  // connection, and one over 50,000 accounts kept every other request waiting for seconds. Each
  // account's minute row and its new counters commit together, and the server's row only ever adds,
  // so a poll stopped between slices leaves the rest to count at the next one.
  // Each slice first checks, under the poll row's lock, that this read still holds its claim: one
  // that ran past its lease may have been overtaken by a newer reading, already stored, and an older
  // count stored after it would look like a restart of the server and be added whole.
  const ecm = { ok: 0, nok: 0 };
  for (let start = 0; start < accounts.length; start += ECM_ACCOUNTS_PER_TRANSACTION) {
    const slice = accounts.slice(start, start + ECM_ACCOUNTS_PER_TRANSACTION);
    const sums = await ctx.db.transaction(async (tx) =>
      (await ecmPollsRepository.holdsClaim(tx, serverId, poll.claim))
        ? ecmPollRepository.addAccountReadings(tx, serverId, slice)
        : null,
    );
    if (!sums) return;
    ecm.ok += sums.ok;
    ecm.nok += sums.nok;
  }
  const stored = await ctx.db.transaction(async (tx) => {
    if (!(await ecmPollsRepository.holdsClaim(tx, serverId, poll.claim))) return false;
    await ecmPollRepository.addReaderReadings(tx, serverId, readers, ECM_READER_UP_STATES);
    await recordPoll(tx, null);
    return true;
  });
  if (stored) await recordServerHealth(ctx, serverId, { reachable: true, ecm });
}
