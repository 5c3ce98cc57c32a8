import type { IntentId } from '../domain/ids.ts';
import type { StrategyIntentIds } from '../domain/intentId.ts';
import { type Decimal, dec } from '../domain/money.ts';

/** Decimals remembered before the Map: a strategy uses two or three values (quantity, slippage). */
const RECENT = 4;

/**
 * What one runner's intent conversions repeat, made once: the id of the signal last named by
 * ctx.intentId (a strategy names its open so a later close can refer to it, then returns that
 * open: its id is hashed once), and the Decimals of the few quantities and fractions a strategy
 * uses (immutable, so shared). Only the named signal is remembered, and only opens ask for it
 * (toDomainIntents): the open carries the very string it was named by, which compares at once,
 * where two distinct strings of one length built by concatenation are flattened and compared
 * character by character (≈ 150 ns, measured: the old two-slot memo paid that on most crosses).
 */
export class ConvertMemo {
  /** The strategy's ids, in its journal's scheme. */
  readonly ids: StrategyIntentIds;
  private named = '';
  private namedId: IntentId | undefined;
  private readonly values = new Float64Array(RECENT).fill(Number.NaN);
  private readonly decimals: (Decimal | undefined)[] = new Array(RECENT).fill(undefined);
  private next = 0;
  private readonly more = new Map<number, Decimal>();

  constructor(ids: StrategyIntentIds) {
    this.ids = ids;
  }

  /**
   * ctx.intentId: the leg-0 id of `signal`, remembered for the intent that carries it. Derived
   * without asking the memo: a strategy names a signal once, and the name before is often of the
   * same length (sma-cross in long mode: a long after a long), which compares the two in full.
   */
  readonly name = (signal: string): IntentId => {
    const id = this.ids(signal, 0);
    this.named = signal;
    this.namedId = id;
    return id;
  };

  readonly idOf = (signal: string, leg: number): IntentId => {
    const id = this.namedId;
    if (leg === 0 && id !== undefined && signal === this.named) return id;
    return this.ids(signal, leg);
  };

  readonly dec = (value: number): Decimal => {
    const values = this.values;
    for (let i = 0; i < RECENT; i++)
      if (values[i] === value) {
        const d = this.decimals[i];
        if (d !== undefined) return d;
      }
    let d = this.more.get(value);
    if (d === undefined) {
      if (this.more.size >= 256) this.more.clear();
      d = dec(value);
      this.more.set(value, d);
    }
    const k = this.next;
    values[k] = value;
    this.decimals[k] = d;
    this.next = (k + 1) % RECENT;
    return d;
  };
}
