import { createHash, randomBytes } from 'node:crypto';
import { TELEGRAM_LINK_CODE_MINUTES, type TelegramLink, type TelegramLinkCode } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { activeBotConfig } from './telegram-settings.service.js';
import { telegramRepository } from './telegram.repository.js';

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

async function publishLink(ctx: AppContext, accountId: string, action: 'insert' | 'delete') {
  await ctx.bus.publish({ table: 'telegram_links', action, id: accountId, audience: [accountId] });
}

export async function getTelegramLink(ctx: AppContext, actor: Actor): Promise<TelegramLink> {
  const [bot, link] = await Promise.all([
    activeBotConfig(ctx),
    telegramRepository.linkOfAccount(ctx.db, actor.id),
  ]);
  return {
    available: bot !== null,
    linked: link !== undefined,
    linked_at: link?.linkedAt.toISOString() ?? null,
    chat_name: link?.chatName ?? null,
    bot_username: bot?.botUsername ?? null,
  };
}

/**
 * A code of 96 random bits, of the characters a t.me `start` parameter allows, kept only as a hash:
 * whoever sends it to the bot within the time links their chat to this account.
 */
export async function createTelegramLinkCode(ctx: AppContext, actor: Actor): Promise<TelegramLinkCode> {
  const bot = await activeBotConfig(ctx);
  if (!bot?.botUsername) throw new AppError('TELEGRAM_NOT_CONFIGURED');
  const code = randomBytes(12).toString('base64url');
  const expiresAt = new Date(Date.now() + TELEGRAM_LINK_CODE_MINUTES * 60_000);
  await ctx.db.transaction((tx) => telegramRepository.replaceCode(tx, actor.id, hashCode(code), expiresAt));
  return {
    code,
    command: `/start ${code}`,
    deep_link: `https://t.me/${bot.botUsername}?start=${code}`,
    expires_at: expiresAt.toISOString(),
  };
}

export async function unlinkTelegram(ctx: AppContext, actor: Actor): Promise<void> {
  if (!(await telegramRepository.unlinkAccount(ctx.db, actor.id))) throw new AppError('TELEGRAM_NOT_LINKED');
  await publishLink(ctx, actor.id, 'delete');
}

/** What became of a code a chat sent: linked, or why not (and whose code it was, when known). */
export type CodeOutcome =
  | { result: 'linked'; accountId: string }
  | { result: 'used' | 'expired'; accountId: string }
  | { result: 'unknown' };

/** The bot's `/start <code>`: the code is claimed and the chat linked in one transaction. */
export async function linkChatWithCode(
  ctx: AppContext,
  chatId: number,
  chatName: string | null,
  code: string,
): Promise<CodeOutcome> {
  const codeHash = hashCode(code);
  const linked = await ctx.db.transaction(async (tx) => {
    const claimed = await telegramRepository.claimCode(tx, codeHash);
    if (claimed) await telegramRepository.link(tx, claimed.accountId, chatId, chatName);
    return claimed;
  });
  if (linked) {
    await publishLink(ctx, linked.accountId, 'insert');
    return { result: 'linked', accountId: linked.accountId };
  }
  const found = await telegramRepository.findCode(ctx.db, codeHash);
  if (!found) return { result: 'unknown' };
  return { result: found.usedAt ? 'used' : 'expired', accountId: found.accountId };
}

/**
 * A password change or reset ends the account's chat as it ends its keys (in the caller's
 * transaction): whoever knew the old password may have linked their own chat, which could go on
 * reading the account and renewing lines with its credits. Unused codes go too. Whether a chat was
 * unlinked, for the caller to publish once committed.
 */
export async function endTelegramLinkOf(tx: Db, accountId: string): Promise<boolean> {
  await telegramRepository.deleteUnusedCodes(tx, accountId);
  return telegramRepository.unlinkAccount(tx, accountId);
}

export async function publishUnlinked(ctx: AppContext, accountId: string): Promise<void> {
  await publishLink(ctx, accountId, 'delete');
}

/** The bot's `/stop`: the chat's account, if it had one. */
export async function unlinkChat(ctx: AppContext, chatId: number): Promise<string | undefined> {
  const accountId = await telegramRepository.unlinkChat(ctx.db, chatId);
  if (accountId) await publishLink(ctx, accountId, 'delete');
  return accountId;
}
