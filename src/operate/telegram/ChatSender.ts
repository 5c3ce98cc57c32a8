import { GrammyError } from 'grammy';
import type { Clock, TimerHandle } from '../../clock/Clock.ts';
import { composeNotices, type Notice } from './composeNotices.ts';

/** One Bot API sendMessage; throws on failure, with `retryAfterMs` when Telegram said 429. */
export type SendMessage = (
  chatId: number,
  text: string,
  silent: boolean,
  signal: AbortSignal,
) => Promise<void>;

export interface SenderOptions {
  readonly clock: Clock;
  readonly send: SendMessage;
  /**
   * Notices gathered into one message: at most one message per chat per window (Telegram allows
   * ~1/s). In a burst the window grows fourfold per message up to `maxWindowMs`, and falls back
   * once a window passed quietly; halts, alerts and unprotected positions always go after `windowMs`.
   */
  readonly windowMs: number;
  readonly maxWindowMs: number;
  readonly timeoutMs: number;
  /** Notices waiting; past it the oldest are dropped. */
  readonly maxPending: number;
  readonly onDropped: (count: number, why: string) => void;
  readonly onSent: () => void;
}

/** Telegram's retry_after (429), in ms, when the error carries one. */
export function retryAfterMs(e: unknown): number | undefined {
  const s = e instanceof GrammyError ? e.parameters.retry_after : undefined;
  return s !== undefined && s > 0 ? s * 1000 : undefined;
}

/**
 * One chat's notifications. `post` only queues; a timer on the bot's clock sends what gathered as
 * one message, one at a time: never more than one request in flight, a 429 waits its retry_after
 * with the notices kept (and still coalescing), a failure or a hang (timeout) drops them, counted.
 */
export class ChatSender {
  private pending: Notice[] = [];
  private timer: TimerHandle | undefined;
  private timerDue = 0;
  private window: number;
  private lastFlushAt = Number.NEGATIVE_INFINITY;
  private inFlight = false;
  private blockedUntil = 0;
  private closed = false;
  /** The send in flight: aborted on close, so a hung request never outlives the bot. */
  private sending: AbortController | undefined;
  private readonly chatId: number;
  private readonly o: SenderOptions;

  constructor(chatId: number, o: SenderOptions) {
    this.chatId = chatId;
    this.o = o;
    this.window = o.windowMs;
  }

  post(n: Notice): void {
    if (this.closed) return;
    this.pending.push(n);
    this.trim();
    const urgent = n.kind === 'halts' || n.kind === 'alerts' || n.kind === 'unprotected';
    const soon = Math.max(this.o.clock.now() + this.o.windowMs, this.blockedUntil);
    if (urgent && this.timer !== undefined && this.timerDue > soon) {
      this.o.clock.clearTimeout(this.timer);
      this.timer = undefined;
      this.window = this.o.windowMs;
    }
    this.schedule();
  }

  close(): void {
    this.closed = true;
    this.sending?.abort(new Error('closed'));
    if (this.timer !== undefined) this.o.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = [];
  }

  private trim(): void {
    const over = this.pending.length - this.o.maxPending;
    if (over > 0) {
      this.pending.splice(0, over);
      this.o.onDropped(over, 'too many waiting');
    }
  }

  private schedule(): void {
    if (this.timer !== undefined || this.inFlight || this.closed || this.pending.length === 0) return;
    const clock = this.o.clock;
    const wait = Math.max(this.window, this.blockedUntil - clock.now());
    this.timerDue = clock.now() + wait;
    this.timer = clock.setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, wait);
  }

  private async flush(): Promise<void> {
    const batch = this.pending.splice(0);
    if (batch.length === 0 || this.closed) return;
    const { clock } = this.o;
    const now = clock.now();
    const burst = now - this.lastFlushAt <= this.window * 2;
    this.window = burst ? Math.min(this.window * 4, this.o.maxWindowMs) : this.o.windowMs;
    this.lastFlushAt = now;
    const abort = new AbortController();
    this.sending = abort;
    const timeout = clock.setTimeout(() => abort.abort(new Error('timed out')), this.o.timeoutMs);
    this.inFlight = true;
    try {
      await this.o.send(
        this.chatId,
        composeNotices(batch),
        batch.every((n) => n.silent),
        abort.signal,
      );
      this.o.onSent();
    } catch (e) {
      const after = retryAfterMs(e);
      if (after !== undefined && !this.closed) {
        this.blockedUntil = clock.now() + after;
        this.pending.unshift(...batch);
        this.trim();
      } else this.o.onDropped(batch.length, abort.signal.aborted ? 'timed out' : 'send failed');
    } finally {
      clock.clearTimeout(timeout);
      this.sending = undefined;
      this.inFlight = false;
      this.schedule();
    }
  }
}
