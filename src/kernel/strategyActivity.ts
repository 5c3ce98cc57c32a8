import type { AnyStrategy } from '../strategy/defineStrategy.ts';

/** A strategy that did nothing across a whole run, and why that is worth a look. */
export interface SilentStrategy {
  readonly strategyId: string;
  readonly code: 'NO_HOOK_RAN' | 'NO_INTENT';
  readonly message: string;
}

interface Seen {
  readonly symbol: string;
  bars: number;
  ticks: number;
}

interface Counts {
  readonly strategy: AnyStrategy;
  readonly markets: readonly string[];
  hooks: number;
  intents: number;
}

/**
 * What each strategy did over a backtest or a dry run: how many of its hooks ran (bars, ticks,
 * schedule fires, fills, the Rx stream) and how many intents it emitted. A DCA plan whose
 * schedule never fired, or a strategy whose markets had no data, ends with a flat curve and
 * exit 0; this names it instead of letting it pass in silence.
 */
export class StrategyActivity {
  private readonly byId = new Map<string, Counts>();
  /**
   * Bars and prices per market, added to each strategy's hooks when asked: a bar or a price costs
   * one increment (the last market's counts are kept at hand; a driver pushes a market's in a row).
   */
  private readonly seen = new Map<string, Seen>();
  private hit: Seen | undefined;
  /** Strategy schedule fires so far: a driver on virtual time lets a fired job run before it moves on. */
  schedulesFired = 0;

  add(strategyId: string, strategy: AnyStrategy, markets: readonly string[]): void {
    this.byId.set(strategyId, { strategy, markets, hooks: 0, intents: 0 });
  }

  /** One hook call (or `n` of them) of `strategyId`. */
  hookRan(strategyId: string, n = 1): void {
    const c = this.byId.get(strategyId);
    if (c !== undefined) c.hooks += n;
  }

  /** A scheduler job started; true when it was a strategy's (`strategy:<id>:<name>`, scheduleStrategy's names). */
  jobStarted(job: string): boolean {
    if (!job.startsWith('strategy:')) return false;
    this.schedulesFired++;
    this.hookRan(job.slice('strategy:'.length, job.lastIndexOf(':')));
    return true;
  }

  /** `n` bars of `symbol` reached every strategy that trades it and hears bars (onBar or rx). */
  barsOf(symbol: string, n = 1): void {
    this.seenOf(symbol).bars += n;
  }

  /** `n` prices of `symbol` reached every strategy that trades it and has an onTick hook. */
  ticksOf(symbol: string, n = 1): void {
    this.seenOf(symbol).ticks += n;
  }

  private seenOf(symbol: string): Seen {
    const hit = this.hit;
    if (hit !== undefined && hit.symbol === symbol) return hit;
    let s = this.seen.get(symbol);
    if (s === undefined) {
      s = { symbol, bars: 0, ticks: 0 };
      this.seen.set(symbol, s);
    }
    this.hit = s;
    return s;
  }

  private hooksOf(c: Counts): number {
    const sum = (k: 'bars' | 'ticks') => c.markets.reduce((n, m) => n + (this.seen.get(m)?.[k] ?? 0), 0);
    const s = c.strategy;
    return (
      c.hooks +
      (s.onBar !== undefined || s.rx !== undefined ? sum('bars') : 0) +
      (s.onTick !== undefined ? sum('ticks') : 0)
    );
  }

  intent(strategyId: string): void {
    const c = this.byId.get(strategyId);
    if (c !== undefined) c.intents++;
  }

  /** The strategies that never ran a hook, then those that ran but never emitted an intent. */
  silent(): SilentStrategy[] {
    const out: SilentStrategy[] = [];
    for (const [strategyId, c] of this.byId) {
      const hooks = this.hooksOf(c);
      if (hooks === 0)
        out.push({
          strategyId,
          code: 'NO_HOOK_RAN',
          message: `strategy ${strategyId}: none of its hooks ran (${whatCouldRun(c)}), so it never decided anything`,
        });
      else if (c.intents === 0)
        out.push({
          strategyId,
          code: 'NO_INTENT',
          message: `strategy ${strategyId}: its hooks ran ${hooks} times but it emitted no intent`,
        });
    }
    return out;
  }
}

function whatCouldRun(c: Counts): string {
  const s = c.strategy;
  const parts: string[] = [];
  const markets = c.markets.join(', ');
  if (s.onBar !== undefined || s.rx !== undefined) parts.push(`no bar of ${markets} reached it`);
  if (s.onTick !== undefined) parts.push(`no price of ${markets} reached it`);
  if (s.schedule !== undefined) parts.push('no due time of its schedule was reached');
  return parts.length === 0 ? 'it defines no onBar, onTick, schedule or rx' : parts.join('; ');
}
