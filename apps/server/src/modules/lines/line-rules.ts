import {
  isExpiryWithinRange,
  isValidLineCredential,
  LAST_EXPIRY_DATE,
  keptDays,
  lineEntryRestrictions,
  unfrozenExpiry,
  newLineExpiry,
  planAllowsServerProtocol,
  renewalPlanDifference,
  renewedExpiry,
  serverAddress,
  type Language,
  type LineEntryExtra,
  type LineRestrictions,
} from '@linedesk/shared';
import { AppError } from '../../platform/errors.js';
import type { LinePlanRow } from '../line-plans/line-plans.repository.js';
import type { ServerRow } from '../servers/servers.repository.js';
import { planCharge } from './line-charge.js';
import { assertAllowed, pricesFor, type BuyerTerms } from '../reseller-terms/buyer-terms.js';
import type { UpsertPayload } from '../line-sync/line-outbox.repository.js';
import { lineUpsertPayload } from '../line-sync/line-payload.js';
import { assertUsernameFitsServer } from './line-server-limits.js';
import { assertPackagesOnServer } from './line-packages.js';
import type { LineInsert, LineRecord, LineUpdate } from './lines.repository.js';

/*
 * The rules of a new line and of a renewal, written once for every way the panel makes or extends a
 * line: a single create (alone or in a group-commit batch), a bulk job, and what comes next
 * (activation codes, imports, adoption of a server's existing users, payments). They are pure: the
 * caller reads the plan, the server and the settings, calls the check, and writes what it returns in
 * its own transaction with its charge. A refusal is an AppError with its code, the same on every path.
 */

/** Who gets (and, unless an admin, pays for) the line, with their prices and limits. */
export type LineBuyer = { id: string; email: string | null; isAdmin: boolean; terms: BuyerTerms };

/** A username and password as typed: trimmed, then refused unless the agents can store them. */
export function checkCredentials(
  username: string | null | undefined,
  password: string | null | undefined,
): { username: string; password: string } {
  const user = username?.trim() ?? '';
  const pass = password?.trim() ?? '';
  if (!user || !pass) throw new AppError('LINE_CREDENTIALS_REQUIRED');
  if (!isValidLineCredential(user)) throw new AppError('LINE_INVALID_USERNAME');
  if (!isValidLineCredential(pass)) throw new AppError('LINE_INVALID_PASSWORD');
  return { username: user, password: pass };
}

/**
 * Where a customer connects when nobody gave other addresses: the line's server itself, by its
 * public hostname when it has one.
 */
export function defaultHostPort(server: Pick<ServerRow, 'hostIp' | 'hostname' | 'port'>): string[] {
  return [serverAddress({ host_ip: server.hostIp, hostname: server.hostname, port: server.port })];
}

/** The customer's own fields of a line, already cleaned (`line-fields.ts`). */
export type LineContact = {
  notes?: string | null;
  name?: string | null;
  email?: string | null;
  /** The customer's language for the mails they get; null = the owner's. */
  language?: Language | null;
  company?: string | null;
};

export type NewLineRequest = {
  plan: LinePlanRow;
  /** The server the line goes to (`pickServer`): it must be active. */
  server: ServerRow;
  username: string;
  password: string;
  /** Months bought; unused for a trial. */
  months: number | null | undefined;
  /** A trial runs this many days (the admin's setting) and costs nothing; null for a paid line. */
  trialDays: number | null;
  buyer: LineBuyer;
  /** YYYY-MM-DD: the day the line is added, from which it runs. */
  today: string;
  /** Addresses given for the customer; none: the server's own. */
  hostPort?: string[] | null;
  contact?: LineContact;
  /**
   * A line taken over from a file: its expiry and state come from there. `charged` false takes it
   * over free (an admin's choice: the line was paid for elsewhere); true prices `months` as a create.
   */
  imported?: { expiryDate: string; enabled: boolean; charged: boolean };
  /**
   * The settings of the entry the line is made from (an imported config file's account): its own
   * restriction values over the plan's, and what the panel does not model, written back verbatim.
   */
  entry?: { overrides: LineRestrictions; extra: LineEntryExtra | null };
};

