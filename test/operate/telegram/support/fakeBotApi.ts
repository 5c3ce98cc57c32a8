import Fastify from 'fastify';

export interface ApiCall {
  readonly method: string;
  readonly payload: Record<string, unknown>;
  /** When it came, by the test's clock (`now`), if it gave one. */
  readonly at: number;
}

interface Held {
  readonly offset: number;
  readonly answer: (updates: unknown[]) => void;
}

export interface TgUser {
  readonly id: number;
  readonly username?: string;
}

/** How sendMessage answers: normally, 429 with retry_after, or never (the request hangs). */
export type SendMode = 'ok' | '429' | 'hang';

/**
 * A Bot API server on 127.0.0.1 for the tests: getMe, getUpdates (long poll, held until an update
 * comes or 50 ms pass), sendMessage, editMessageText, editMessageReplyMarkup, answerCallbackQuery.
 * It keeps every call, and refuses any other token than the one it was made with.
 */
export async function fakeBotApi(token: string, now: () => number = () => 0) {
  const app = Fastify({ forceCloseConnections: true });
  const calls: ApiCall[] = [];
  /** The sendMessage calls answered ok: what a user's phone shows. */
  const delivered: ApiCall[] = [];
  const updates: { update_id: number }[] = [];
  let held: Held | undefined;
  let nextUpdate = 1;
  let nextMessage = 1000;
  /** `hangEdits`: answerCallbackQuery and the edits never answer either. `strangers`: users who never pressed Start (getChat: not found). */
  const state = {
    sendMode: 'ok' as SendMode,
    sendAttempts: 0,
    hangEdits: false,
    strangers: [] as number[],
    /** getMe answers 502: the Bot API is down. */
    down: false,
  };

  const pending = (offset: number) => updates.filter((u) => u.update_id >= offset);
  const push = (u: Record<string, unknown>): number => {
    const update = { update_id: nextUpdate++, ...u };
    updates.push(update);
    if (held !== undefined) {
      const h = held;
      held = undefined;
      h.answer(pending(h.offset));
    }
    return update.update_id;
  };
  const message = (extra: Record<string, unknown>) => ({ message_id: nextMessage++, ...extra });

  app.post('/*', async (req, reply) => {
    const path = (req.params as { '*': string })['*'];
    const [bot, method = ''] = path.split('/');
    if (bot !== `bot${token}`)
      return reply.code(401).send({ ok: false, error_code: 401, description: 'Unauthorized' });
    const payload = (req.body ?? {}) as Record<string, unknown>;
    const call: ApiCall = { method, payload, at: now() };
    calls.push(call);
    switch (method) {
      case 'getMe':
        if (state.down)
          return reply.code(502).send({ ok: false, error_code: 502, description: 'Bad Gateway' });
        return {
          ok: true,
          result: { id: 42, is_bot: true, first_name: 'perpflow', username: 'perpflow_test_bot' },
        };
      case 'getUpdates': {
        const offset = Number(payload.offset ?? 0);
        for (let i = updates.length - 1; i >= 0; i--)
          if ((updates[i]?.update_id ?? 0) < offset) updates.splice(i, 1);
        const now = pending(offset);
        if (now.length > 0) return { ok: true, result: now };
        const result = await new Promise<unknown[]>((answer) => {
          held = { offset, answer };
          setTimeout(() => {
            if (held?.answer === answer) held = undefined;
            answer([]);
          }, 50);
        });
        return { ok: true, result };
      }
      case 'sendMessage': {
        state.sendAttempts++;
        if (state.sendMode === 'hang') return new Promise(() => {});
        if (state.sendMode === '429')
          return reply.code(429).send({
            ok: false,
            error_code: 429,
            description: 'Too Many Requests: retry after 5',
            parameters: { retry_after: 5 },
          });
        delivered.push(call);
        return {
          ok: true,
          result: message({ chat: { id: payload.chat_id, type: 'private' }, date: 0, text: payload.text }),
        };
      }
      case 'getChat': {
        const id = Number(payload.chat_id);
        if (state.strangers.includes(id))
          return reply
            .code(400)
            .send({ ok: false, error_code: 400, description: 'Bad Request: chat not found' });
        return { ok: true, result: { id, type: 'private', username: `user${id}` } };
      }
      case 'editMessageText':
      case 'editMessageReplyMarkup':
      case 'answerCallbackQuery':
        if (state.hangEdits) return new Promise(() => {});
        return { ok: true, result: true };
      default:
        return reply
          .code(404)
          .send({ ok: false, error_code: 404, description: 'Not Found: method not found' });
    }
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;

  return {
    apiRoot: `http://127.0.0.1:${port}`,
    calls,
    delivered,
    state,
    /** A text message from `from` in their private chat, sent at `dateS` (Telegram's seconds). */
    send(from: TgUser, text: string, dateS: number): number {
      return push({
        message: message({
          from: { is_bot: false, first_name: 'u', ...from },
          chat: { id: from.id, type: 'private' },
          date: dateS,
          text,
        }),
      });
    },
    /** A press of an inline button with `data` on the bot's message. */
    press(from: TgUser, data: string): number {
      return push({
        callback_query: {
          id: `cb${nextUpdate}`,
          from: { is_bot: false, first_name: 'u', ...from },
          chat_instance: 'ci',
          data,
          message: message({ chat: { id: from.id, type: 'private' }, date: 0, text: '?' }),
        },
      });
    },
    /** Every text the bot sent or edited to, in order. */
    texts(): string[] {
      return calls
        .filter((c) => c.method === 'sendMessage' || c.method === 'editMessageText')
        .map((c) => String(c.payload.text));
    },
    /** Whether every pushed update was fetched (the poller asked past it). */
    fetchedAll(): boolean {
      return updates.length === 0;
    },
    close: () => app.close(),
  };
}

export type FakeBotApi = Awaited<ReturnType<typeof fakeBotApi>>;
