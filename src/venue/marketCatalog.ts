import type { Clock } from '../clock/Clock.ts';
import type { MarketSymbol } from '../domain/ids.ts';
import type { MarketSpec } from '../domain/market.ts';
import { VenueRejectedError } from '../errors/venueErrors.ts';

/** How long a miss waits before the catalog is fetched again: an unknown symbol must not storm the venue. */
const REFRESH_ON_MISS_AFTER_MS = 30_000;

/**
 * The market catalog of one chain and solver, loaded once and shared by every call that maps a
 * symbol to the venue's numeric marketId. Concurrent first calls share one request.
 */
export class MarketCatalog {
  private readonly load: () => Promise<readonly MarketSpec[]>;
  private readonly clock: Clock;
  private readonly solver: string;
  private loading: Promise<readonly MarketSpec[]> | undefined;
  private bySymbol = new Map<string, MarketSpec>();
  private loadedAt = Number.NEGATIVE_INFINITY;

  constructor(load: () => Promise<readonly MarketSpec[]>, clock: Clock, solver: string) {
    this.load = load;
    this.clock = clock;
    this.solver = solver;
  }

  /** Every market of every solver, fresh from the venue; refreshes the cache. */
  refresh(): Promise<readonly MarketSpec[]> {
    this.loading ??= this.load().then(
      (all) => {
        this.bySymbol = new Map(
          all.filter((m) => m.solver === this.solver).map((m) => [String(m.symbol), m]),
        );
        this.loadedAt = this.clock.now();
        this.loading = undefined;
        return all;
      },
      (error: unknown) => {
        this.loading = undefined;
        throw error;
      },
    );
    return this.loading;
  }

  /** The cached spec, loading the catalog on first use; one refresh on a miss, then UNKNOWN_MARKET. */
  async get(symbol: MarketSymbol): Promise<MarketSpec> {
    const cached = this.bySymbol.get(symbol);
    if (cached !== undefined) return cached;
    if (this.clock.now() - this.loadedAt >= REFRESH_ON_MISS_AFTER_MS || this.loading !== undefined)
      await this.refresh();
    const found = this.bySymbol.get(symbol);
    if (found === undefined)
      throw new VenueRejectedError(`unknown market ${symbol} for solver ${this.solver}`, {
        venueCode: 'UNKNOWN_MARKET',
        details: { symbol },
      });
    return found;
  }

  /** The cached spec when the catalog already holds it; never a request. */
  peek(symbol: MarketSymbol): MarketSpec | undefined {
    return this.bySymbol.get(symbol);
  }
}