export type NewLine = {
  /** Credits the buyer pays (0: admin, trial or free plan). */
  charge: number;
  expiryDate: string;
  /** The `users` row to insert (pending for its server). */
  values: LineInsert & { username: string; ownerId: string; serverId: number };
  /** What the server's agent receives for it. */
  payload: UpsertPayload;
  /** The details of the line's `created` history row. */
  details: Record<string, unknown>;
};

/**
 * A plan a line moves to (a plan change, a renewal onto another plan) must fit the line's server: a
 * protocol the plan allows, and the packages it names, with the line's own values over it, on the
 * server.
 */
export function assertPlanFitsServer(
  plan: LinePlanRow,
  overrides: LineRestrictions,
  server: ServerRow,
): void {
  if (!planAllowsServerProtocol(plan.restrictions, server.protocol)) {
    throw new AppError('LINE_PLAN_PROTOCOL_NOT_ALLOWED', { params: { protocol: server.protocol } });
  }
  assertPackagesOnServer(lineEntryRestrictions(plan.restrictions, overrides) ?? {}, server);
}

/**
 * Whether a line may be made, and everything making it writes. Refuses (before anything is charged
 * or stored): bad credentials, a duration the plan does not sell (`planCharge`), a username the
 * server cannot log in (CCcam: 20 characters), a plan that forbids the server's protocol.
 */
export function checkNewLine(request: NewLineRequest): NewLine {
  const { plan, server, buyer, today } = request;
  const { username, password } = checkCredentials(request.username, request.password);
  const isTrial = request.trialDays !== null;
  const imported = request.imported;
  const free = isTrial || (imported !== undefined && !imported.charged);
  const months = free && imported === undefined ? null : (request.months ?? null);
  const charge = free ? 0 : planCharge(plan, months, buyer.terms);
  // A line taken over from a file is the admin's decision; every sale keeps to the buyer's limits.
  if (!imported) assertAllowed(buyer.terms, plan, server);
  assertUsernameFitsServer(username, server);
  // As a plan change would: a line its server's protocol cannot serve is refused before any charge.
  if (!planAllowsServerProtocol(plan.restrictions, server.protocol)) {
    throw new AppError('LINE_PLAN_PROTOCOL_NOT_ALLOWED', { params: { protocol: server.protocol } });
  }
  assertPackagesOnServer(plan.restrictions, server);
  const expiryDate =
    imported?.expiryDate ??
    newLineExpiry(today, isTrial ? { trialDays: request.trialDays! } : { months: months! });
  const enabled = imported?.enabled ?? true;
  const restrictionOverrides = request.entry?.overrides ?? {};
  const entryExtra = request.entry?.extra ?? null;
  const contact = request.contact ?? {};
  return {
    charge,
    expiryDate,
    values: {
      username,
      password,
      expiryDate,
      addedDate: today,
      notes: contact.notes ?? null,
      name: contact.name ?? null,
      email: contact.email ?? null,
      language: contact.language ?? null,
      company: contact.company ?? null,
      hostPort: request.hostPort && request.hostPort.length > 0 ? request.hostPort : defaultHostPort(server),
      ownerId: buyer.id,
      ownerEmail: buyer.email,
      serverId: server.id,
      isTrial,
      subscriptionMonths: months,
      planId: plan.id,
      enabled,
      restrictionOverrides,
      entryExtra,
      syncState: 'pending',
    },
    payload: lineUpsertPayload(
      { password, expiryDate, enabled, restrictionOverrides, entryExtra },
      plan.restrictions,
    ),
    details: {
      expiry_date: expiryDate,
      is_trial: isTrial,
      subscription_months: months,
      server_id: server.id,
      plan_id: plan.id,
      charged: charge,
      ...(imported ? { imported: true } : {}),
    },
  };
}

