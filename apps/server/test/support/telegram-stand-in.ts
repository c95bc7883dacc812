import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A call the bot made to the stand-in: the method and its parameters as sent. */
export type BotCall = {
  method: string;
  params: Record<string, unknown>;
  messageId?: number;
  /** Why the stand-in refused the call, as Telegram would have (a message too long). */
  refused?: string;
};

type Update = { update_id: number } & Record<string, unknown>;

export type TelegramStandIn = {
  /** What the panel's Bot API address (`api_root`) is set to. */
  url: string;
  token: string;
  username: string;
  /** Every call the bot made, getMe and getUpdates included, in order. */
  calls: BotCall[];
  /** getUpdates calls that found another one already waiting (Telegram answers those 409). */
  conflicts: number;
  /** A user writes `text` to the bot in their private chat (commands carry their entity). */
  send: (chatId: number, text: string) => number;
  /** A user taps an inline button under the bot's message. */
  tap: (chatId: number, messageId: number, data: string) => string;
  /** What the bot sent (sendMessage) or edited into (editMessageText) a chat, in order; refused calls left out. */
  sentTo: (chatId: number) => BotCall[];
  close: () => Promise<void>;
};

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (!raw) return Object.fromEntries(new URL(req.url ?? '/', 'http://x').searchParams);
  return JSON.parse(raw) as Record<string, unknown>;
}

function answer(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const chatOf = (params: Record<string, unknown>) => Number(params.chat_id);

/**
 * A local Bot API (https://core.telegram.org/bots/api) for the tests, answering the methods the
 * panel's bot uses as Telegram documents them: `POST /bot<token>/<method>` with a JSON body,
 * `{ ok, result }` or `{ ok: false, error_code, description }`. getUpdates long-polls: it answers
 * at once with the updates from `offset` on (confirming, and so forgetting, the ones before it), or
 * waits for the next one up to `timeout` seconds; a second getUpdates while one waits ends the
 * first with 409, as Telegram does when two readers poll one bot.
 */
export async function startTelegramStandIn(username = 'linedesk_test_bot'): Promise<TelegramStandIn> {
  const token = `${7000000000 + Math.floor(Math.random() * 1e9)}:AAF${'x'.repeat(32)}`;
  const calls: BotCall[] = [];
  let updates: Update[] = [];
  let nextUpdateId = 1;
  let nextMessageId = 1000;
  let waiting: { offset: number; res: ServerResponse; timer: NodeJS.Timeout } | null = null;

  const pending = (offset: number) => updates.filter((u) => u.update_id >= offset);
  const wakeWaiting = () => {
    if (!waiting) return;
    const found = pending(waiting.offset);
    if (found.length === 0) return;
    clearTimeout(waiting.timer);
    answer(waiting.res, 200, { ok: true, result: found });
    waiting = null;
  };
  const push = (update: Omit<Update, 'update_id'>) => {
    updates.push({ update_id: nextUpdateId++, ...update });
    wakeWaiting();
  };
  const from = (chatId: number) => ({ id: chatId, is_bot: false, first_name: `User ${chatId}` });
  const message = (chatId: number, text: string, extra: Record<string, unknown> = {}) => ({
    message_id: nextMessageId++,
    date: Math.floor(Date.now() / 1000),
    chat: { id: chatId, type: 'private', first_name: `User ${chatId}` },
    text,
    ...extra,
  });

  const server = createServer((req, res) => {
    void (async () => {
      const match = /^\/bot([^/]+)\/(\w+)/.exec(req.url ?? '');
      const params = await readJson(req);
      if (!match) return answer(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
      const [, givenToken, method] = match as unknown as [string, string, string];
      if (givenToken !== standIn.token) {
        return answer(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
      }
      const call: BotCall = { method, params };
      calls.push(call);
      switch (method) {
        case 'getMe':
          return answer(res, 200, {
            ok: true,
            result: {
              id: Number(standIn.token.split(':')[0]),
              is_bot: true,
              first_name: 'Linedesk',
              username: standIn.username,
              can_join_groups: false,
              can_read_all_group_messages: false,
              supports_inline_queries: false,
            },
          });
        case 'getUpdates': {
          const offset = Number(params.offset ?? 0);
          updates = updates.filter((u) => u.update_id >= offset);
          if (waiting) {
            standIn.conflicts += 1;
            clearTimeout(waiting.timer);
            answer(waiting.res, 409, {
              ok: false,
              error_code: 409,
              description: 'Conflict: terminated by other getUpdates request',
            });
            waiting = null;
          }
          const found = pending(offset);
          const timeout = Number(params.timeout ?? 0);
          if (found.length > 0 || timeout <= 0) return answer(res, 200, { ok: true, result: found });
          const timer = setTimeout(() => {
            if (waiting?.res === res) waiting = null;
            answer(res, 200, { ok: true, result: [] });
          }, timeout * 1000);
          waiting = { offset, res, timer };
          // A reader that hangs up (the panel stopping) no longer waits.
          res.on('close', () => {
            if (waiting?.res === res) {
              clearTimeout(timer);
              waiting = null;
            }
          });
          return;
        }
        case 'sendMessage': {
          // Telegram's limit: "Text of the message to be sent, 1-4096 characters after entities parsing".
          const length = [...String(params.text ?? '')].length;
          if (length < 1 || length > 4096) {
            call.refused =
              length < 1 ? 'Bad Request: message text is empty' : 'Bad Request: message is too long';
            return answer(res, 400, { ok: false, error_code: 400, description: call.refused });
          }
          const sent = message(chatOf(params), String(params.text));
          call.messageId = sent.message_id;
          return answer(res, 200, { ok: true, result: sent });
        }
        case 'editMessageText':
          return answer(res, 200, {
            ok: true,
            result: message(chatOf(params), String(params.text), { message_id: Number(params.message_id) }),
          });
        case 'answerCallbackQuery':
          return answer(res, 200, { ok: true, result: true });
        default:
          return answer(res, 404, { ok: false, error_code: 404, description: 'Not Found: method not found' });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const sentTo = (chatId: number) =>
    calls.filter(
      (c) =>
        (c.method === 'sendMessage' || c.method === 'editMessageText') &&
        chatOf(c.params) === chatId &&
        c.refused === undefined,
    );
  const standIn: TelegramStandIn = {
    url: `http://127.0.0.1:${port}`,
    token,
    username,
    calls,
    conflicts: 0,
    send: (chatId, text) => {
      const command = /^\/\w+/.exec(text)?.[0];
      const sent = message(chatId, text, {
        from: from(chatId),
        ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command.length }] } : {}),
      });
      push({ message: sent });
      return sent.message_id;
    },
    tap: (chatId, messageId, data) => {
      const id = `cb${nextUpdateId}`;
      push({
        callback_query: {
          id,
          from: from(chatId),
          message: message(chatId, 'confirm?', { message_id: messageId }),
          chat_instance: String(chatId),
          data,
        },
      });
      return id;
    },
    sentTo,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  return standIn;
}
