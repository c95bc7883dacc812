import { Bot, InlineKeyboard, type Context } from 'grammy';
import type { AppContext } from '../../app-context.js';
import { DEFAULT_SERVER_LANGUAGE, translate } from '../../i18n/server-texts.js';
import { perContext } from '../../platform/per-context.js';
import {
  balanceAnswer,
  chatAccount,
  expiringAnswer,
  helpAnswer,
  languageOfAccount,
  lineAnswer,
  renewAskAnswer,
  renewConfirmAnswer,
  type BotAnswer,
  type ChatAccount,
} from './telegram-commands.service.js';
import { telegramClient } from './telegram-client.js';
import { linkChatWithCode, unlinkChat } from './telegram-link.service.js';
import { activeBotConfig, type TelegramBotConfig } from './telegram-settings.service.js';

const configKey = (config: TelegramBotConfig) => `${config.apiRoot}\n${config.token}`;

/** One bot per token and Bot API address, kept while they stay the same. */
const bots = perContext(() => new Map<string, Bot>());

async function reply(chat: Context, answer: BotAnswer): Promise<void> {
  const keyboard = answer.confirm && new InlineKeyboard().text(answer.confirm.label, answer.confirm.data);
  await chat.reply(answer.text, keyboard ? { reply_markup: keyboard } : {});
}

const argsOf = (chat: Context) =>
  (typeof chat.match === 'string' ? chat.match : '').split(/\s+/).filter(Boolean);

/** Commands that act for the chat's account: answered "link first" in a chat without one. */
function forLinked(
  ctx: AppContext,
  answer: (who: ChatAccount, args: string[]) => Promise<BotAnswer>,
): (chat: Context) => Promise<void> {
  return async (chat) => {
    const who = chat.chat && (await chatAccount(ctx, chat.chat.id));
    if (!who) return reply(chat, { text: translate(DEFAULT_SERVER_LANGUAGE, 'telegram.linkFirst') });
    await reply(chat, await answer(who, argsOf(chat)));
  };
}

/** How the owner will recognise the chat on the panel: its @username, else its name. */
function chatName(chat: { username?: string; first_name?: string; last_name?: string }): string | null {
  if (chat.username) return `@${chat.username}`;
  const name = [chat.first_name, chat.last_name].filter(Boolean).join(' ').trim();
  return name ? name.slice(0, 200) : null;
}

function buildBot(ctx: AppContext, config: TelegramBotConfig): Bot {
  const bot = new Bot(config.token, { client: telegramClient(config.apiRoot) });
  // Only private chats: a command in a group would act for whoever linked the group's chat.
  const direct = bot.chatType('private');

  direct.command('start', async (chat) => {
    const code = argsOf(chat)[0];
    if (!code) {
      const who = await chatAccount(ctx, chat.chat.id);
      if (!who) return reply(chat, { text: translate(DEFAULT_SERVER_LANGUAGE, 'telegram.linkFirst') });
      return reply(chat, helpAnswer(who.language));
    }
    const outcome = await linkChatWithCode(ctx, chat.chat.id, chatName(chat.chat), code);
    if (outcome.result === 'unknown') {
      return reply(chat, { text: translate(DEFAULT_SERVER_LANGUAGE, 'telegram.codeUnknown') });
    }
    const language = await languageOfAccount(ctx, outcome.accountId);
    if (outcome.result === 'linked') {
      const who = await chatAccount(ctx, chat.chat.id);
      const linked = translate(language, 'telegram.linked', { email: who?.email ?? '' });
      return reply(chat, { text: `${linked}\n\n${helpAnswer(language).text}` });
    }
    const key = outcome.result === 'used' ? 'telegram.codeUsed' : 'telegram.codeExpired';
    return reply(chat, { text: translate(language, key) });
  });

  direct.command('stop', async (chat) => {
    const accountId = await unlinkChat(ctx, chat.chat.id);
    if (!accountId) return reply(chat, { text: translate(DEFAULT_SERVER_LANGUAGE, 'telegram.linkFirst') });
    return reply(chat, { text: translate(await languageOfAccount(ctx, accountId), 'telegram.unlinked') });
  });

  direct.command(
    'help',
    forLinked(ctx, async (who) => helpAnswer(who.language)),
  );
  direct.command(
    'balance',
    forLinked(ctx, (who) => balanceAnswer(ctx, who)),
  );
  direct.command(
    'expiring',
    forLinked(ctx, (who) => expiringAnswer(ctx, who)),
  );
  direct.command(
    'line',
    forLinked(ctx, (who, args) => lineAnswer(ctx, who, args)),
  );
  direct.command(
    'renew',
    forLinked(ctx, (who, args) => renewAskAnswer(ctx, who, args)),
  );

  // Anything else written to the bot: what it understands, or how to link first.
  direct.on(
    'message:text',
    forLinked(ctx, async (who) => helpAnswer(who.language)),
  );

  direct.on('callback_query:data', async (chat) => {
    const who = await chatAccount(ctx, chat.chat.id);
    if (!who) {
      await chat.answerCallbackQuery({ text: translate(DEFAULT_SERVER_LANGUAGE, 'telegram.linkFirst') });
      return;
    }
    try {
      const answer = await renewConfirmAnswer(ctx, who, chat.callbackQuery.data);
      // A repeated tap changes nothing: the message already says what the first one did.
      if (!answer.replayed) await chat.editMessageText(answer.text);
    } finally {
      // Always, so the button stops spinning in the user's app.
      await chat.answerCallbackQuery();
    }
  });
  return bot;
}

/** The bot for the current settings, asked who it is once; null while it is off or has no token. */
export async function telegramBot(ctx: AppContext): Promise<Bot | null> {
  const config = await activeBotConfig(ctx);
  if (!config) return null;
  const cache = bots(ctx);
  const key = configKey(config);
  let bot = cache.get(key);
  if (!bot) {
    cache.clear();
    bot = buildBot(ctx, config);
    cache.set(key, bot);
  }
  if (!bot.isInited()) await bot.init();
  return bot;
}