export type RenewalRequest = {
  /** The line's own plan, archived or not: it prices the renewal unless the line moves. */
  plan: LinePlanRow;
  /**
   * The plan the line moves to with this renewal (one the payer may sell, taking new lines): it
   * prices the renewal, and the days left are topped up to it (`renewalPlanDifference`).
   */
  newPlan?: LinePlanRow;
  /** The line as it is now (under its row lock when renewing for real); `frozenDays` set while frozen. */
  line: Pick<LineRecord, 'expiryDate'> &
    Partial<Pick<LineRecord, 'frozenDays' | 'subscriptionMonths' | 'isTrial'>>;
  months: number;
  payer: Pick<BuyerTerms, 'isAdmin' | 'prices' | 'tierPrices'>;
  today: string;
};

export type Renewal = {
  /** Everything the payer is charged: the renewal and the plan change's difference. */
  charge: number;
  /** Of `charge`: the difference for the days left when the line moves to another plan. */
  difference: number;
  expiryDate: string;
  /** What changes on the line; the agent's payload follows from the line as written. */
  values: LineUpdate;
  /** The details of the line's `renewed` history row. */
  details: Record<string, unknown>;
};

/**
 * Whether a line may be renewed for `months`, and what the renewal writes: the months are added to
 * the expiry while it is still valid, else to today, at the plan's creation prices (admins free). A
 * duration the plan does not sell is refused (`planCharge`), the same code on every path.
 *
 * With a new plan the renewal is priced on it and the line's days left are topped up to its price
 * pro rata (`renewalPlanDifference`, through the buyer's prices of both plans); the line's plan
 * changes in the same write.
 *
 * A frozen line stays frozen: the months are added to the days it keeps, as if it were unfrozen
 * today and renewed (its expiry date then says where it would end if unfrozen today).
 *
 * A renewal whose new expiry would pass LAST_EXPIRY_DATE is refused (LINE_EXPIRY_OUT_OF_RANGE): every
 * path that sells months on an existing line (single, bulk, Telegram, activation codes) checks here.
 */
export function checkRenewal(request: RenewalRequest): Renewal {
  const { months, line, newPlan, payer } = request;
  const moving = newPlan !== undefined && newPlan.id !== request.plan.id ? newPlan : undefined;
  const renewal = planCharge(moving ?? request.plan, months, payer);
  const difference = moving
    ? renewalPlanDifference(
        pricesFor(payer, request.plan),
        pricesFor(payer, moving),
        {
          months: line.subscriptionMonths ?? null,
          isTrial: line.isTrial ?? false,
          expiryDate: line.expiryDate,
          frozenDays: line.frozenDays ?? null,
        },
        months,
        request.today,
        payer,
      )
    : 0;
  const charge = renewal + difference;
  const frozen = line.frozenDays !== undefined && line.frozenDays !== null;
  const from = frozen ? unfrozenExpiry(line.frozenDays!, request.today) : line.expiryDate;
  const expiryDate = renewedExpiry(from, months, request.today);
  // Past the last date the agent refuses the line for good: refused here, before any charge.
  if (!isExpiryWithinRange(expiryDate)) {
    throw new AppError('LINE_EXPIRY_OUT_OF_RANGE', {
      params: { expiry_date: expiryDate, last_date: LAST_EXPIRY_DATE },
    });
  }
  return {
    charge,
    difference,
    expiryDate,
    values: {
      expiryDate,
      subscriptionMonths: months,
      isTrial: false,
      ...(frozen ? { frozenDays: keptDays(expiryDate, request.today) } : {}),
      ...(moving ? { planId: moving.id } : {}),
    },
    details: {
      subscription_months: months,
      from,
      to: expiryDate,
      charged: charge,
      ...(frozen ? { frozen: true } : {}),
      ...(moving
        ? { from_plan_id: request.plan.id, to_plan_id: moving.id, plan: moving.name, difference }
        : {}),
    },
  };
}

/** The unique index on users.username turned a (concurrent) duplicate away. */
export function isUsernameViolation(error: unknown): boolean {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e;) {
    if (e.code === '23505' && (e.constraint ?? 'users_username_unique') === 'users_username_unique') {
      return true;
    }
    e = e.cause as typeof e;
  }
  return false;
}
