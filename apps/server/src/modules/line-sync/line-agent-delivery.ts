import { errorMessages, fromDisplayDate, incompleteConfigMessage, lineEndsAt } from '@linedesk/shared';
import { businessTimeZone } from '../lines/business-clock.js';
import type { AppContext } from '../../app-context.js';
import {
  AgentUnreachableError,
  createAgentClient,
  type AgentChange,
  type AgentChangeResult,
  type AgentClient,
  type AgentResponse,
} from '../servers/agent-client.js';
import { identityRefusal, resolveAgentTarget } from '../servers/server-connection.js';
import { serversRepository } from '../servers/servers.repository.js';
import type { AdoptPayload, OutboxRow, UpsertPayload } from './line-outbox.repository.js';
import type { AgentAdoptResult } from '../servers/agent-client.js';

/** What one delivery attempt came to. `reason` is set when the agent could not be reached at all. */
export type Outcome =
  | { ok: true; adopted?: AdoptedUser }
  | {
      ok: false;
      unreachable: false;
      serverMessage: string | null;
      reloadError?: string;
      /** The agent refused to adopt this account, for good: the entry is not what was listed. */
      adoptRefusal?: AdoptRefusal;
      /**
       * The agent refused to add the user for good (a name it holds as a hand-written entry, a value
       * it does not take): sending it again gets the same answer.
       */
      refused?: true;
    }
  | { ok: false; unreachable: true; reason: string };

/** The login the agent holds for an adopted account (its `adopted` false: it was already managed). */
export type AdoptedUser = { password: string; expiryDate: string; enabled: boolean; moved: boolean };
export const adoptRefusals = [
  'ACCOUNT_CHANGED',
  'ACCOUNT_NOT_FOUND',
  'ACCOUNT_NOT_ADOPTABLE',
  'EXPIRY_DATE_REQUIRED',
] as const;
export type AdoptRefusal = (typeof adoptRefusals)[number];
/** POST /adopt takes at most this many accounts a call. */
const MAX_ADOPT_ACCOUNTS = 1000;

// A batch stays well inside the agent's default 64 KiB body limit and its 1000 changes.
const MAX_BATCH_BYTES = 48 * 1024;
const MAX_BATCH_CHANGES = 900;
/** After an agent did not answer POST /batch as one (older agent), single calls for this long. */
const NO_BATCH_RETRY_MS = 10 * 60_000;
/** Single calls at once to an agent without POST /batch. */
const SINGLE_CONCURRENCY = 4;

const is2xx = (status: number) => status >= 200 && status < 300;

function failureMessage(message: unknown): Outcome {
  return {
    ok: false,
    unreachable: false,
    serverMessage: typeof message === 'string' && message.trim() ? message.slice(0, 500) : null,
  };
}

function serverFailure(response: AgentResponse): Outcome {
  return failureMessage((response.body as { message?: unknown } | null)?.message);
}

/**
 * The agent's answers to an add-user that say no for good: 409 (the name is a hand-written entry it
 * does not manage) and 400 (a value it refuses). Not 5xx, 401/403 (the server's settings), 404 (an
 * endpoint an older agent lacks), 413/415/429: those may go through later.
 */
const REFUSING_STATUSES: ReadonlySet<number> = new Set([400, 409]);

function addFailure(status: number | undefined, message: unknown): Outcome {
  const failure = failureMessage(message) as Extract<Outcome, { unreachable: false }>;
  return status !== undefined && REFUSING_STATUSES.has(status) ? { ...failure, refused: true } : failure;
}

/**
 * The agent wrote the change but the card-sharing server did not take it (a reload that failed, or
 * that the server did not apply): the line is not live as the panel has it, so it is no success.
 */
