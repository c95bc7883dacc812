import {
  csvRecord,
  normalizeActivationCode,
  type ActivationCode,
  type ActivationCodeListQuery,
  type ListResponse,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { access, type Actor } from '../../platform/access.js';
import { pageOf, pageWindow } from '../../platform/paging.js';
import { toActivationCode } from './activation-code-mapper.js';
import { activationCodesRepository, type ActivationCodeFilter } from './activation-codes.repository.js';

function filterOf(me: Actor, query: ActivationCodeListQuery): ActivationCodeFilter {
  const search = query.search || undefined;
  // A code is typed however it was printed (dashes, spaces, lower case); usernames are matched as typed.
  const codePart = search ? normalizeActivationCode(search) : undefined;
  return { ownerId: me.isAdmin ? null : me.id, state: query.state, search, codePart: codePart || undefined };
}

/** Codes newest first: a reseller's own, every owner's for an admin. */
export async function listActivationCodes(
  ctx: AppContext,
  actor: Actor,
  query: ActivationCodeListQuery,
): Promise<ListResponse<ActivationCode>> {
  const me = access.lines(actor).actor;
  const found = await activationCodesRepository.list(ctx.db, filterOf(me, query), pageWindow(query));
  return pageOf(query, found, toActivationCode);
}

const CSV_HEADER = [
  'code',
  'state',
  'plan',
  'subscription_months',
  'trial',
  'charged',
  'valid_until',
  'created_at',
  'activated_at',
  'line',
  'voided_at',
  'owner',
] as const;
const CSV_SLICE = 1000;

/** The filter's codes (paging ignored), read in slices by id so the answer streams. */
export function exportActivationCodesCsv(
  ctx: AppContext,
  actor: Actor,
  query: ActivationCodeListQuery,
): AsyncGenerator<string> {
  const me = access.lines(actor).actor;
  const filter = filterOf(me, query);
  return (async function* () {
    yield csvRecord(CSV_HEADER);
    let before: number | null = null;
    for (;;) {
      const rows = await activationCodesRepository.slice(ctx.db, filter, before, CSV_SLICE);
      if (rows.length === 0) return;
      yield rows
        .map(toActivationCode)
        .map((code) =>
          csvRecord([
            code.code,
            code.state,
            code.plan_name,
            code.subscription_months,
            code.is_trial ? 'yes' : 'no',
            code.charged,
            code.valid_until,
            code.created_at,
            code.activated_at,
            code.line_username,
            code.voided_at,
            code.owner_email,
          ]),
        )
        .join('');
      before = rows[rows.length - 1]!.id;
    }
  })();
}
