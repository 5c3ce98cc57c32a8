import type { IntentId } from '../../domain/ids.ts';
import { type Decimal, ZERO } from '../../domain/money.ts';
import type { DriftJournal } from './driftJournal.ts';
import { type DriftWindow, type IntentFill, intentFills } from './intentFills.ts';
import { netPnl } from './netPnl.ts';

/** How one strategy's live fills drifted from its shadow's, the simulator's model of the same intents. */
export interface StrategyDrift {
  readonly strategyId: string;
  /** Its intents decided before this clock time are not compared: its shadow began then. */
  readonly since: number;
  /** Intents both filled. */
  readonly matched: number;
  /** Intents the shadow filled and live did not (refused, failed, never sent). */
  readonly liveMissed: readonly IntentId[];
  /** Intents live filled and the shadow did not. */
  readonly shadowMissed: readonly IntentId[];
  /**
   * Live's mean fill price against the shadow's, per matched intent, in basis points of the
   * shadow's price, signed so that + is worse for live (paid more buying, got less selling).
   * Two decimals; null with nothing matched.
   */
  readonly priceBps: { readonly mean: string; readonly worst: string } | null;
  /** Mean time from the intent's request to its last fill, over matched intents, ms. */
  readonly latencyMs: { readonly live: number; readonly shadow: number } | null;
  /** Realised PnL less fees (netPnl.ts), exact, and live minus shadow. */
  readonly pnl: { readonly live: string; readonly shadow: string; readonly difference: string };
}

export interface DriftReport {
  /** Intents decided before this clock time are not compared: the shadow was not running yet. */
  readonly since: number;
  /** Nor those decided from this time on (null: no end): past the bars a backtest had. */
  readonly until: number | null;
  readonly strategies: readonly StrategyDrift[];
}

/** (live − shadow) / shadow in bps, + when live did worse. */
function adverseBps(live: IntentFill, shadow: IntentFill): Decimal {
  const bps = live.price.minus(shadow.price).dividedBy(shadow.price).times(10_000);
  return live.buying ? bps : bps.negated();
}

function strategyDrift(
  live: DriftJournal,
  shadow: DriftJournal,
  id: string,
  window: DriftWindow,
): StrategyDrift {
  const l = intentFills(live, id, window);
  const s = intentFills(shadow, id, window);
  const pairs = [...l.values()].flatMap((a) => {
    const b = s.get(a.intentId);
    return b === undefined ? [] : [[a, b] as const];
  });
  const bps = pairs.map(([a, b]) => adverseBps(a, b));
  const n = pairs.length;
  const mean = (xs: readonly number[]): number => xs.reduce((a, x) => a + x, 0) / n;
  const livePnl = netPnl(live, id, window);
  const shadowPnl = netPnl(shadow, id, window);
  return {
    strategyId: id,
    since: window.since,
    matched: n,
    liveMissed: [...s.keys()].filter((k) => !l.has(k)),
    shadowMissed: [...l.keys()].filter((k) => !s.has(k)),
    priceBps:
      n === 0
        ? null
        : {
            mean: bps
              .reduce((a, x) => a.plus(x), ZERO)
              .dividedBy(n)
              .toFixed(2),
            worst: bps.reduce((a, x) => (x.greaterThan(a) ? x : a)).toFixed(2),
          },
    latencyMs:
      n === 0
        ? null
        : {
            live: mean(pairs.map(([a]) => a.filledAt - a.createdAt)),
            shadow: mean(pairs.map(([, b]) => b.filledAt - b.createdAt)),
          },
    pnl: {
      live: livePnl.toString(),
      shadow: shadowPnl.toString(),
      difference: livePnl.minus(shadowPnl).toString(),
    },
  };
}

/**
 * The drift report: for each shadowed strategy, live's journal against its shadow's (or against a
 * backtest of the bars live saw, backtestDrift.ts), paired by
 * intent id (the same signal makes the same id on both sides). A pure function of the two
 * journals, so anyone holding them can check its numbers.
 */
export function driftReport(
  live: DriftJournal,
  shadow: DriftJournal,
  o: {
    readonly strategies: readonly string[];
    readonly since: number;
    /** A strategy's own since, when its shadow began later than the report's (added at a restart). */
    readonly sinceOf?: (strategyId: string) => number;
    readonly until?: number;
  },
): DriftReport {
  const until = o.until ?? Number.POSITIVE_INFINITY;
  const windowOf = (id: string) => ({ since: Math.max(o.since, o.sinceOf?.(id) ?? o.since), until });
  return {
    since: o.since,
    until: o.until ?? null,
    strategies: o.strategies.map((id) => strategyDrift(live, shadow, id, windowOf(id))),
  };
}