function reloadFailure(body: unknown): Outcome | null {
  const answer = body as (Pick<AgentChangeResult, 'reload'> & { applied?: unknown }) | null;
  const reload = answer?.reload;
  // Synced means loaded: an agent that says the server has not loaded the entry yet (a reload it
  // still owes, e.g. after a restart in the middle of one) is not a success, whatever else it says.
  if (reload?.status !== 'failed' && answer?.applied === false) {
    return { ok: false, unreachable: false, serverMessage: null, reloadError: NOT_LOADED };
  }
  if (reload?.status !== 'failed') return null;
  const error = typeof reload.error === 'string' && reload.error.trim() ? reload.error : 'reload failed';
  return { ok: false, unreachable: false, serverMessage: null, reloadError: error.slice(0, 500) };
}

/** The reason a line stays failing while its agent answers `applied: false` without a failed reload. */
const NOT_LOADED = 'the server has not loaded the change yet';

/**
 * An agent from before line plans ignores `restrictions` and would serve the line without its
 * limits; one that writes them echoes them in the user it answers with. The line is then reported
 * failing (and retried) until the agent is updated, rather than marked synced without its limits.
 */
export const RESTRICTIONS_UNSUPPORTED =
  'The agent on this server does not apply line plan restrictions (it is older than line plans); update the agent';

/**
 * An agent from before lossless entries ignores `extra` and would write the entry without the
 * settings the panel does not model (a description, a sleep, a CCcam F-line's hostname…); one that
 * keeps them echoes `extra` in the user it answers with. As with restrictions, the line stays failing
 * until the agent is updated, never synced without its settings.
 */
export const ENTRY_EXTRA_UNSUPPORTED =
  "The agent on this server does not keep an entry's own settings (it is older than lossless entries); update the agent";
/** The OSCam package keys (`group`, `services`, `allowedtimeframe`, `au`) an older agent does not write. */
export const PACKAGES_UNSUPPORTED =
  'The agent on this server does not write OSCam groups, services, allowed timeframes or au; update the agent';
const PACKAGE_KEYS = ['groups', 'services', 'allowed_timeframe', 'au'] as const;

function restrictionsDropped(
  sent: Pick<UpsertPayload, 'restrictions' | 'extra'>,
  answer: unknown,
): Outcome | null {
  const user = (answer as { user?: { restrictions?: unknown; extra?: unknown } } | null)?.user;
  if (sent.restrictions) {
    if (!user || user.restrictions === undefined) return failureMessage(RESTRICTIONS_UNSUPPORTED);
    const echoed = (user.restrictions ?? {}) as Record<string, unknown>;
    const sentKeys = sent.restrictions as Record<string, unknown>;
    if (PACKAGE_KEYS.some((key) => sentKeys[key] !== undefined && echoed[key] === undefined)) {
      return failureMessage(PACKAGES_UNSUPPORTED);
    }
  }
  if (sent.extra && (!user || user.extra === undefined || user.extra === null)) {
    return failureMessage(ENTRY_EXTRA_UNSUPPORTED);
  }
  return null;
}

/** A 2xx answer to a single-change call, unless its reload failed. */
function singleOutcome(response: AgentResponse): Outcome {
  if (!is2xx(response.status)) return serverFailure(response);
  return reloadFailure(response.body) ?? { ok: true };
}

/**
 * `expiresAt` beside the line's DD-MM-YYYY expiry date: the instant it ends in the business time
 * zone (docs/spec-rules.md, "Expiry"). Added as the row is sent, from the zone of that moment, so a
 * change of zone reaches lines already queued.
 */
function endsAt(expiryDate: string, zone: string): { expiresAt?: string } {
  const iso = fromDisplayDate(expiryDate);
  return iso ? { expiresAt: lineEndsAt(iso, zone).toISOString() } : {};
}

/**
 * An upsert is add-user (which the agent treats as "make it so": it creates or updates password and
 * expiry, and keeps the enabled flag of an existing user), then edit-user for the enabled flag. In a
 * batch both go in the same agent write, so a new disabled user is never briefly live.
 */
function changesOf(row: OutboxRow, zone: string): AgentChange[] {
  if (row.operation === 'delete') return [{ action: 'delete-user', username: row.username }];
  const wanted = row.payload as UpsertPayload;
  return [
    {
      action: 'add-user',
      username: row.username,
      password: wanted.password,
      expiryDate: wanted.expiryDate,
      ...endsAt(wanted.expiryDate, zone),
      ...(wanted.restrictions ? { restrictions: wanted.restrictions } : {}),
      ...(wanted.extra ? { extra: wanted.extra } : {}),
    },
    { action: 'edit-user', username: row.username, enabled: wanted.enabled },
  ];
}

