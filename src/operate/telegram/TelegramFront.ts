import { type Bot, type Context, InlineKeyboard } from 'grammy';
import type { TelegramConfig } from '../../config/sections/telegram.ts';
import type { Kernel } from '../../kernel/Kernel.ts';
import type { Logger } from '../../log/Logger.ts';
import type { Actor, Role } from '../api/contract.ts';
import type { BotIdentity } from '../api/views.ts';
import { Confirmations } from './confirmations.ts';
import { outcomeText } from './outcomeText.ts';
import { describeDraft, parseCommand, type ReadCommand } from './parseCommand.ts';
import {
  balanceReply,
  dailyReply,
  helpReply,
  positionsReply,
  profitReply,
  statusReply,
  strategiesReply,
} from './replies.ts';

export interface FrontOptions {
  readonly kernel: Kernel;
  readonly identity: BotIdentity;
  readonly config: Pick<TelegramConfig, 'users' | 'maxCommandAgeS'>;
  readonly log: Logger;
  readonly onIgnored?: () => void;
}

/**
 * What the bot answers: commands from allow-listed users (by Telegram user id, in a private
 * chat), each acting one after a confirmation button, done through the kernel's operator actions.
 * Anyone else is ignored (counted, logged once per user). A command sent before this front
 * started, or older than `maxCommandAgeS`, is refused with a reply that says so: never done late.
 */
export class TelegramFront {
  /** Updates from users not on the allow-list (or from group chats): ignored. */
  ignored = 0;
  private readonly loggedIgnored = new Set<number>();
  private readonly confirmations: Confirmations;
  private readonly startedS: number;
  private readonly o: FrontOptions;

  constructor(o: FrontOptions) {
    this.o = o;
    const clock = o.kernel.executor.clock;
    this.startedS = Math.floor(clock.now() / 1000);
    this.confirmations = new Confirmations(clock, o.config.maxCommandAgeS * 1000);
  }

  install(bot: Bot): void {
    bot.use(async (ctx, next) => {
      if (this.roleOf(ctx) !== undefined) await next();
      else this.ignore(ctx);
    });
    bot.on('message:text', (ctx) => this.onText(ctx, ctx.message.text, ctx.message.date));
    bot.on('callback_query:data', (ctx) => this.onButton(ctx, ctx.callbackQuery.data));
  }

  private roleOf(ctx: Context): Role | undefined {
    const id = ctx.from?.id;
    if (id === undefined || ctx.chat?.type !== 'private') return undefined;
    return this.o.config.users.find((u) => u.id === id)?.role;
  }

  private ignore(ctx: Context): void {
    this.ignored++;
    this.o.onIgnored?.();
    const id = ctx.from?.id ?? 0;
    if (this.loggedIgnored.has(id)) return;
    this.loggedIgnored.add(id);
    this.o.log.warn(`telegram: ignored an update from user ${id} (not allowed here); logged once per user`);
  }

  private actor(ctx: Context): Actor {
    const u = ctx.from;
    const name = `tg:${u?.id ?? 0}${u?.username === undefined ? '' : ` @${u.username}`}`;
    return { via: 'telegram', name, from: `chat ${ctx.chat?.id ?? 0}` };
  }

  /**
   * Why a message sent at `dateS` (Telegram's whole seconds) must not be carried out now, if it
   * must not. One sent in the second the bot started may have been sent before it: refused too.
   */
  private staleness(dateS: number): string | undefined {
    if (dateS <= this.startedS)
      return 'Not done: this was sent while the bot was down. Send it again if you still mean it.';
    const ageS = Math.floor(this.o.kernel.executor.clock.now() / 1000) - dateS;
    const max = this.o.config.maxCommandAgeS;
    if (ageS > max) return `Not done: this command is ${ageS} s old (the limit is ${max} s). Send it again.`;
    return undefined;
  }

  private async onText(ctx: Context, text: string, dateS: number): Promise<void> {
    const cmd = parseCommand(text);
    if (cmd === undefined) return;
    const stale = this.staleness(dateS);
    if (stale !== undefined) {
      await ctx.reply(stale);
      return;
    }
    const role = this.roleOf(ctx) ?? 'viewer';
    if (cmd.type === 'read') await ctx.reply(this.read(cmd.name, role));
    else if (cmd.type === 'usage') await ctx.reply(cmd.text);
    else if (cmd.type === 'unknown') await ctx.reply(`Unknown command /${cmd.name}. /help lists them.`);
    else if (role !== 'operator') await ctx.reply('⛔ Refused: your role is viewer (reads only).');
    else {
      const action = this.confirmations.offer(cmd.draft, ctx.from?.id ?? 0);
      const keys = new InlineKeyboard()
        .text('✅ Confirm', `y:${action.actionId}`)
        .text('✖ Cancel', `n:${action.actionId}`);
      await ctx.reply(describeDraft(cmd.draft), { reply_markup: keys });
    }
  }

  private read(name: ReadCommand, role: Role): string {
    const k = this.o.kernel;
    switch (name) {
      case 'status':
        return statusReply(k, this.o.identity);
      case 'positions':
        return positionsReply(k);
      case 'profit':
        return profitReply(k);
      case 'daily':
        return dailyReply(k);
      case 'balance':
        return balanceReply(k);
      case 'strategies':
        return strategiesReply(k);
      case 'help':
      case 'start':
        return helpReply(role);
    }
  }

  /** Each path ends with answerCallbackQuery, after the message is edited: the press is then complete. */
  private async onButton(ctx: Context, data: string): Promise<void> {
    const [answer, actionId = ''] = data.split(':', 2);
    if (this.roleOf(ctx) !== 'operator') {
      await ctx.answerCallbackQuery({ text: 'Refused: your role is viewer.' });
      return;
    }
    const taken = this.confirmations.take(actionId, ctx.from?.id ?? 0);
    if (!taken.ok) {
      await ctx.editMessageReplyMarkup().catch(() => undefined);
      await ctx.answerCallbackQuery({ text: taken.why });
      return;
    }
    if (answer !== 'y') {
      await ctx.editMessageText('Cancelled: nothing was done.');
      await ctx.answerCallbackQuery({ text: 'Cancelled.' });
      return;
    }
    // Acted on before anything is sent back: a slow Bot API must not make the action late.
    const outcome = await this.o.kernel.operator.act(taken.action, this.actor(ctx));
    await ctx.editMessageText(`${describeDraft(taken.action)}\n${outcomeText(outcome)}`);
    await ctx.answerCallbackQuery({ text: outcome.status === 'refused' ? 'Refused.' : 'Done.' });
  }
}
