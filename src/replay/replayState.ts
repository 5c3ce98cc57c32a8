import type { Kernel } from '../kernel/Kernel.ts';

/** What `replay --until` prints: the replayed bot at that moment. */
export interface ReplayState {
  readonly at: number;
  /** Exposure by `SYMBOL:SIDE`, quantities as text. */
  readonly positions: Readonly<Record<string, string>>;
  /** Requests not yet in a final state. */
  readonly open: readonly {
    readonly id: string;
    readonly kind: string;
    readonly symbol: string;
    readonly status: string;
  }[];
}

export function stateOf(k: Kernel): ReplayState {
  const positions: Record<string, string> = {};
  for (const [key, q] of k.executor.exposure()) positions[key] = q.toString();
  return {
    at: k.executor.clock.now(),
    positions,
    open: k.executor
      .unresolved()
      .map((r) => ({ id: r.clientRequestId, kind: r.order.kind, symbol: r.symbol, status: r.status })),
  };
}