/** One row by the single-change endpoints, for agents that predate POST /batch. */
async function deliverSingle(client: AgentClient, row: OutboxRow, zone: string): Promise<Outcome> {
  if (row.operation === 'delete') return singleOutcome(await client.deleteUser({ username: row.username }));
  const wanted = row.payload as UpsertPayload;
  const added = await client.addUser({
    username: row.username,
    password: wanted.password,
    expiryDate: wanted.expiryDate,
    ...endsAt(wanted.expiryDate, zone),
    ...(wanted.restrictions ? { restrictions: wanted.restrictions } : {}),
    ...(wanted.extra ? { extra: wanted.extra } : {}),
  });
  if (!is2xx(added.status)) {
    return addFailure(added.status, (added.body as { message?: unknown } | null)?.message);
  }
  const dropped = restrictionsDropped(wanted, added.body);
  if (dropped) return dropped;
  const reported = (added.body as { user?: { enabled?: unknown } } | null)?.user?.enabled;
  if (reported !== wanted.enabled) {
    const edited = await client.editUser({ username: row.username, enabled: wanted.enabled });
    if (!is2xx(edited.status)) return serverFailure(edited);
    // The edit's reload covers the add's write too (the agent reloads what is still owed).
    return singleOutcome(edited);
  }
  return singleOutcome(added);
}

/** One account's answer of POST /adopt. */
function adoptOutcome(result: AgentAdoptResult | undefined): Outcome {
  if (!result) return failureMessage('The agent did not answer for this account');
  const code = typeof result.code === 'string' ? result.code : null;
  const refusal = adoptRefusals.find((known) => known === code);
  if (refusal)
    return {
      ...(failureMessage(result.message) as Extract<Outcome, { unreachable: false }>),
      adoptRefusal: refusal,
    };
  const user = result.user;
  if (
    result.status !== 200 ||
    typeof user?.password !== 'string' ||
    typeof user.expiryDate !== 'string' ||
    typeof user.enabled !== 'boolean'
  ) {
    return failureMessage(result.message);
  }
  return {
    ok: true,
    adopted: {
      password: user.password,
      expiryDate: user.expiryDate,
      enabled: user.enabled,
      moved: result.adopted === true,
    },
  };
}

/** Adopt rows of one server: POST /adopt with up to 1000 accounts a call, in one agent write each. */
async function deliverAdoptions(client: AgentClient, items: Waiting[]): Promise<void> {
  for (let start = 0; start < items.length; start += MAX_ADOPT_ACCOUNTS) {
    const slice = items.slice(start, start + MAX_ADOPT_ACCOUNTS);
    let response: AgentResponse;
    try {
      response = await client.adopt(
        slice.map(({ row }) => {
          const payload = row.payload as AdoptPayload;
          return {
            username: row.username,
            fingerprint: payload.fingerprint,
            ...(payload.expiryDate ? { expiryDate: payload.expiryDate } : {}),
          };
        }),
      );
    } catch (error) {
      const outcome = unreachableOrThrow(error);
      for (const item of slice) item.settle(outcome);
      continue;
    }
    const results = (response.body as { results?: unknown } | null)?.results;
    if (!is2xx(response.status) || !Array.isArray(results) || results.length !== slice.length) {
      // An agent from before adoption, or a malformed request: retried, never taken as a refusal.
      const outcome =
        response.status === 404
          ? failureMessage(errorMessages.ADOPTION_NOT_SUPPORTED)
          : serverFailure(response);
      for (const item of slice) item.settle(outcome);
      continue;
    }
    // The entries are moved on disk even when the reload failed: the retry finds them managed.
    const reload = reloadFailure(response.body);
    slice.forEach((item, i) => {
      const outcome = adoptOutcome(results[i] as AgentAdoptResult);
      item.settle(outcome.ok && reload ? reload : outcome);
    });
  }
}

