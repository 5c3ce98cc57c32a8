import { Bot } from 'grammy';
import type { TelegramConfig } from '../../config/sections/telegram.ts';
import { ConfigError } from '../../errors/ConfigError.ts';
import { describeError } from '../../log/redact.ts';

export interface TelegramCheck {
  readonly ok: boolean;
  readonly lines: readonly string[];
}

/**
 * `perpflow telegram check`: the token (getMe at apiRoot) and each allowed user (getChat: Telegram
 * answers only for a user who has opened the bot and pressed Start, so a notification can reach
 * them). Not ok when the token is refused, the allow-list is empty, or a user cannot be reached.
 */
export async function checkTelegram(c: TelegramConfig, file: string): Promise<TelegramCheck> {
  if (c.botToken === null)
    throw new ConfigError(`${file}: telegram.botToken is not set (see "Telegram" in the README)`);
  const host = new URL(c.apiRoot).host;
  const bot = new Bot(c.botToken, { client: { apiRoot: c.apiRoot, timeoutSeconds: 15 } });
  let me: Awaited<ReturnType<Bot['api']['getMe']>>;
  try {
    me = await bot.api.getMe();
  } catch (e) {
    return { ok: false, lines: [`token: refused or unanswered by ${host} (${describeError(e)})`] };
  }
  const lines = [`token: ok, @${me.username} (bot id ${me.id}) at ${host}`];
  let ok = true;
  if (c.users.length === 0) {
    ok = false;
    lines.push('users: none allowed; add telegram.users (Telegram user ids, see "Telegram" in the README)');
  }
  for (const u of c.users) {
    const who = `user ${u.id} (${u.role}${u.name === undefined ? '' : `, ${u.name}`})`;
    try {
      const chat = await bot.api.getChat(u.id);
      const handle = 'username' in chat && chat.username !== undefined ? ` @${chat.username}` : '';
      lines.push(`${who}: ok${handle}`);
    } catch {
      ok = false;
      lines.push(`${who}: not reachable; they must open @${me.username} in Telegram and press Start`);
    }
  }
  return { ok, lines };
}
