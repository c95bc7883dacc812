import { buyerTerms } from '../reseller-terms/buyer-terms.js';
import { randomBytes } from 'node:crypto';
import {
  daysLeft,
  LINE_EXPIRING_SOON_DAYS,
  lineListQuerySchema,
  toDisplayDate,
  type Language,
  type Line,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { translate, type ServerTextKey, type TextParams } from '../../i18n/server-texts.js';
import { access, type Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { accountsRepository } from '../accounts/accounts.repository.js';
import { actorFromAccount } from '../auth/session.service.js';
import { planOfLine } from '../line-plans/line-plans.service.js';
import { getLine, listLines } from '../lines/line-queries.service.js';
import { renewLine } from '../lines/line-renew.service.js';
import { checkRenewal } from '../lines/line-rules.js';
import { findVisible, today } from '../lines/line-scope.js';
import { recipientLanguages } from '../locale/account-language.service.js';
import { LISTED_LINES } from '../notifications/notification-texts.js';
import { telegramRepository } from './telegram.repository.js';

/** The linked account behind a chat, as the actor its commands run as, in its language. */
export type ChatAccount = { actor: Actor; language: Language; email: string };

/** A reply: its text and, for a confirmation, the button under it. */
export type BotAnswer = { text: string; confirm?: { label: string; data: string } };

export async function chatAccount(ctx: AppContext, chatId: number): Promise<ChatAccount | null> {
  const link = await telegramRepository.linkOfChat(ctx.db, chatId);
  if (!link) return null;
  const account = await accountsRepository.findById(ctx.db, link.accountId);
  // A banned account signs in nowhere, the bot included.
  if (!account || account.banned) return null;
  const languageOf = await recipientLanguages(ctx.db, [account.id]);
  return { actor: actorFromAccount(account, null), language: languageOf(account.id), email: account.email };
}

export async function languageOfAccount(ctx: AppContext, accountId: string): Promise<Language> {
  return (await recipientLanguages(ctx.db, [accountId]))(accountId);
}

const say = (language: Language, key: ServerTextKey, params?: TextParams): BotAnswer => ({
  text: translate(language, key, params),
});

/** Refusals worded for the bot in the account's language; any other in the spec's English text. */
function refusal(language: Language, error: unknown): BotAnswer {
  if (!(error instanceof AppError)) throw error;
  const params = ((error.details as { params?: TextParams } | undefined)?.params ?? {}) as TextParams;
  switch (error.code) {
    case 'INSUFFICIENT_CREDITS':
      return say(language, 'telegram.errors.insufficientCredits', params);
    case 'LINE_EXPIRY_OUT_OF_RANGE':
      return say(language, 'telegram.errors.expiryOutOfRange', {
        expiry: toDisplayDate(String(params.expiry_date)),
        last: toDisplayDate(String(params.last_date)),
      });
    case 'LINE_NOT_FOUND':
      return say(language, 'telegram.errors.lineNotFound');
    case 'FORBIDDEN':
      return say(language, 'telegram.errors.noLines');
    default:
      return say(language, 'telegram.errors.other', { reason: error.message });
  }
}

async function guarded(language: Language, work: () => Promise<BotAnswer>): Promise<BotAnswer> {
  try {
    return await work();
  } catch (error) {
    return refusal(language, error);
  }
}

export async function balanceAnswer(ctx: AppContext, who: ChatAccount): Promise<BotAnswer> {
  const account = await accountsRepository.findById(ctx.db, who.actor.id);
  return say(who.language, 'telegram.balance', { count: account?.credits ?? 0 });
}

function expiryWords(language: Language, line: Line, day: string): string {
  const left = daysLeft(line.expiry_date, day);
  return left >= 0
    ? translate(language, 'telegram.daysLeft', { count: left })
    : translate(language, 'telegram.expiredDaysAgo', { count: -left });
}

/** The lines the panel calls "expiring soon", through the lines list and its scope. */
export async function expiringAnswer(ctx: AppContext, who: ChatAccount): Promise<BotAnswer> {
  return guarded(who.language, async () => {
    const query = lineListQuerySchema.parse({
      expiring_within_days: String(LINE_EXPIRING_SOON_DAYS),
      sort: 'expiry_date',
      order: 'asc',
      page_size: String(LISTED_LINES),
    });
    const page = await listLines(ctx, who.actor, query);
    const days = LINE_EXPIRING_SOON_DAYS;
    if (page.items.length === 0) return say(who.language, 'telegram.expiringNone', { count: days });
    const day = today();
    const list = page.items
      .map(
        (line) =>
          `- ${line.username}: ${toDisplayDate(line.expiry_date)} (${expiryWords(who.language, line, day)})`,
      )
      .join('\n');
    const more =
      page.total > page.items.length
        ? '\n' + translate(who.language, 'reminders.more', { count: page.total - page.items.length })
        : '';
    return say(who.language, 'telegram.expiring', { count: page.total, days, list: list + more });
  });
}

async function visibleLineByUsername(ctx: AppContext, actor: Actor, username: string): Promise<Line> {
  access.lines(actor);
  const id = await telegramRepository.lineIdByUsername(ctx.db, username);
  if (id === undefined) throw new AppError('LINE_NOT_FOUND');
  // The panel's line read: another owner's line answers LINE_NOT_FOUND like a missing one.
  return getLine(ctx, actor, id);
}

export async function lineAnswer(ctx: AppContext, who: ChatAccount, args: string[]): Promise<BotAnswer> {
  const [username] = args;
  if (!username || args.length !== 1) return say(who.language, 'telegram.lineUsage');
  return guarded(who.language, async () => {
    const line = await visibleLineByUsername(ctx, who.actor, username);
    const l = who.language;
    return say(l, 'telegram.line', {
      username: line.username,
      status: translate(l, `telegram.status.${line.status}`),
      expiry: toDisplayDate(line.expiry_date),
      left: expiryWords(l, line, today()),
      online: translate(l, line.online ? 'telegram.yes' : 'telegram.no'),
    });
  });
}

/** What the Confirm button carries: the line, the months and a nonce that keys the renewal once. */
const RENEW_DATA = /^renew:(\d{1,10}):(\d{1,3}):([\w-]{8,32})$/;

/**
 * `/renew <username> <months>` asks first: the price as the panel would charge it now, and a Confirm
 * button. Nothing is charged until the button is pressed.
 */
export async function renewAskAnswer(ctx: AppContext, who: ChatAccount, args: string[]): Promise<BotAnswer> {
  const [username, monthsText] = args;
  const months = Number(monthsText);
  if (!username || args.length !== 2 || !/^\d{1,3}$/.test(monthsText ?? '') || months < 1) {
    return say(who.language, 'telegram.renewUsage');
  }
  return guarded(who.language, async () => {
    const line = await visibleLineByUsername(ctx, who.actor, username);
    const scope = access.lines(who.actor);
    const visible = await findVisible(ctx, scope, line.id);
    const plan = await planOfLine(ctx.db, visible.planId);
    // The price the buyer pays (their own list), the same the confirmed renewal charges.
    const payer = await buyerTerms(ctx.db, who.actor);
    const renewal = checkRenewal({ plan, line: visible, months, payer, today: today() });
    const nonce = randomBytes(9).toString('base64url');
    return {
      ...say(who.language, 'telegram.renewAsk', {
        username: line.username,
        count: months,
        expiry: toDisplayDate(renewal.expiryDate),
        price: renewal.charge,
      }),
      confirm: {
        label: translate(who.language, 'telegram.confirm'),
        data: `renew:${line.id}:${months}:${nonce}`,
      },
    };
  });
}

/**
 * The Confirm button: the panel's renewal with the button's nonce as its Idempotency-Key, so a
 * second tap (or Telegram sending the tap again) gets the first result and is charged nothing.
 */
export async function renewConfirmAnswer(
  ctx: AppContext,
  who: ChatAccount,
  data: string,
): Promise<BotAnswer & { replayed: boolean }> {
  const match = RENEW_DATA.exec(data);
  if (!match) return { ...say(who.language, 'telegram.buttonExpired'), replayed: false };
  const [, id, months, nonce] = match;
  try {
    const result = await renewLine(
      ctx,
      who.actor,
      Number(id),
      { subscription_months: Number(months) },
      { key: `telegram-renew-${nonce}`, scope: 'telegram /renew' },
    );
    const l = who.language;
    const balance =
      result.balance === null ? '' : '\n' + translate(l, 'telegram.balance', { count: result.balance });
    return {
      text:
        translate(l, 'telegram.renewed', {
          username: result.line.username,
          expiry: toDisplayDate(result.line.expiry_date),
          count: result.charged,
        }) + balance,
      replayed: result.replayed,
    };
  } catch (error) {
    return { ...refusal(who.language, error), replayed: false };
  }
}

export function helpAnswer(language: Language): BotAnswer {
  return say(language, 'telegram.help');
}