function unreachableOrThrow(error: unknown): Outcome {
  if (error instanceof AgentUnreachableError) return { ok: false, unreachable: true, reason: error.reason };
  throw error;
}

type Waiting = { row: OutboxRow; settle: (outcome: Outcome) => void; fail: (error: unknown) => void };
type ServerQueue = {
  waiting: Waiting[];
  /** Calls to the agent running now. */
  calls: number;
  /** The accounts those calls carry: a row for one of them waits until its call has answered. */
  busy: Set<string>;
  /** A pump is due once this turn of the event loop ends. */
  scheduled: boolean;
  noBatchUntil: number;
};

/**
 * The account a row changes, as the busy set knows it: lowercased, so two spellings the agent might
 * take for one account are never in flight together either.
 */
const accountOf = (row: OutboxRow) => row.username.toLowerCase();

/**
 * The rows the next call takes: in the order handed in, the first row of each account that no
 * running call carries. Anything else stays queued, in its order, for a later call.
 */
function takeFree(queue: ServerQueue): Waiting[] {
  const taken: Waiting[] = [];
  const kept: Waiting[] = [];
  const accounts = new Set<string>();
  for (const item of queue.waiting) {
    const account = accountOf(item.row);
    if (queue.busy.has(account) || accounts.has(account)) kept.push(item);
    else {
      accounts.add(account);
      taken.push(item);
    }
  }
  queue.waiting = kept;
  for (const account of accounts) queue.busy.add(account);
  return taken;
}

/** Splits rows into batches the agent accepts. */
function chunk(waiting: Waiting[], zone: string): { items: Waiting[]; changes: AgentChange[][] }[] {
  const chunks: { items: Waiting[]; changes: AgentChange[][] }[] = [];
  let current = { items: [] as Waiting[], changes: [] as AgentChange[][] };
  let bytes = 0;
  let count = 0;
  for (const item of waiting) {
    const changes = changesOf(item.row, zone);
    const size = JSON.stringify(changes).length;
    if (
      current.items.length > 0 &&
      (bytes + size > MAX_BATCH_BYTES || count + changes.length > MAX_BATCH_CHANGES)
    ) {
      chunks.push(current);
      current = { items: [], changes: [] };
      bytes = 0;
      count = 0;
    }
    current.items.push(item);
    current.changes.push(changes);
    bytes += size;
    count += changes.length;
  }
  if (current.items.length > 0) chunks.push(current);
  return chunks;
}

/** Per row: the first refused change of its own, else success. */
function outcomesOf(changes: AgentChange[][], results: AgentChangeResult[]): Outcome[] {
  let next = 0;
  return changes.map((own) => {
    let outcome: Outcome = { ok: true };
    for (let i = 0; i < own.length; i += 1) {
      const change = own[i]!;
      const result = results[next++];
      if (outcome.ok && (!result || !is2xx(result.status))) {
        outcome =
          change.action === 'add-user'
            ? addFailure(result?.status, result?.message)
            : failureMessage(result?.message);
      } else if (outcome.ok && change.action === 'add-user') {
        outcome = restrictionsDropped(change, result) ?? reloadFailure(result) ?? outcome;
      } else if (outcome.ok) outcome = reloadFailure(result) ?? outcome;
    }
    return outcome;
  });
}

export type AgentDelivery = { deliver(row: OutboxRow): Promise<Outcome> };

/**
 * Delivers outbox rows to their agents. Rows for one server that are handed in while a call to it
 * runs go together in the next POST /batch, which the agent applies in one write and one reload;
 * so a burst of line changes costs a few agent calls rather than one or two per line. Up to
 * LINE_SYNC_AGENT_CALLS calls per server run at once from this instance, so a change does not wait
 * for the call before it to answer (the agent writes calls that arrive during a write together), but
 * never two carrying the same account: its changes reach the agent one after the other, in the order
 * they were handed in. An agent that does not answer POST /batch gets the single-change endpoints
 * instead.
 */
