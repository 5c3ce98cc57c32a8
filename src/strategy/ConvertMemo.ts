import type { IntentId, StrategyId } from '../domain/ids.ts';
import { deriveIntentId } from '../domain/intentId.ts';
import { type Decimal, dec } from '../domain/money.ts';

/**
 * What one runner's intent conversions repeat, made once: the last two leg-0 ids (a strategy
 * that names its open with ctx.intentId and returns it beside a close hashes each signal once),
 * and the Decimals of the few quantities and fractions a strategy uses (immutable, so shared).
 */
export class ConvertMemo {
  private readonly sid: StrategyId;
  private readonly ids: [string, IntentId | undefined, string, IntentId | undefined] = [
    '',
    undefined,
    '',
    undefined,
  ];
  private next = 0;
  private readonly decimals = new Map<number, Decimal>();

  constructor(strategyId: StrategyId) {
    this.sid = strategyId;
  }

  readonly idOf = (signal: string, leg: number): IntentId => {
    const c = this.ids;
    if (leg === 0) {
      if (signal === c[0] && c[1] !== undefined) return c[1];
      if (signal === c[2] && c[3] !== undefined) return c[3];
    }
    const id = deriveIntentId(this.sid, signal, leg);
    if (leg === 0) {
      c[this.next] = signal;
      c[this.next + 1] = id;
      this.next = 2 - this.next;
    }
    return id;
  };

  readonly dec = (value: number): Decimal => {
    let d = this.decimals.get(value);
    if (d === undefined) {
      if (this.decimals.size >= 256) this.decimals.clear();
      d = dec(value);
      this.decimals.set(value, d);
    }
    return d;
  };
}
