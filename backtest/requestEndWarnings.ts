import type { Observable } from 'rxjs';
import type { UnrequestedEnd } from '../src/kernel/requestEnds.ts';

/** Something the summary, the JSON's `warnings` and stderr name about a whole backtest. */
export interface BacktestWarning {
  readonly strategyId: string;
  readonly code: string;
  readonly message: string;
}

/**
 * Requests the venue ended without being asked to (a TP refused as on the wrong side of the mark,
 * an order rejected for its size), grouped by strategy, kind, end and the venue's error code: live logs each one
 * as it happens; a backtest names them once at the end instead of letting them pass in silence.
 */
export function requestEndWarnings(ends$: Observable<UnrequestedEnd>) {
  const groups = new Map<
    string,
    { strategyId: string; kind: string; status: string; reason: string; n: number }
  >();
  const sub = ends$.subscribe((e) => {
    const r = e.record;
    // By the venue's code, not its words: each refusal names its own price; the first is shown.
    const key = `${r.strategyId}\u0000${r.kind}\u0000${e.status}\u0000${r.errorCode ?? e.reason}`;
    const g = groups.get(key);
    if (g !== undefined) g.n++;
    else
      groups.set(key, { strategyId: r.strategyId, kind: r.kind, status: e.status, reason: e.reason, n: 1 });
  });
  return {
    stop: () => sub.unsubscribe(),
    warnings: (): BacktestWarning[] =>
      [...groups.values()].map((g) => ({
        strategyId: g.strategyId,
        code: `REQUEST_${g.status}`,
        message: `strategy ${g.strategyId}: ${g.n} ${g.kind} request${g.n === 1 ? '' : 's'} ${g.status} by the venue (${g.n === 1 ? '' : 'the first: '}${g.reason})${g.kind === 'setTpSl' ? '; those positions traded on without their TP/SL' : ''}`,
      })),
  };
}