export function createAgentDelivery(ctx: AppContext): AgentDelivery {
  const queues = new Map<number, ServerQueue>();

  async function send(serverId: number, queue: ServerQueue, batch: Waiting[]): Promise<void> {
    const server = await serversRepository.findById(ctx.db, serverId);
    if (!server) {
      for (const item of batch)
        item.settle({ ok: false, unreachable: true, reason: errorMessages.SERVER_NOT_FOUND });
      return;
    }
    const refused = identityRefusal(server);
    if (refused) {
      for (const item of batch) item.settle({ ok: false, unreachable: true, reason: refused });
      return;
    }
    const { target, missing } = resolveAgentTarget(ctx, server);
    if (!target) {
      const reason = incompleteConfigMessage(missing);
      for (const item of batch) item.settle({ ok: false, unreachable: true, reason });
      return;
    }
    const client = createAgentClient(target, { timeoutMs: ctx.config.serverApiTimeoutMs });
    const zone = businessTimeZone();
    const single = async (items: Waiting[]) => {
      let next = 0;
      const worker = async () => {
        while (next < items.length) {
          const item = items[next++]!;
          await deliverSingle(client, item.row, zone).catch(unreachableOrThrow).then(item.settle, item.fail);
        }
      };
      await Promise.all(Array.from({ length: Math.min(SINGLE_CONCURRENCY, items.length) }, worker));
    };
    const adoptions = batch.filter((item) => item.row.operation === 'adopt');
    if (adoptions.length > 0) await deliverAdoptions(client, adoptions);
    const changed = batch.filter((item) => item.row.operation !== 'adopt');
    if (changed.length === 0) return;
    if (Date.now() < queue.noBatchUntil) return single(changed);

    for (const { items, changes } of chunk(changed, zone)) {
      let response: AgentResponse;
      try {
        response = await client.batch(changes.flat());
      } catch (error) {
        const outcome = unreachableOrThrow(error);
        for (const item of items) item.settle(outcome);
        continue;
      }
      const results = (response.body as { results?: unknown } | null)?.results;
      const expected = changes.reduce((sum, own) => sum + own.length, 0);
      if (!is2xx(response.status) || !Array.isArray(results) || results.length !== expected) {
        // Not an answer to a batch: an agent from before POST /batch, or another implementation of
        // the spec's API. The single-change endpoints give each row its own answer, as the spec has it.
        queue.noBatchUntil = Date.now() + NO_BATCH_RETRY_MS;
        await single(items);
        continue;
      }
      const outcomes = outcomesOf(changes, results as AgentChangeResult[]);
      items.forEach((item, i) => item.settle(outcomes[i]!));
    }
  }

  const maxCalls = ctx.config.lineSyncAgentCalls;

  function call(serverId: number, queue: ServerQueue, batch: Waiting[]): void {
    queue.calls += 1;
    void send(serverId, queue, batch)
      .catch((error: unknown) => {
        for (const item of batch) item.fail(error);
      })
      .finally(() => {
        queue.calls -= 1;
        for (const item of batch) queue.busy.delete(accountOf(item.row));
        pump(serverId, queue);
      });
  }

  function pump(serverId: number, queue: ServerQueue): void {
    while (queue.calls < maxCalls && queue.waiting.length > 0) {
      const batch = takeFree(queue);
      if (batch.length === 0) return;
      call(serverId, queue, batch);
    }
  }

  return {
    deliver(row) {
      return new Promise<Outcome>((resolve, reject) => {
        let queue = queues.get(row.serverId);
        if (!queue) {
          queue = { waiting: [], calls: 0, busy: new Set(), scheduled: false, noBatchUntil: 0 };
          queues.set(row.serverId, queue);
        }
        // A settled promise ignores later calls, so settling twice (fail after settle) is harmless.
        queue.waiting.push({ row, settle: resolve, fail: reject });
        if (queue.scheduled) return;
        queue.scheduled = true;
        const own = queue;
        // Rows handed in during this turn (a job round's claim, the creates one commit wrote) go in
        // one call.
        setImmediate(() => {
          own.scheduled = false;
          pump(row.serverId, own);
        });
      });
    },
  };
}
