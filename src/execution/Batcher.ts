import type { Clock, TimerHandle } from '../clock/Clock.ts';
import { FewMap } from '../domain/FewMap.ts';

interface Slot<T> {
  readonly items: T[];
  /** The window's timer; 'turn' when the flush waits only for the current run of code to end. */
  timer: TimerHandle | 'turn' | undefined;
}

/**
 * Groups what arrives within `windowMs` per key (operation kind) into one flush, so a burst goes
 * out as one batch call per kind; a full batch flushes at once. A lone item still waits the
 * window (a few ms), which is the price of batching. A window of 0 groups what arrives in one
 * synchronous run (the intents journaled by one group commit) and flushes in a microtask: no
 * timer turn, which in a backtest is a trip through the event loop per request.
 */
export class Batcher<K extends string, T> {
  private readonly pending = new FewMap<K, Slot<T>>();
  private readonly clock: Clock;
  private readonly windowMs: number;
  private readonly maxSize: number;
  private readonly flush: (key: K, items: T[]) => void;

  constructor(clock: Clock, windowMs: number, maxSize: number, flush: (key: K, items: T[]) => void) {
    this.clock = clock;
    this.windowMs = windowMs;
    this.maxSize = maxSize;
    this.flush = flush;
  }

  add(key: K, item: T): void {
    let slot = this.pending.get(key);
    if (slot === undefined) {
      slot = { items: [], timer: undefined };
      this.pending.set(key, slot);
    }
    slot.items.push(item);
    if (slot.items.length >= this.maxSize) {
      this.flushKey(key);
      return;
    }
    if (slot.timer !== undefined) return;
    if (this.windowMs > 0) {
      slot.timer = this.clock.setTimeout(() => this.flushKey(key), this.windowMs);
      return;
    }
    slot.timer = 'turn';
    const mine = slot;
    // Flushed (full), drained or replaced meanwhile: this microtask has nothing of its own to send.
    queueMicrotask(() => {
      if (this.pending.get(key) === mine) this.flushKey(key);
    });
  }

  private cancel(slot: Slot<T>): void {
    if (slot.timer !== undefined && slot.timer !== 'turn') this.clock.clearTimeout(slot.timer);
  }

  flushKey(key: K): void {
    const slot = this.pending.get(key);
    if (slot === undefined || slot.items.length === 0) return;
    this.cancel(slot);
    this.pending.delete(key);
    this.flush(key, slot.items);
  }

  flushAll(): void {
    for (const key of this.pending.keys()) this.flushKey(key);
  }

  /** Drops everything waiting (shutdown or crash); returns what was dropped. */
  drain(): T[] {
    const out: T[] = [];
    for (const slot of this.pending.values()) {
      this.cancel(slot);
      out.push(...slot.items);
    }
    this.pending.clear();
    return out;
  }

  get size(): number {
    // The driver asks after every step of every bar; most of the time nothing waits.
    if (this.pending.size === 0) return 0;
    let n = 0;
    for (const s of this.pending.values()) n += s.items.length;
    return n;
  }
}
