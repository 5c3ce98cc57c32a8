import type { Clock } from '../../clock/Clock.ts';
import type { Notification, WebhookFormat } from './Notification.ts';
import { formatOf, webhookPayload } from './webhookPayload.ts';

export interface WebhookTarget {
  readonly url: string;
  readonly format?: WebhookFormat;
}

export interface WebhookOptions {
  readonly targets: readonly WebhookTarget[];
  readonly clock: Clock;
  /** Notifications waiting per target (besides the one being sent); past it the oldest are dropped. Default 200. */
  readonly maxQueue?: number;
  /** Tries per notification, the first included. Default 5. */
  readonly attempts?: number;
  /** First retry delay; doubled per retry up to `maxDelayMs`. Defaults 1 s and 60 s. */
  readonly firstDelayMs?: number;
  readonly maxDelayMs?: number;
  readonly timeoutMs?: number;
  /** How a send ended: for the log and metrics. `target` names the host only, never the URL's token. */
  readonly onResult?: (r: WebhookResult) => void;
  readonly fetch?: typeof fetch;
}

export type WebhookResult =
  | { readonly outcome: 'sent'; readonly target: string; readonly attempt: number }
  | { readonly outcome: 'retrying'; readonly target: string; readonly attempt: number; readonly why: string }
  | { readonly outcome: 'gaveUp'; readonly target: string; readonly attempt: number; readonly why: string }
  | { readonly outcome: 'dropped'; readonly target: string; readonly count: number };

/**
 * Posts notifications to chat webhooks without ever holding up trading: `notify` only queues
 * (bounded, oldest dropped first), and one sender per target works through its queue in the
 * background, retrying network failures, 5xx and 429 (honouring Retry-After) with backoff on the
 * bot's clock. A webhook URL is a secret (Slack's carries a token): only its host is ever named.
 */
export class WebhookNotifier {
  private readonly senders: Sender[];

  constructor(o: WebhookOptions) {
    this.senders = o.targets.map((t) => new Sender(t, o));
  }

  notify(n: Notification): void {
    for (const s of this.senders) s.enqueue(n);
  }

  /** Resolves once every queue is empty (a test's or a shutdown's wait; bounded by the caller). */
  async drained(): Promise<void> {
    await Promise.all(this.senders.map((s) => s.drained()));
  }

  close(): void {
    for (const s of this.senders) s.close();
  }
}

class Sender {
  private readonly queue: Notification[] = [];
  private readonly url: URL;
  private readonly format: WebhookFormat;
  private readonly host: string;
  private running: Promise<void> | undefined;
  private closed = false;
  private readonly abort = new AbortController();
  private readonly o: WebhookOptions;

  constructor(target: WebhookTarget, o: WebhookOptions) {
    this.o = o;
    this.url = new URL(target.url);
    this.format = target.format ?? formatOf(this.url);
    this.host = this.url.host;
  }

  enqueue(n: Notification): void {
    if (this.closed) return;
    this.queue.push(n);
    const max = this.o.maxQueue ?? 200;
    if (this.queue.length > max) {
      const dropped = this.queue.splice(0, this.queue.length - max).length;
      this.o.onResult?.({ outcome: 'dropped', target: this.host, count: dropped });
    }
    this.running ??= this.run().finally(() => {
      this.running = undefined;
    });
  }

  drained(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  close(): void {
    this.closed = true;
    this.queue.length = 0;
    this.abort.abort(new Error('notifier closed'));
  }

  private async run(): Promise<void> {
    // The one being delivered leaves the queue first, so dropping the oldest never drops it.
    for (let n = this.queue.shift(); n !== undefined && !this.closed; n = this.queue.shift())
      await this.deliver(n);
  }

  private async deliver(n: Notification): Promise<void> {
    const attempts = this.o.attempts ?? 5;
    let delay = this.o.firstDelayMs ?? 1_000;
    for (let attempt = 1; attempt <= attempts && !this.closed; attempt++) {
      const answer = await this.post(n);
      if (answer.ok) {
        this.o.onResult?.({ outcome: 'sent', target: this.host, attempt });
        return;
      }
      if (!answer.retry || attempt === attempts) {
        this.o.onResult?.({ outcome: 'gaveUp', target: this.host, attempt, why: answer.why });
        return;
      }
      this.o.onResult?.({ outcome: 'retrying', target: this.host, attempt, why: answer.why });
      try {
        await this.o.clock.sleep(answer.retryAfterMs ?? delay, this.abort.signal);
      } catch {
        return; // closed while waiting
      }
      delay = Math.min(delay * 2, this.o.maxDelayMs ?? 60_000);
    }
  }

  private async post(
    n: Notification,
  ): Promise<{ ok: true } | { ok: false; retry: boolean; why: string; retryAfterMs?: number }> {
    let res: Response;
    try {
      res = await (this.o.fetch ?? fetch)(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(webhookPayload(this.format, n)),
        signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(this.o.timeoutMs ?? 10_000)]),
      });
    } catch (e) {
      return { ok: false, retry: true, why: `unreachable (${(e as Error).name})` };
    }
    await res.body?.cancel();
    if (res.ok) return { ok: true };
    const retryAfter = Number(res.headers.get('retry-after'));
    const retry = res.status === 429 || res.status >= 500;
    return {
      ok: false,
      retry,
      why: `HTTP ${res.status}`,
      ...(res.status === 429 && retryAfter > 0 ? { retryAfterMs: retryAfter * 1000 } : {}),
    };
  }
}
