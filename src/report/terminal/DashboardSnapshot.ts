/** What the live terminal view shows, gathered by the kernel once per redraw. Numbers are display values. */
export interface DashboardSnapshot {
  readonly mode: 'live' | 'dry-run' | 'sim';
  /** The venue's host (never a URL with credentials). */
  readonly venue: string;
  readonly now: number;
  readonly startedAt: number;
  readonly risk: {
    readonly state: 'active' | 'reducing' | 'halted';
    readonly reason?: string;
    readonly haltedCapabilities: readonly string[];
  };
  readonly pnl: {
    readonly realised: number;
    readonly unrealised: number;
    readonly fees: number;
    readonly funding: number;
  };
  readonly positions: readonly {
    readonly strategy: string;
    readonly market: string;
    readonly side: 'LONG' | 'SHORT';
    readonly quantity: number;
    readonly entryPrice: number;
    readonly mark: number | null;
    readonly unrealised: number | null;
  }[];
  /**
   * Open positions whose protective TP/SL the venue refused (the bot's RequestEnds, the list
   * `perpflow status` reads too): they trade on without it until a later TP/SL is accepted.
   */
  readonly unprotected: readonly {
    readonly strategy: string;
    readonly market: string;
    readonly side: 'LONG' | 'SHORT';
    readonly quantity: number;
    /** The refusal as the venue gave it: code and message. */
    readonly reason: string;
  }[];
  readonly openRequests: readonly {
    readonly id: string;
    readonly strategy: string;
    readonly kind: string;
    readonly market: string;
    readonly status: string;
    readonly ageMs: number;
  }[];
  readonly prices: readonly {
    readonly market: string;
    readonly price: number;
    readonly ageMs: number;
    readonly stale: boolean;
  }[];
  readonly strategies: readonly {
    readonly id: string;
    readonly state: 'warming' | 'running' | 'paused';
    readonly intents: number;
    readonly failures: number;
  }[];
  readonly events: readonly {
    readonly at: number;
    readonly level: 'info' | 'warning' | 'critical';
    readonly text: string;
  }[];
}
