/** Counts events in a sliding window; used to deny (never queue) intents over a rate. */
export class RateWindow {
  private readonly stamps: number[] = [];
  private readonly windowMs: number;

  constructor(windowMs: number) {
    this.windowMs = windowMs;
  }

  count(now: number): number {
    while ((this.stamps[0] ?? Number.POSITIVE_INFINITY) <= now - this.windowMs) this.stamps.shift();
    return this.stamps.length;
  }

  record(now: number): void {
    this.stamps.push(now);
  }
}
